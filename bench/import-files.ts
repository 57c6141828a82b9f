/**
 * What the import benches share: a valid .xlsx of the 14 columns of 002 §3 with `rows` distinct employees
 * (written with exceljs's streaming writer), and a customer, company and referent to upload it as.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { importColumns } from '../config/import-sheet';
import type { DB } from '../src/server/db/schema';
import { taxCodeCheckLetter } from '../src/shared/validators';
import { insertBenchCompany } from './databases';

const LETTERS = 'BCDFGHLMNPRSTVZ';

const taxCode = (n: number) => {
  const part = (k: number) =>
    Array.from({ length: 3 }, (_, i) => LETTERS[Math.floor(k / 15 ** i) % 15]).join('');
  const first15 = `${part(n)}${part(n + 7)}80A01F205`;
  return first15 + taxCodeCheckLetter(first15);
};

export async function writeImportFile(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Tracciato');
  sheet.addRow(importColumns.map((c) => c.header)).commit();
  for (let n = 1; n <= rows; n++) {
    sheet
      .addRow([
        `dipendente${n}@bench.example.com`,
        null,
        `Cognome${n}`,
        `Nome${n}`,
        taxCode(n),
        n % 3 ? 'Tempo indeterminato' : 'Tempo determinato',
        'Impiegato',
        '01-01-2020',
        '31-12-2099',
        '2.500,00',
        n % 2 ? '1.000,00' : '2.000,00',
        '01-01-2026',
        '31-12-2030',
        1 + (n % 7),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  if (!out.writableFinished) await once(out, 'finish');
}

export async function benchUploader(db: Kysely<DB>) {
  const { customerId, companyId } = await insertBenchCompany(db, 'Bench S.p.A.');
  const user = await db
    .insertInto('users')
    .values({
      email: 'referente@bench.example.com',
      nome: 'R',
      cognome: 'B',
      company_id: companyId,
      customer_id: customerId,
      profile: 'ref_aziendale',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId, userId: user.id };
}
