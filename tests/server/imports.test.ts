/**
 * Bulk credit import (issue 17; spec 002 §2.10, §3, §4.2, §5, §7) on the demo seed: template, upload,
 * validation job and output file (every rule of the sheet), the untrusted-file checks (zip bombs, .xls,
 * formulas, escaped cells), cancel, the operator's accept / reject / rerun (admin.ts), nothing
 * half-written, and Act-For on every call.
 */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { runAdmin } from '../../src/server/admin';
import { formatMessage } from '../../src/server/messages';
import {
  applyImport,
  createImport,
  decideImport,
  ORPHAN_AGE_MS,
  sweepOrphanFiles,
  validateImport,
  validationNote,
} from '../../src/server/services/imports';
import { euro } from '../../src/shared/money';
import { multipart } from './forms-helpers';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createSession } from '../../src/server/services/sessions';
import {
  backends,
  buildTestApp,
  createTestDatabase,
  json,
  NO_POSTGRES_REASON,
  TEST_APP_OPTIONS,
  TEST_DATABASE_URL,
  type TestApp,
} from './helpers';
import {
  HEADERS,
  hiddenEntryZip,
  readOutput,
  row,
  taxCode,
  xlsx,
  zip,
  type Cell,
  importStatus,
} from './import-helpers';
import { openPgliteCopy } from './templates';

interface Job {
  id: number;
  status: string;
  input_filename: string;
  output_filename: string | null;
  note: string;
}

let zipBomb: Buffer | undefined;

