/**
 * The bulk import on the embedded database (issue 27): one connection for every request, so an
 * accepted import is applied in batches (services/imports.ts `applyImportInBatches`) that each commit
 * with their progress. A 20,000-row import is applied while another request keeps asking: none waits
 * more than a second behind it. A run cut off between batches resumes after the last committed one and
 * writes nothing twice; a row no longer valid fails it before anything is written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { APPLY_BATCH_ROWS, applyImport, decideImport } from '../../src/server/services/imports';
import { taxCodeCheckLetter } from '../../src/shared/validators';
import { multipart } from './forms-helpers';
import { buildTestApp, json, type TestApp } from './helpers';
import { row, xlsx, type Cell } from './import-helpers';

const LETTERS = 'BCDFGHLMNPRSTVZ';

/** A valid tax code for every n below 15^6, each different. */
function bigTaxCode(n: number): string {
  const letters = Array.from({ length: 6 }, (_, i) => LETTERS[Math.floor(n / 15 ** i) % 15]).join('');
  const first15 = `${letters}80A01F205`;
  return first15 + taxCodeCheckLetter(first15);
}

const employee = (n: number, overrides: Parameters<typeof row>[1] = {}): Cell[] =>
  row(n, { Email: `lotto${n}@import.example.com`, 'Codice Fiscale': bigTaxCode(n), ...overrides });

describe('bulk import applied in batches on the embedded database', () => {
  let t: TestApp;
  let laura: string;
  let mario: string;
  let acme: number;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'welfare-import-batches-'));

  beforeAll(async () => {
    t = await buildTestApp('pglite', { uploadsDir });
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    acme = (
      await t.db
        .selectFrom('companies')
        .select('id_azienda')
        .where('nome', '=', 'Acme S.p.A.')
        .executeTakeFirstOrThrow()
    ).id_azienda;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const deps = () => ({
    db: t.db,
    files: t.app.files,
    sendMail: (m: { to: string; subject: string; text: string }) => t.app.mail.send(m),
    outbox: t.app.mail,
    baseUrl: 'http://localhost:8080',
    batched: true,
  });

  async function status(id: number) {
    return t.db
      .selectFrom('import_jobs')
      .select(['status', 'note', 'applied_through', 'users_created', 'users_updated', 'credit_lines'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Uploads the rows and waits for their validation; answers the import's id. */
  async function validated(rows: Cell[][]): Promise<number> {
    const body = multipart({}, [{ field: 'csv_ordine', filename: 'lotto.xlsx', content: await xlsx(rows) }]);
    const response = await t.request({
      method: 'POST',
      url: '/api/importtools',
      token: laura,
      payload: body.payload,
      headers: { ...body.headers, 'act-for': String(acme) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = json<{ id: number }>(response);
    await expect
      .poll(async () => (await status(id)).status, { timeout: 240_000, interval: 200 })
      .toBe('VALIDATION_COMPLETED');
    return id;
  }

  const count = async (table: 'users' | 'credit_lines' | 'outbox') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('applies 20,000 rows while another request never waits more than a second', async () => {
    const total = Number(process.env.IMPORT_ROWS ?? 20_000);
    const rows = Array.from({ length: total }, (_, i) => employee(100_000 + i));
    const id = await validated(rows);
    const usersBefore = await count('users');
    expect(await decideImport(t.db, id, 'ACCEPTED_BY_BACKOFFICE')).toBe(true);
    // The worker that the operator's acceptance would queue (routes/backoffice/imports).
    const applying = t.app.jobs.send('import-apply', { id });
    await applying;
    const waits: number[] = [];
    for (;;) {
      const started = performance.now();
      const answer = await t.request({ method: 'GET', url: '/api/get_user_credit_info', token: mario });
      waits.push(performance.now() - started);
      expect(answer.statusCode).toBe(200);
      const { status: now } = await status(id);
      if (now !== 'ACCEPTED_BY_BACKOFFICE') break;
      // A user's pace, not a wait for a state: inject() and the in-memory database answer without
      // leaving the microtask queue, and back-to-back they would starve the job queue's timers.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const done = await status(id);
    expect(done).toMatchObject({
      status: 'IMPORTED_SUCCESSFULLY',
      users_created: total,
      users_updated: 0,
      credit_lines: total * 2,
    });
    expect(await count('users')).toBe(usersBefore + total);
    // Asked throughout the apply, not after it.
    expect(waits.length).toBeGreaterThan(20);
    expect(Math.max(...waits)).toBeLessThan(1000);
  }, 600_000);

  it('resumes a run cut off between batches after the last committed one, writing nothing twice', async () => {
    const size = APPLY_BATCH_ROWS * 3 + 17;
    const id = await validated(Array.from({ length: size }, (_, i) => employee(200_000 + i)));
    expect(await decideImport(t.db, id, 'ACCEPTED_BY_BACKOFFICE')).toBe(true);
    const before = {
      users: await count('users'),
      lines: await count('credit_lines'),
      mails: await count('outbox'),
    };
    let batches = 0;
    await expect(
      applyImport(
        {
          ...deps(),
          // The process dies inside the third batch, before it commits.
          beforeBatchCommit: async () => {
            batches += 1;
            if (batches === 3) throw new Error('processo interrotto');
          },
        },
        { id },
      ),
    ).rejects.toThrow('processo interrotto');
    const cut = await status(id);
    expect(cut).toMatchObject({ status: 'ACCEPTED_BY_BACKOFFICE', users_created: APPLY_BATCH_ROWS * 2 });
    // The first two batches are there, with their welcome mails in the outbox; the third is not.
    expect(await count('users')).toBe(before.users + APPLY_BATCH_ROWS * 2);
    expect(await count('outbox')).toBe(before.mails + APPLY_BATCH_ROWS * 2);

    const rerun = await applyImport(deps(), { id });
    expect(rerun).toMatchObject({ status: 'IMPORTED_SUCCESSFULLY', created: size, lines: size * 2 });
    expect(await count('users')).toBe(before.users + size);
    expect(await count('credit_lines')).toBe(before.lines + size * 2);
    expect(await count('outbox')).toBe(before.mails + size);
    // Once more (the queue runs a job at least once): nothing.
    expect(await applyImport(deps(), { id })).toMatchObject({ status: 'IMPORTED_SUCCESSFULLY' });
    expect(await count('users')).toBe(before.users + size);
  }, 240_000);

  it('fails an import whose row is no longer valid before writing anything', async () => {
    const size = APPLY_BATCH_ROWS + 5;
    const rows = Array.from({ length: size }, (_, i) => employee(300_000 + i));
    const id = await validated(rows);
    expect(await decideImport(t.db, id, 'ACCEPTED_BY_BACKOFFICE')).toBe(true);
    // Meanwhile the e-mail of the last row became another company's employee's.
    const other = await t.db
      .selectFrom('companies')
      .select(['id_azienda', 'customer_id'])
      .where('nome', '=', 'Globex S.p.A.')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({
        email: `lotto${300_000 + size - 1}@import.example.com`,
        nome: 'Altra',
        cognome: 'Azienda',
        cod_fisc: bigTaxCode(999_999),
        company_id: other.id_azienda,
        customer_id: other.customer_id,
      })
      .execute();
    const users = await count('users');
    const result = await applyImport(deps(), { id });
    expect(result.status).toBe('IMPORT_FAILED');
    const failed = await status(id);
    expect(failed.note).toContain(messages.apiImportEmailOtherCompany);
    expect(failed.applied_through).toBe(0);
    expect(await count('users')).toBe(users);
  }, 240_000);
});
