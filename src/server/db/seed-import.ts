/**
 * Demo data of the bulk credit import (issue 17): past imports of laura's two companies in the
 * statuses of 002 §4.2, so office-import-anagrafiche-crediti looks real. Each has a real input file
 * and (once validated) a real output file, written to the uploads folder at start in demo mode
 * (`writeSeedImportFiles`, called by the imports plugin) under fixed `seed-import-...` names: the input
 * made with exceljs, the output by the same reading, checking and writing code as an upload.
 * Idempotent: the rows are added once (by their fixed stored names), the files only when missing.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { importColumns } from '../../../config/import-sheet';
import { taxCodeCheckLetter } from '../../shared/validators';
import { checkRow, OutputSheet, readSheetRows } from '../services/import-sheet';
import { importKey, outputNameOf, rowResult, validationNote } from '../services/imports';
import { withLocalFile, withTemporaryDir, type FileStore } from '../services/file-store';
import { formatMessage } from '../messages';
import { romeDate } from '../services/calendar';
import type { DB, ImportJobStatus } from './schema';

type Cell = string | number | null;

const code = (first15: string) => first15 + taxCodeCheckLetter(first15);

const person = (
  email: string,
  cognome: string,
  nome: string,
  cf: string,
  totale: string,
  art: string,
  extra: Partial<Record<string, Cell>> = {},
): Cell[] => {
  const base: Record<string, Cell> = {
    Email: email,
    Password: null,
    Cognome: cognome,
    Nome: nome,
    'Codice Fiscale': cf,
    'Tipo contratto': 'Tempo indeterminato',
    Inquadramento: 'Impiegato',
    'Impiegato dal': '01-02-2019',
    'Impiegato al': '31-12-2099',
    'Welfare Totale': totale,
    'Welfare art51c3': art,
    Decorrenza: '01-01-2026',
    Scadenza: '31-12-2026',
    'Tipo fonte': 2,
    ...extra,
  };
  return importColumns.map((c) => base[c.header] ?? null);
};

interface SeedImport {
  key: string;
  company: 'Acme S.p.A.' | 'Acme Servizi S.r.l.';
  status: ImportJobStatus;
  file: string;
  note?: string;
  daysAgo: number;
  rows: Cell[][];
}

const MARIO = code('RSSMRA80A01F205');
const ELENA = code('FRRLNE85M41F205');
const PAOLO = code('BNCPLA79C12L219');
const SARA = code('CSTSRA90D55H501');

const IMPORTS: readonly SeedImport[] = [
  {
    key: '1',
    company: 'Acme S.p.A.',
    status: 'IMPORTED_SUCCESSFULLY',
    file: 'crediti-gennaio-2026.xlsx',
    note: formatMessage('apiImportNoteImported', { created: 2, updated: 1, lines: 5 }),
    daysAgo: 60,
    rows: [
      person('mario.rossi@example.com', 'Rossi', 'Mario', MARIO, '1.500,00', '1.000,00'),
      person('elena.ferri@acme.example.com', 'Ferri', 'Elena', ELENA, '2.500,00', '2.000,00', {
        'Tipo fonte': 3,
      }),
      person('paolo.bianco@acme.example.com', 'Bianco', 'Paolo', PAOLO, '1.000,00', '1.000,00'),
    ],
  },
  {
    key: '2',
    company: 'Acme S.p.A.',
    status: 'VALIDATION_FAILED',
    file: 'crediti-febbraio-2026.xlsx',
    daysAgo: 30,
    rows: [
      person('elena.ferri@acme.example.com', 'Ferri', 'Elena', ELENA, '500,00', '1.000,00'),
      person('paolo.bianco@acme.example.com', 'Bianco', 'Paolo', 'BNCPLA79C12L219X', '1.000,00', '1.000,00', {
        Password: 'Segreta1',
      }),
      person('elena.ferri@acme.example.com', 'Ferri', 'Elena', ELENA, '1.000,00', '1.000,00', {
        Inquadramento: 'Consulente',
      }),
    ],
  },
  {
    key: '3',
    company: 'Acme S.p.A.',
    status: 'REJECTED_BY_BACKOFFICE',
    file: 'crediti-premio-2025.xlsx',
    note: 'Rifiutato: importi del premio di risultato da confermare con l’ufficio paghe.',
    daysAgo: 20,
    rows: [
      person('sara.costa@acme.example.com', 'Costa', 'Sara', SARA, '3.000,00', '2.000,00', {
        'Tipo fonte': 4,
      }),
    ],
  },
  {
    key: '4',
    company: 'Acme S.p.A.',
    status: 'CANCELLED_BY_COMPANY_REFERENT',
    file: 'crediti-marzo-bozza.xlsx',
    daysAgo: 12,
    rows: [person('sara.costa@acme.example.com', 'Costa', 'Sara', SARA, '1.200,00', '1.000,00')],
  },
  {
    key: '5',
    company: 'Acme S.p.A.',
    status: 'VALIDATION_COMPLETED_WITH_WARNINGS',
    file: 'crediti-marzo-2026.xlsx',
    daysAgo: 3,
    rows: [
      person('sara.costa@acme.example.com', 'Costa', 'Sara', SARA, '1.200,00', '1.000,00'),
      person('paolo.bianco@acme.example.com', 'Bianco', 'Paolo', PAOLO, '1.000,00', '1.000,00', {
        'Impiegato al': '31-01-2026',
      }),
    ],
  },
  {
    key: '6',
    company: 'Acme Servizi S.r.l.',
    status: 'VALIDATION_COMPLETED',
    file: 'servizi-crediti-2026.xlsx',
    daysAgo: 5,
    rows: [
      person(
        'nuovo.tecnico@acmeservizi.example.com',
        'Galli',
        'Nicola',
        code('GLLNCL88E20F205'),
        '1.000,00',
        '1.000,00',
        {
          Inquadramento: 'Operaio',
          'Tipo contratto': 'Tempo determinato',
          'Impiegato al': '31-12-2027',
        },
      ),
    ],
  },
];

const storedIn = (key: string) => `seed-import-${key}-input`;
const storedOut = (key: string) => `seed-import-${key}-output`;
const NOT_VALIDATED: ImportJobStatus[] = ['IN_QUEUE', 'IN_PROGRESS'];

/** The rows of the imports, once (a second run adds nothing). */
export async function seedImports(
  db: Kysely<DB>,
  options: { companyId: (name: string) => number; uploaderId: number; now: Date },
): Promise<void> {
  const done = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('input_stored', 'like', 'seed-import-%')
    .executeTakeFirst();
  if (done) return;
  await db
    .insertInto('import_jobs')
    .values(
      IMPORTS.map((item) => {
        const at = new Date(options.now.getTime() - item.daysAgo * 86_400_000);
        const validated = !NOT_VALIDATED.includes(item.status);
        const errors = item.status === 'VALIDATION_FAILED' ? item.rows.length : 0;
        const warnings = item.status === 'VALIDATION_COMPLETED_WITH_WARNINGS' ? 1 : 0;
        const note =
          item.note ??
          (item.status === 'CANCELLED_BY_COMPANY_REFERENT'
            ? ''
            : validationNote({ rows: item.rows.length, withErrors: errors, withWarnings: warnings }));
        return {
          company_id: options.companyId(item.company),
          uploaded_by: options.uploaderId,
          status: item.status,
          input_filename: item.file,
          input_stored: storedIn(item.key),
          output_filename: validated ? outputNameOf(item.file) : null,
          output_stored: validated ? storedOut(item.key) : null,
          note,
          rows_total: item.rows.length,
          rows_with_errors: errors,
          rows_with_warnings: warnings,
          users_created: null,
          users_updated: null,
          credit_lines: null,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
}

/**
 * What the files were made of, by stored name, for the next app of the same process and day: a test
 * run builds dozens of apps, each with a fresh uploads folder.
 */
const madeFiles = new Map<string, Uint8Array>();
let madeDay = '';

/**
 * Puts the file `stored` in the store as made before in this process, or makes it with `make` in a
 * temporary folder (then keeps it). A put is complete or not readable at all: two instances starting on
 * one store never read each other's half-written file (an output is made by reading its input).
 */
async function writeMade(files: FileStore, stored: string, make: (path: string) => Promise<void>) {
  const key = importKey(stored);
  if (await files.stat(key)) return;
  await withTemporaryDir(async (dir) => {
    const temporary = join(dir, 'file.xlsx');
    const made = madeFiles.get(stored);
    if (made) await writeFile(temporary, made, { mode: 0o600 });
    else await make(temporary);
    const content = made ?? (await readFile(temporary));
    await files.put(key, Buffer.from(content));
    madeFiles.set(stored, content);
  });
}

/** The seeded imports' files (input and output), when missing. */
export async function writeSeedImportFiles(files: FileStore): Promise<void> {
  // The outputs' warnings depend on the day (a contract ended before today).
  if (madeDay !== romeDate()) {
    madeFiles.clear();
    madeDay = romeDate();
  }
  for (const item of IMPORTS) {
    await writeMade(files, storedIn(item.key), async (path) => {
      const workbook = new ExcelJS.Workbook();
      workbook.created = new Date('2026-01-01T00:00:00Z');
      workbook.modified = workbook.created;
      const sheet = workbook.addWorksheet('Tracciato');
      sheet.addRow(importColumns.map((c) => c.header));
      for (const row of item.rows) sheet.addRow(row);
      await writeFile(path, Buffer.from(await workbook.xlsx.writeBuffer()), { mode: 0o600 });
    });
    if (NOT_VALIDATED.includes(item.status)) continue;
    await writeMade(files, storedOut(item.key), async (output) => {
      const sheet = new OutputSheet(output);
      const seen = new Map<string, number>();
      await withLocalFile(files, importKey(storedIn(item.key)), Number.MAX_SAFE_INTEGER, async (input) => {
        for await (const { number, cells } of readSheetRows(input)) {
          const checked = checkRow(cells, seen, number);
          const warnings =
            checked.row && checked.row.impiegatoAl < romeDate() ? [formatMessage('apiImportWarnCeased')] : [];
          sheet.add(cells, rowResult({ errors: checked.errors, warnings }));
        }
      });
      await sheet.close();
    });
  }
}