describe.each(backends)('bulk credit import (%s)', (backend) => {
  let t: TestApp;
  let laura: string;
  let mario: string;
  let acme: number;
  let servizi: number;
  let globex: number;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'welfare-imports-'));

  beforeAll(async () => {
    t = await buildTestApp(backend, { uploadsDir });
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    const companies = Object.fromEntries(
      (await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute()).map((c) => [
        c.nome,
        c.id_azienda,
      ]),
    );
    acme = companies['Acme S.p.A.']!;
    servizi = companies['Acme Servizi S.r.l.']!;
    globex = companies['Globex S.p.A.']!;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const actFor = (company = acme) => ({ 'act-for': String(company) });

  async function upload(content: Buffer, name = 'dipendenti.xlsx', company = acme, token = laura) {
    const body = multipart({}, [{ field: 'csv_ordine', filename: name, content }]);
    const response = await t.request({
      method: 'POST',
      url: '/api/importtools',
      token,
      payload: body.payload,
      headers: { ...body.headers, ...actFor(company) },
    });
    await settled(response);
    return response;
  }

  /** Waits for the validation job of an upload (the queue's idle, then the row's own status). */
  async function settled(response: { statusCode: number; body: string }) {
    await t.app.jobs.idle();
    if (response.statusCode !== 201) return;
    const { id } = json<{ id: number }>(response);
    await expect
      .poll(importStatus(t.db, id), { timeout: 20_000, interval: 50 })
      .not.toMatch(/^(IN_QUEUE|IN_PROGRESS)$/);
  }

  async function job(id: number, company = acme): Promise<Job> {
    const list = json<Job[]>(
      await t.request({ method: 'GET', url: '/api/importtools', token: laura, headers: actFor(company) }),
    );
    const found = list.find((j) => j.id === id);
    if (!found) throw new Error(`import ${id} non in lista`);
    return found;
  }

  /** Uploads rows, waits for the validation, answers the job and the output file's rows. */
  async function validate(rows: Cell[][], company = acme) {
    const response = await upload(await xlsx(rows), 'dipendenti.xlsx', company);
    expect(response.statusCode).toBe(201);
    const { id } = json<{ id: number; status: string }>(response);
    const done = await job(id, company);
    const file = await t.request({
      method: 'GET',
      url: `/api/importtools/${id}/output`,
      token: laura,
      headers: actFor(company),
    });
    const output = file.statusCode === 200 ? await readOutput(file.rawPayload) : null;
    return { id, job: done, output, file };
  }

  const esito = (output: Awaited<ReturnType<typeof validate>>['output'], i: number) =>
    String(output!.rows[i]![HEADERS.length] ?? '');

  it('shows the demo imports of laura’s companies in several statuses, with real input and output files', async () => {
    const list = json<Job[]>(
      await t.request({ method: 'GET', url: '/api/importtools', token: laura, headers: actFor() }),
    );
    const seeded = list.filter((j) => j.input_filename.startsWith('crediti-'));
    expect(new Set(seeded.map((j) => j.status))).toEqual(
      new Set([
        'IMPORTED_SUCCESSFULLY',
        'VALIDATION_FAILED',
        'REJECTED_BY_BACKOFFICE',
        'CANCELLED_BY_COMPANY_REFERENT',
        'VALIDATION_COMPLETED_WITH_WARNINGS',
      ]),
    );
    const failed = seeded.find((j) => j.status === 'VALIDATION_FAILED')!;
    const output = await t.request({
      method: 'GET',
      url: `/api/importtools/${failed.id}/output`,
      token: laura,
      headers: actFor(),
    });
    expect(output.statusCode).toBe(200);
    const rows = (await readOutput(output.rawPayload)).rows;
    expect(rows).toHaveLength(3);
    expect(String(rows[1]![HEADERS.length])).toContain(messages.apiImportPasswordNotEmpty);
    const input = await t.request({
      method: 'GET',
      url: `/api/importtools/${failed.id}/input`,
      token: laura,
      headers: actFor(),
    });
    expect(input.statusCode).toBe(200);
    const servizi_ = json<Job[]>(
      await t.request({ method: 'GET', url: '/api/importtools', token: laura, headers: actFor(servizi) }),
    );
    expect(servizi_.some((j) => j.status === 'VALIDATION_COMPLETED')).toBe(true);
  });

  it('serves template.xlsx: the 14 columns of §3 with a hint on each header and data validation', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/importtools/template',
      token: laura,
      headers: actFor(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADERS);
    expect(HEADERS).toHaveLength(14);
    expect(String(sheet.getCell('A1').note ? 'nota' : '')).toBe('nota');
    const validations = (
      sheet as unknown as {
        dataValidations: { model: Record<string, { type: string; formulae: unknown[] }> };
      }
    ).dataValidations.model;
    const contract = Object.entries(validations).find(([range]) => range.startsWith('F2'))?.[1];
    expect(contract?.type).toBe('list');
    expect(String(contract?.formulae[0])).toContain('Tempo indeterminato');
    const fonte = Object.entries(validations).find(([range]) => range.startsWith('N2'))?.[1];
    expect(fonte?.type).toBe('whole');
  });

  it('validates a good file as a job: IN_QUEUE at the answer, then VALIDATION_COMPLETED with an output file of OK rows', async () => {
    const rows = [
      row(1),
      // Amounts as numbers, dates as date cells and as text with slashes: all accepted.
      row(2, {
        'Welfare Totale': 2500,
        'Welfare art51c3': 2000,
        Decorrenza: new Date(Date.UTC(2026, 0, 1)),
        Scadenza: '31/12/2030',
        'Tipo contratto': 'tempo determinato',
      }),
      // No increase at all: 0 and 0.
      row(3, { 'Welfare Totale': '0,00', 'Welfare art51c3': '0,00' }),
    ];
    const response = await upload(await xlsx(rows), 'buono.xlsx');
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ status: 'IN_QUEUE' });
    const { id } = json<{ id: number }>(response);
    const done = await job(id);
    // The note says why when it is not: a CI run once saw another status here and could not tell.
    expect(done, `${done.status}: ${done.note}`).toMatchObject({
      status: 'VALIDATION_COMPLETED',
      input_filename: 'buono.xlsx',
      output_filename: 'esito_buono.xlsx',
      note: formatMessage('apiImportNoteValid', { rows: 3 }),
    });
    const file = await t.request({
      method: 'GET',
      url: `/api/importtools/${id}/output`,
      token: laura,
      headers: actFor(),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('esito_buono.xlsx');
    const output = await readOutput(file.rawPayload);
    expect(output.header).toEqual([...HEADERS, 'Esito']);
    expect(output.rows.map((r) => r[HEADERS.length])).toEqual(['OK', 'OK', 'OK']);
    const input = await t.request({
      method: 'GET',
      url: `/api/importtools/${id}/input`,
      token: laura,
      headers: actFor(),
    });
    expect(input.statusCode).toBe(200);
    expect(input.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('checks every rule of the sheet and writes every error of a row, in Italian, in its Esito', async () => {
    const cases: Array<[Cell[], string[]]> = [
      [row(10, { Email: null }), [formatMessage('apiImportRequired', { column: 'Email' })]],
      [row(11, { Email: 'non-una-mail' }), [messages.apiImportEmailInvalid]],
      [row(12, { Email: 'dipendente10b@import.example.com' }), ['OK']],
      [
        row(13, { Email: 'DIPENDENTE10B@import.example.com' }),
        [formatMessage('apiImportEmailDuplicate', { row: 4 })],
      ],
      [row(14, { Password: 'segreta' }), [messages.apiImportPasswordNotEmpty]],
      [
        row(15, { Cognome: null, Nome: '' }),
        [
          formatMessage('apiImportRequired', { column: 'Cognome' }),
          formatMessage('apiImportRequired', { column: 'Nome' }),
        ],
      ],
      [row(16, { 'Codice Fiscale': 'RSSMRA80A01F205A' }), [messages.apiImportTaxCodeInvalid]],
      [
        row(17, { 'Tipo contratto': 'Part time' }),
        [
          formatMessage('apiImportChoiceInvalid', {
            column: 'Tipo contratto',
            choices: 'Tempo indeterminato, Tempo determinato',
          }),
        ],
      ],
      [row(18, { Inquadramento: 'Presidente' }), ['Inquadramento: valore non ammesso']],
      [
        row(19, { 'Impiegato dal': '31-02-2020' }),
        [formatMessage('apiImportDateInvalid', { column: 'Impiegato dal' })],
      ],
      [
        row(20, { 'Impiegato dal': '01-01-2030', 'Impiegato al': '01-01-2020' }),
        [formatMessage('apiImportDateOrder', { first: 'Impiegato dal', second: 'Impiegato al' })],
      ],
      [
        row(21, { Decorrenza: '01-01-2027', Scadenza: '01-01-2027' }),
        [formatMessage('apiImportDateOrder', { first: 'Decorrenza', second: 'Scadenza' })],
      ],
      [
        row(22, { 'Welfare art51c3': null }),
        [formatMessage('apiImportRequired', { column: 'Welfare art51c3' })],
      ],
      [
        row(23, { 'Welfare Totale': '0,00', 'Welfare art51c3': '1.000,00' }),
        [messages.apiImportArt51c3NoIncrease],
      ],
      [
        row(24, { 'Welfare art51c3': '500,00' }),
        [
          formatMessage('apiImportArt51c3Limit', {
            year: 2026,
            limit: euro(100000),
            withChildren: euro(200000),
          }),
        ],
      ],
      [
        row(25, { 'Welfare Totale': '1.000,00', 'Welfare art51c3': '2.000,00' }),
        [messages.apiImportArt51c3AboveTotal],
      ],
      [row(26, { 'Tipo fonte': 8 }), [messages.apiImportFonteInvalid]],
      [row(27, { 'Tipo fonte': 'uno' }), [messages.apiImportFonteInvalid]],
      [
        row(28, { 'Welfare Totale': '1.500,123' }),
        [formatMessage('apiImportAmountInvalid', { column: 'Welfare Totale' })],
      ],
      [
        row(29, { 'Welfare Totale': -5 }),
        [formatMessage('apiImportAmountInvalid', { column: 'Welfare Totale' })],
      ],
      // The e-mail of another company's employee (luca, Globex).
      [row(30, { Email: 'luca.neri@example.com' }), [messages.apiImportEmailOtherCompany]],
    ];
    const { job: done, output } = await validate(cases.map(([r]) => r));
    expect(done.status).toBe('VALIDATION_FAILED');
    expect(done.note).toBe(
      formatMessage('apiImportNoteErrors', { rows: cases.length, errors: cases.length - 1 }),
    );
    cases.forEach(([, expected], i) => {
      const text = esito(output, i);
      for (const part of expected) expect(text, `riga ${i + 2}`).toContain(part);
      if (expected[0] !== 'OK') expect(text.startsWith(messages.apiImportResultErrors)).toBe(true);
    });
    // Every error of a row, not only the first.
    expect(esito(output, 5)).toContain('Nome');
  });

  it('warns (VALIDATION_COMPLETED_WITH_WARNINGS) when an employee exists with other names, or the credit is already expired', async () => {
    const { job: done, output } = await validate([
      row(40, { Email: 'mario.rossi@example.com', Cognome: 'Rossini' }),
      row(41, { Decorrenza: '01-01-2020', Scadenza: '31-12-2020' }),
      row(42),
    ]);
    expect(done.status).toBe('VALIDATION_COMPLETED_WITH_WARNINGS');
    expect(esito(output, 0)).toContain(messages.apiImportWarnUpdate);
    expect(esito(output, 1)).toContain(messages.apiImportWarnExpired);
    expect(esito(output, 2)).toBe('OK');
  });

  it('reads formula cells by their cached value, never evaluating them; one without a value is an error; exported text is escaped', async () => {
    const rows = [
      row(50, { 'Welfare Totale': { formula: '1000+500', result: 1500 } as Cell }),
      row(51, { 'Welfare Totale': { formula: 'SUM(A1:A2)' } as Cell }),
      row(52, {
        Cognome: '=HYPERLINK("http://x.example","clic")',
        Nome: '+39',
        'Impiegato al': '31-12-2099',
      }),
      row(53, { Nome: '@SUM(1)', Cognome: '-2' }),
    ];
    const { job: done, output } = await validate(rows);
    expect(done.status).toBe('VALIDATION_FAILED');
    expect(esito(output, 0)).toBe('OK');
    expect(output!.rows[0]![9]).toBe(1500);
    expect(esito(output, 1)).toContain(
      formatMessage('apiImportFormulaWithoutValue', { column: 'Welfare Totale' }),
    );
    // The output holds values only: no formula, and text that a spreadsheet would run is escaped.
    for (const r of output!.rows)
      for (const cell of r) expect(typeof cell === 'object' && cell && 'formula' in cell).toBe(false);
    expect(output!.rows[2]![2]).toBe(`'=HYPERLINK("http://x.example","clic")`);
    expect(output!.rows[2]![3]).toBe(`'+39`);
    expect(output!.rows[3]![3]).toBe(`'@SUM(1)`);
    expect(output!.rows[3]![2]).toBe(`'-2`);
  });

  it('refuses a zip bomb before unpacking it, an .xls, a file that is no spreadsheet, a bad header, no file', async () => {
    const before = await t.db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // 300 MB of zeros declared (about 300 KB packed), packed once for both databases.
    const bomb = (zipBomb ??= zip([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(300 * 1024 * 1024) },
    ]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let response = await upload(bomb, 'bomba.xlsx');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ detail: messages.apiImportZipTooLarge });
    // Sizes that lie: 10 MB of zeros declared as 1 KB.
    const liar = zip([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(10 * 1024 * 1024), declaredSize: 1024 },
    ]);
    response = await upload(liar, 'bugiardo.xlsx');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ detail: messages.apiImportZipTooLarge });
    // A worksheet hidden from the central directory (a streaming reader unpacks local entries): 300 MB
    // of zeros behind a one-entry directory, refused before anything unpacks it.
    const hidden = hiddenEntryZip(
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(300 * 1024 * 1024) },
    );
    expect(hidden.length).toBeLessThan(1024 * 1024);
    const hiddenStarted = Date.now();
    response = await upload(hidden, 'nascosto.xlsx');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ detail: messages.apiImportNotSpreadsheet });
    expect(Date.now() - hiddenStarted).toBeLessThan(5000);
    // Too many entries.
    const many = zip(
      Array.from({ length: 500 }, (_, i) => ({ name: `f${i}.xml`, content: Buffer.from('x') })),
    );
    response = await upload(many, 'tante.xlsx');
    expect(json(response)).toEqual({ detail: messages.apiImportZipTooManyEntries });
    // An .xls (OLE2 compound file) is refused with the way out.
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
    ]);
    response = await upload(xls, 'vecchio.xls');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ detail: messages.apiImportXlsRefused });
    response = await upload(Buffer.from('nome;email\nx;y\n'), 'finto.xlsx');
    expect(json(response)).toEqual({ detail: messages.apiImportNotSpreadsheet });
    const none = multipart({ altro: '1' }, []);
    response = await t.request({
      method: 'POST',
      url: '/api/importtools',
      token: laura,
      payload: none.payload,
      headers: { ...none.headers, ...actFor() },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ detail: messages.apiImportUploadMissing });
    const after = await t.db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // A readable workbook with the wrong header: accepted, then VALIDATION_FAILED with the reason, no output.
    const badHeader = await upload(await xlsx([row(60)], ['Mail', ...HEADERS.slice(1)]), 'intestazione.xlsx');
    const failed = await job(json<{ id: number }>(badHeader).id);
    expect(failed.status).toBe('VALIDATION_FAILED');
    expect(failed.note).toBe(formatMessage('apiImportBadHeader', { columns: HEADERS.join(', ') }));
    expect(failed.output_filename).toBeNull();
    const empty = await upload(await xlsx([]), 'vuoto.xlsx');
    expect((await job(json<{ id: number }>(empty).id)).note).toBe(messages.apiImportNoRows);
  });

  it('a validation cut off in the middle (IN_PROGRESS) runs again whole; a finished one is left alone', async () => {
    const { id } = await validate([row(130), row(131)]);
    // As if the process died while validating: the job runs again.
    await t.db
      .updateTable('import_jobs')
      .set({ status: 'IN_PROGRESS', output_stored: null, output_filename: null })
      .where('id', '=', id)
      .execute();
    await validateImport({ db: t.db, files: t.app.files }, { id });
    const again = await t.db
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({
      status: 'VALIDATION_COMPLETED',
      attempts: 2,
      rows_total: 2,
      output_filename: 'esito_dipendenti.xlsx',
    });
    const storedNames = async () =>
      (await t.app.files.list('imports')).map((f) => f.key.slice('imports/'.length));
    const files = await storedNames();
    expect(files).toContain(again.output_stored);
    // Done: a late duplicate of the job changes nothing.
    await validateImport({ db: t.db, files: t.app.files }, { id });
    expect(
      await t.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(again);
    expect(await storedNames()).toHaveLength(files.length);

    // What a killed run leaves (an output nobody names) goes at the next start once it is an hour old;
    // the files imports name, and a young one another instance may be writing, stay.
    await t.app.files.put('imports/orfano-di-un-arresto', Buffer.from('metà file'));
    await t.app.files.put('imports/in-scrittura-altrove', Buffer.from('in corso'));
    const hourAgo = Date.now() - ORPHAN_AGE_MS - 60_000;
    if (t.app.files.kind === 'folder') {
      utimesSync(join(uploadsDir, 'imports', 'orfano-di-un-arresto'), hourAgo / 1000, hourAgo / 1000);
    } else {
      await t.db
        .updateTable('stored_files')
        .set({ created_at: new Date(hourAgo) })
        .where('key', '=', 'imports/orfano-di-un-arresto')
        .execute();
    }
    expect(await sweepOrphanFiles(t.db, t.app.files)).toBe(1);
    const left = await storedNames();
    expect(left).not.toContain('orfano-di-un-arresto');
    expect(left).toContain('in-scrittura-altrove');
    expect(left).toEqual(expect.arrayContaining(files));
    await t.app.files.delete('imports/in-scrittura-altrove');
  });

  it('cancels only a completed validation of the company acted for (409 otherwise, 404 for another company)', async () => {
    const good = await validate([row(70)]);
    const bad = await validate([row(71, { Password: 'x' })]);
    const cancel = (id: number, company = acme) =>
      t.request({
        method: 'POST',
        url: `/api/importtools/${id}/annulla`,
        token: laura,
        headers: actFor(company),
      });
    expect((await cancel(good.id, servizi)).statusCode).toBe(404);
    expect((await cancel(bad.id)).statusCode).toBe(409);
    expect(json(await cancel(bad.id))).toEqual({ detail: messages.apiImportNotCancellable });
    expect((await cancel(good.id)).statusCode).toBe(204);
    expect((await job(good.id)).status).toBe('CANCELLED_BY_COMPANY_REFERENT');
    expect((await cancel(good.id)).statusCode).toBe(409);
    // The operator cannot accept it any more.
    const lines: string[] = [];
    expect(
      await runAdmin(['import-accept', String(good.id)], {
        db: t.db,
        err: (l) => lines.push(l),
        out: () => {},
      }),
    ).toBe(1);
    expect((await job(good.id)).status).toBe('CANCELLED_BY_COMPANY_REFERENT');
  });

  it('writes the validation note singular or plural by the number of rows (never "1 righe valide.")', async () => {
    const one = await validate([row(73)]);
    expect(one.job.note).toBe('1 riga valida.');
    expect(validationNote({ rows: 2, withErrors: 0, withWarnings: 0 })).toBe('2 righe valide.');
    expect(validationNote({ rows: 1, withErrors: 1, withWarnings: 0 })).toBe(messages.apiImportNoteErrorsOne);
    expect(validationNote({ rows: 3, withErrors: 1, withWarnings: 2 })).toBe(
      formatMessage('apiImportNoteErrors', { rows: 3, errors: 1 }),
    );
    expect(validationNote({ rows: 4, withErrors: 0, withWarnings: 1 })).toBe(
      formatMessage('apiImportNoteWarnings', { rows: 4, warnings: 1 }),
    );
  });

  it('cancels a validation completed with anomalies too (issue 28: a row would overwrite an employee)', async () => {
    const warned = await validate([row(72, { Email: 'mario.rossi@example.com', Cognome: 'Rossini' })]);
    expect(warned.job.status).toBe('VALIDATION_COMPLETED_WITH_WARNINGS');
    // One row: the note is singular (issue 28).
    expect(warned.job.note).toBe(messages.apiImportNoteWarningsOne);
    const cancel = () =>
      t.request({
        method: 'POST',
        url: `/api/importtools/${warned.id}/annulla`,
        token: laura,
        headers: actFor(acme),
      });
    expect((await cancel()).statusCode).toBe(204);
    expect((await job(warned.id)).status).toBe('CANCELLED_BY_COMPANY_REFERENT');
    expect((await cancel()).statusCode).toBe(409);
    expect(
      await runAdmin(['import-accept', String(warned.id)], { db: t.db, err: () => {}, out: () => {} }),
    ).toBe(1);
    expect((await job(warned.id)).status).toBe('CANCELLED_BY_COMPANY_REFERENT');
  });

  it('honours Act-For on every call: another company sees and touches nothing, an employee or an unmanaged company is refused, a POST needs the header', async () => {
    const { id } = await validate([row(80)]);
    const calls: Array<{ method: 'GET' | 'POST'; url: string }> = [
      { method: 'GET', url: '/api/importtools' },
      { method: 'GET', url: '/api/importtools/template' },
      { method: 'GET', url: `/api/importtools/${id}/input` },
      { method: 'GET', url: `/api/importtools/${id}/output` },
      { method: 'POST', url: `/api/importtools/${id}/annulla` },
      { method: 'POST', url: '/api/importtools' },
    ];
    for (const call of calls) {
      const employee = await t.request({ ...call, token: mario, headers: actFor() });
      expect(employee.statusCode, `${call.method} ${call.url} (dipendente)`).toBe(403);
      const foreign = await t.request({ ...call, token: laura, headers: actFor(globex) });
      expect(foreign.statusCode, `${call.method} ${call.url} (Globex)`).toBe(403);
      expect(json(foreign)).toEqual({ detail: messages.apiActForForbidden });
      if (call.method === 'POST') {
        const noHeader = await t.request({ ...call, token: laura });
        expect(noHeader.statusCode, `${call.method} ${call.url} senza Act-For`).toBe(400);
        expect(json(noHeader)).toEqual({ detail: messages.apiActForRequired });
      }
    }
    // Acting for Acme Servizi: Acme's import is not there, its files answer 404.
    const list = json<Job[]>(
      await t.request({ method: 'GET', url: '/api/importtools', token: laura, headers: actFor(servizi) }),
    );
    expect(list.some((j) => j.id === id)).toBe(false);
    for (const which of ['input', 'output']) {
      const file = await t.request({
        method: 'GET',
        url: `/api/importtools/${id}/${which}`,
        token: laura,
        headers: actFor(servizi),
      });
      expect(file.statusCode).toBe(404);
    }
    // An upload acting for Acme Servizi belongs to it.
    const other = await validate([row(81)], servizi);
    const row_ = await t.db
      .selectFrom('import_jobs')
      .select('company_id')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row_.company_id).toBe(servizi);
  });

  describe('the operator', () => {
    const counts = async () => {
      const n = async (table: 'users' | 'credit_lines' | 'movements' | 'employee_contracts' | 'outbox') =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        users: await n('users'),
        lines: await n('credit_lines'),
        movements: await n('movements'),
        contracts: await n('employee_contracts'),
        outbox: await n('outbox'),
      };
    };
    const admin = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(argv, {
        db: t.db,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        imports: {
          files: t.app.files,
          sendMail: (m) => t.app.mail.send(m),
          baseUrl: 'http://localhost:8080',
        },
      });
      return { code, out, err };
    };

    it('accepts through the command: employees created or updated and credit lines added in one transaction, mails to the new ones', async () => {
      const marioId = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'mario.rossi@example.com')
          .executeTakeFirstOrThrow()
      ).id;
      const linesBefore = await t.db
        .selectFrom('credit_lines')
        .select(['credito_iniziale', 'is_art51c3'])
        .where('user_id', '=', marioId)
        .execute();
      const { id } = await validate([
        row(90, {
          Email: 'nuova.assunta@import.example.com',
          Cognome: 'Assunta',
          Nome: 'Nuova',
          'Codice Fiscale': taxCode(900),
        }),
        row(91, {
          Email: 'mario.rossi@example.com',
          Cognome: 'Rossi',
          Nome: 'Mario',
          'Welfare Totale': '2.500,50',
          'Welfare art51c3': '2.000,00',
          'Tipo fonte': 4,
        }),
      ]);
      expect((await job(id)).status).toBe('VALIDATION_COMPLETED_WITH_WARNINGS');
      const before = await counts();
      const result = await admin(['import-accept', String(id)]);
      expect(result.err).toEqual([]);
      expect(result.code).toBe(0);
      const done = await job(id);
      expect(done.status).toBe('IMPORTED_SUCCESSFULLY');
      expect(done.note).toBe(formatMessage('apiImportNoteImported', { created: 1, updated: 1, lines: 4 }));
      const after = await counts();
      expect(after.users - before.users).toBe(1);
      expect(after.lines - before.lines).toBe(4);
      expect(after.movements - before.movements).toBe(4);
      const nuova = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'nuova.assunta@import.example.com')
        .executeTakeFirstOrThrow();
      expect(nuova).toMatchObject({
        company_id: acme,
        cognome: 'Assunta',
        nome: 'Nuova',
        cod_fisc: taxCode(900),
        is_cessato: false,
        password_hash: null,
        otp_method: null,
      });
      const contract = await t.db
        .selectFrom('employee_contracts')
        .selectAll()
        .where('user_id', '=', nuova.id)
        .executeTakeFirstOrThrow();
      expect(contract).toMatchObject({
        tipo_contratto: 'Tempo indeterminato',
        inquadramento: 'Impiegato',
        impiegato_dal: '2020-01-01',
        impiegato_al: '2099-12-31',
      });
      const marioLines = await t.db
        .selectFrom('credit_lines')
        .selectAll()
        .where('user_id', '=', marioId)
        .orderBy('id')
        .execute();
      const added = marioLines.slice(linesBefore.length);
      expect(
        added.map((l) => [l.credito_iniziale, l.is_art51c3, l.fonte, l.data_decorrenza, l.data_scadenza]),
      ).toEqual([
        [50050, false, 4, '2026-01-01', '2030-12-31'],
        [200000, true, 4, '2026-01-01', '2030-12-31'],
      ]);
      // The welcome mail: to the new employee only, with a password link.
      const mails = await t.db
        .selectFrom('outbox')
        .selectAll()
        .where('mail_to', '=', 'nuova.assunta@import.example.com')
        .execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(messages.apiMailImportWelcomeSubject);
      expect(mails[0]!.text).toMatch(/\/password-lost\/acme\/[A-Za-z0-9_-]{43}/);
      expect(after.outbox - before.outbox).toBe(1);
      // Run again (the queue's at-least-once): nothing twice.
      const again = await admin(['import-run', String(id)]);
      expect(again.code).toBe(1);
      expect(await applyImport(deps(), { id })).toMatchObject({
        status: 'IMPORTED_SUCCESSFULLY',
        created: 0,
        lines: 0,
      });
      expect(await counts()).toEqual(after);
    });

    const deps = () => ({
      db: t.db,
      files: t.app.files,
      sendMail: (m: { to: string; subject: string; text: string }) => t.app.mail.send(m),
      baseUrl: 'http://localhost:8080',
    });

    it('rejects through the command: REJECTED_BY_BACKOFFICE with the reason, nothing written', async () => {
      const { id } = await validate([row(100)]);
      const before = await counts();
      const result = await admin(['import-reject', String(id), '--motivo', 'Importi da rivedere']);
      expect(result.code).toBe(0);
      expect(await job(id)).toMatchObject({ status: 'REJECTED_BY_BACKOFFICE', note: 'Importi da rivedere' });
      expect(await counts()).toEqual(before);
      expect((await admin(['import-accept', String(id)])).code).toBe(1);
      expect(await counts()).toEqual(before);
    });

    it('writes nothing when a row fails at import time: IMPORT_FAILED with the reason, no half file', async () => {
      const { id } = await validate([
        row(110),
        row(111),
        row(112, { Email: 'presa.dopo@import.example.com' }),
      ]);
      expect((await job(id)).status).toBe('VALIDATION_COMPLETED');
      // Meanwhile the third e-mail became another company's employee.
      const globexCustomer = await t.db
        .selectFrom('companies')
        .select('customer_id')
        .where('id_azienda', '=', globex)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('users')
        .values({
          email: 'presa.dopo@import.example.com',
          nome: 'P',
          cognome: 'D',
          company_id: globex,
          customer_id: globexCustomer.customer_id,
        })
        .execute();
      const before = await counts();
      const result = await admin(['import-accept', String(id)]);
      expect(result.code).toBe(1);
      const failed = await job(id);
      expect(failed.status).toBe('IMPORT_FAILED');
      expect(failed.note).toContain(
        formatMessage('apiImportFailedRow', { row: 4, errors: messages.apiImportEmailOtherCompany }),
      );
      expect(await counts()).toEqual(before);
      expect(
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', 'in', ['dipendente110@import.example.com', 'dipendente111@import.example.com'])
          .execute(),
      ).toEqual([]);
    });

    it('a crash inside the import leaves it ACCEPTED with nothing written; the rerun imports once', async () => {
      const { id } = await validate([row(120), row(121)]);
      expect(await decideImport(t.db, id, 'ACCEPTED_BY_BACKOFFICE')).toBe(true);
      const before = await counts();
      await expect(
        applyImport(
          { ...deps(), beforeCommit: () => Promise.reject(new Error('processo interrotto')) },
          { id },
        ),
      ).rejects.toThrow('processo interrotto');
      expect((await job(id)).status).toBe('ACCEPTED_BY_BACKOFFICE');
      expect(await counts()).toEqual(before);
      const rerun = await admin(['import-run', String(id)]);
      expect(rerun.code).toBe(0);
      expect((await job(id)).status).toBe('IMPORTED_SUCCESSFULLY');
      const after = await counts();
      expect(after.users - before.users).toBe(2);
      expect(after.lines - before.lines).toBe(4);
      // Two runners at once (a second instance, a retry): one imports, the other finds it done.
      const { id: id2 } = await validate([row(122)]);
      await decideImport(t.db, id2, 'ACCEPTED_BY_BACKOFFICE');
      const results = await Promise.all([applyImport(deps(), { id: id2 }), applyImport(deps(), { id: id2 })]);
      expect(results.map((r) => r.created).sort()).toEqual([0, 1]);
      expect((await counts()).lines - after.lines).toBe(2);
    });

    it('lists the imports for the operator', async () => {
      const result = await admin(['imports', '--status', 'IMPORTED_SUCCESSFULLY']);
      expect(result.code).toBe(0);
      expect(result.out.at(-1)).toMatch(/importazioni\.$/);
      expect(result.out.join('\n')).toContain('IMPORTED_SUCCESSFULLY');
    });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('bulk import jobs, two instances on one PostgreSQL database', () => {
  it('never validate the same upload twice: every import validated once, whichever instance ran it', async () => {
    if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
    const created = await createTestDatabase('demo');
    const shared = mkdtempSync(join(tmpdir(), 'welfare-imports-two-'));
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        apps.push(
          await buildApp({
            ...TEST_APP_OPTIONS,
            databaseUrl: created.url,
            uploadsDir: shared,
          }),
        );
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const db = a.db;
      const token = await createSession(db, 'laura.bianchi@example.com');
      const acme = (
        await db
          .selectFrom('companies')
          .select('id_azienda')
          .where('nome', '=', 'Acme S.p.A.')
          .executeTakeFirstOrThrow()
      ).id_azienda;
      const ids: number[] = [];
      for (let n = 0; n < 8; n++) {
        const body = multipart({}, [
          { field: 'csv_ordine', filename: `f${n}.xlsx`, content: await xlsx([row(200 + n)]) },
        ]);
        const response = await (n % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/importtools',
          payload: body.payload,
          headers: { ...body.headers, authorization: `Token ${token}`, 'act-for': String(acme) },
        });
        expect(response.statusCode).toBe(201);
        ids.push(json<{ id: number }>(response).id);
      }
      await Promise.all(apps.map((app) => app.jobs.idle(30_000)));
      const rows = await db
        .selectFrom('import_jobs')
        .select(['id', 'status', 'attempts'])
        .where('id', 'in', ids)
        .execute();
      expect(rows).toHaveLength(8);
      for (const r of rows)
        expect(r, `import ${r.id}`).toMatchObject({ status: 'VALIDATION_COMPLETED', attempts: 1 });
    } finally {
      for (const app of apps) await app.close();
      rmSync(shared, { recursive: true, force: true });
      await created.drop();
    }
  }, 60_000);
});

