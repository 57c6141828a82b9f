/**
 * Files of the bulk import for tests and the bench: a valid row (a real tax code per person), an .xlsx
 * built with exceljs from rows, a hand-made zip (for the zip bombs), reading an output file back.
 */
import { deflateRawSync, crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { importColumns } from '../../config/import-sheet';
import { runAdmin } from '../../src/server/admin';
import type { DB } from '../../src/server/db/schema';
import { taxCodeCheckLetter } from '../../src/shared/validators';

export const HEADERS = importColumns.map((c) => c.header);

export type Cell = ExcelJS.CellValue;

const LETTERS = 'BCDFGHLMNPRSTVZ';

/** A valid tax code, different for each n. */
export function taxCode(n: number): string {
  const part = (k: number) =>
    Array.from({ length: 3 }, (_, i) => LETTERS[Math.floor(k / 15 ** i) % 15]).join('');
  const first15 = `${part(n)}${part(n + 7)}80A01F205`;
  return first15 + taxCodeCheckLetter(first15);
}

/** A valid row of the 14 columns (override any by header). */
export function row(n: number, overrides: Partial<Record<(typeof HEADERS)[number], Cell>> = {}): Cell[] {
  const base: Record<string, Cell> = {
    Email: `dipendente${n}@import.example.com`,
    Password: null,
    Cognome: `Cognome${n}`,
    Nome: `Nome${n}`,
    'Codice Fiscale': taxCode(n),
    'Tipo contratto': 'Tempo indeterminato',
    Inquadramento: 'Impiegato',
    'Impiegato dal': '01-01-2020',
    'Impiegato al': '31-12-2099',
    'Welfare Totale': '1.500,00',
    'Welfare art51c3': '1.000,00',
    Decorrenza: '01-01-2026',
    Scadenza: '31-12-2030',
    'Tipo fonte': 1,
  };
  return HEADERS.map((h) => (h in overrides ? (overrides as Record<string, Cell>)[h]! : base[h]!) ?? null);
}

/** An .xlsx with the header and these rows (first sheet). */
export async function xlsx(rows: Cell[][], header: readonly string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Foglio1');
  sheet.addRow([...header]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip built by hand: each entry deflated, with the sizes it declares (which may lie). */
export function zip(entries: Array<{ name: string; content: Buffer; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = deflateRawSync(entry.content);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.content.length;
    const crc = crc32(entry.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A zip whose central directory lists `shown` only, with `hidden` as a local entry between it and the
 * directory: what a reader of the directory sees differs from what a streaming reader unpacks.
 */
export function hiddenEntryZip(
  shown: { name: string; content: Buffer },
  hidden: { name: string; content: Buffer },
): Buffer {
  const one = zip([shown]);
  const two = zip([shown, hidden]);
  const localsOf = (z: Buffer) => z.subarray(0, z.readUInt32LE(z.length - 22 + 16));
  const directoryOf = (z: Buffer) => z.subarray(z.readUInt32LE(z.length - 22 + 16), z.length - 22);
  const locals = localsOf(two);
  const end = Buffer.from(one.subarray(one.length - 22));
  end.writeUInt32LE(locals.length, 16);
  return Buffer.concat([locals, directoryOf(one), end]);
}

/** The rows of an output file: each row's cells (as exceljs reads them) and its Esito. */
export async function readOutput(content: Buffer): Promise<{ header: string[]; rows: Cell[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const all: Cell[][] = [];
  sheet.eachRow((r) => all.push((r.values as Cell[]).slice(1)));
  const [header = [], ...rows] = all;
  return { header: header.map(String), rows };
}

/** The status of import job `id`, read again at each call: `expect.poll(importStatus(t.db, id), ...)`. */
export const importStatus = (db: Kysely<DB>, id: number) => async (): Promise<string> =>
  (await db.selectFrom('import_jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

export type Mail = { to: string; subject: string; text: string };

/** `npm run admin -- ...` on a test database; its mails are kept in `mails`, files under `dir`. */
export async function runOperator(db: Kysely<DB>, dir: string, mails: Mail[], argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    db,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    imports: {
      uploadsDir: dir,
      baseUrl: 'http://portale.test',
      sendMail: async (mail) => void mails.push(mail),
    },
  });
  return { code, out, err };
}