describe('bulk import jobs after a stop (PGlite)', () => {
  it('an upload recorded without its job and an accepted import cut off both run at the next start', async () => {
    const database = await openPgliteCopy('demo');
    const dir = mkdtempSync(join(tmpdir(), 'welfare-imports-restart-'));
    const options = {
      ...TEST_APP_OPTIONS,
      database,
      uploadsDir: dir,
    } as const;
    try {
      const first = await buildApp(options);
      const db = first.db;
      const laura = await db
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where('email', '=', 'laura.bianchi@example.com')
        .executeTakeFirstOrThrow();
      const input = { companyId: laura.company_id, userId: laura.id, fileName: 'ferma.xlsx' };
      // Stopped between the insert and the send: the row, no job.
      const waiting = await createImport(db, first.files, { ...input, content: await xlsx([row(300)]) });
      // Accepted, and the process stopped before the import ran.
      const accepted = await createImport(db, first.files, { ...input, content: await xlsx([row(301)]) });
      await validateImport({ db, files: first.files }, { id: accepted });
      expect(await decideImport(db, accepted, 'ACCEPTED_BY_BACKOFFICE')).toBe(true);
      await first.close();

      const second = await buildApp(options);
      await second.jobs.idle(30_000);
      const statuses = () =>
        second.db
          .selectFrom('import_jobs')
          .select(['id', 'status'])
          .where('id', 'in', [waiting, accepted])
          .orderBy('id')
          .execute();
      await expect.poll(statuses, { timeout: 30_000, interval: 100 }).toEqual([
        { id: waiting, status: 'VALIDATION_COMPLETED' },
        { id: accepted, status: 'IMPORTED_SUCCESSFULLY' },
      ]);
      await second.close();
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
