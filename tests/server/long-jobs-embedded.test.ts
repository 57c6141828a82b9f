/**
 * The long jobs other than the import on the embedded database (issue 27): PGlite is one connection
 * behind a mutex, so a job that holds it (one long transaction, or one long query) makes every other
 * request wait. With 20,000 employees in a company, the back office's exports (residual credit,
 * expiry schedule, a plan's credits, the company's movements and the payroll month) and Piattapasto
 * (template, a 20,000-row order uploaded, confirmed and sent by its job) run while another user keeps
 * asking for their credit: none of those requests waits a second. Measured like
 * tests/server/import-batches.test.ts, from when each request was due, so a job that holds the event
 * loop (PGlite answers without leaving the microtask queue: a loop of short queries never lets a timer
 * or a socket in) counts as much as one that holds the connection. Before the batches and the pauses
 * between them: residual credit 2.9 s, schedule 3.1 s, plan credits 1.9 s, company movements 2.1 s,
 * Piattapasto template 1.0 s of waiting, and a 20,000-row order refused with a 500 (one INSERT past
 * PostgreSQL's 65,535 parameters) after holding the server 5.5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { romeDate } from '../../src/server/services/calendar';
import { multipart } from './forms-helpers';
import { buildTestApp, json, type TestApp } from './helpers';

const EMPLOYEES = Number(process.env.LONG_JOB_ROWS ?? 20_000);

describe('long jobs on the embedded database', () => {
  let t: TestApp;
  let laura: string;
  let mario: string;
  let acme: number;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'welfare-long-jobs-'));

  /** Copies one row of `table` once per bulk employee, with the employee's id in `userColumn`. */
  async function cloneForEach(
    table: string,
    where: ReturnType<typeof sql>,
    userColumn = 'user_id',
    overrides: Record<string, ReturnType<typeof sql>> = {},
  ) {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
       WHERE table_name = ${table} AND table_schema = 'public'
         AND is_identity = 'NO' AND column_default IS DISTINCT FROM ${`nextval('${table}_id_seq'::regclass)`}
         AND is_generated = 'NEVER' AND column_name <> ${userColumn}`.execute(t.db);
    const columns = sql.join(rows.map((r) => sql.ref(r.column_name)));
    const fromModel = sql.join(
      rows.map((r) => overrides[r.column_name] ?? sql.ref(`model.${r.column_name}`)),
    );
    await sql`
      INSERT INTO ${sql.table(table)} (${sql.ref(userColumn)}, ${columns})
      SELECT u.id, ${fromModel}
        FROM users AS u, (SELECT * FROM ${sql.table(table)} WHERE ${where} LIMIT 1) AS model
       WHERE u.email LIKE 'massa%@lotti.example.com'`.execute(t.db);
  }

  beforeAll(async () => {
    t = await buildTestApp('pglite', { uploadsDir });
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    const company = await t.db
      .selectFrom('companies')
      .select(['id_azienda', 'customer_id'])
      .where('nome', '=', 'Acme S.p.A.')
      .executeTakeFirstOrThrow();
    acme = company.id_azienda;
    await sql`
      INSERT INTO users (email, nome, cognome, cod_fisc, company_id, customer_id)
      SELECT 'massa' || g || '@lotti.example.com', 'Nome' || g, 'Cognome' || lpad(g::text, 6, '0'), '',
             ${acme}, ${company.customer_id}
        FROM generate_series(1, ${EMPLOYEES}) AS g`.execute(t.db);
    const mariosId = sql`user_id = (SELECT id FROM users WHERE email = 'mario.rossi@example.com')`;
    await cloneForEach('credit_lines', mariosId);
    // Dated now: the payroll month's export has them too.
    await cloneForEach('movements', mariosId, 'user_id', { created: sql`now() - interval '1 minute'` });
    const plan = await t.db
      .selectFrom('welfare_plans')
      .select('wpw_id')
      .where('company_id', '=', acme)
      .orderBy('wpw_id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO welfare_plan_credits (plan_id, user_id, credito_tot, credito_art51c3)
      SELECT ${plan.wpw_id}, id, 100000, 0 FROM users WHERE email LIKE 'massa%@lotti.example.com'`.execute(
      t.db,
    );
    planId = plan.wpw_id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  let planId: number;

  const actFor = () => ({ 'act-for': String(acme) });

  /**
   * Runs `job` while another user asks for their credit, at a user's pace (20 ms between answers: see
   * import-batches.test.ts), until it ends; answers the job's result, its time and every wait. A wait
   * runs from when the request was due (20 ms after the previous answer) to its answer: a server whose
   * event loop the job holds (not only its connection) is measured too.
   */
  async function whileRunning<T>(job: () => Promise<T>) {
    let done = false;
    const started = performance.now();
    const running = job().finally(() => {
      done = true;
    });
    const waits: number[] = [];
    let due = performance.now();
    while (!done) {
      const answer = await t.request({ method: 'GET', url: '/api/get_user_credit_info', token: mario });
      const answered = performance.now();
      waits.push(answered - due);
      expect(answer.statusCode).toBe(200);
      due = answered + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const result = await running;
    const ms = performance.now() - started;
    return { result, ms, waits, longest: Math.max(0, ...waits) };
  }

  const report = (name: string, run: { ms: number; waits: number[]; longest: number }) =>
    console.info(
      `${name}: ${Math.round(run.ms)} ms, ${run.waits.length} richieste, attesa massima ${Math.round(run.longest)} ms`,
    );

  const download = (url: string) => () => t.request({ method: 'GET', url, token: laura, headers: actFor() });

  it('exports every employee while another request never waits a second', async () => {
    const today = romeDate();
    const monthStart = `${today.slice(0, 7)}-01`;
    const exports: Array<[string, string]> = [
      ['credito residuo', '/api/export_crediti_res_utenti'],
      ['scadenzario', '/api/scadenzario_azienda?download=true'],
      ['crediti del piano', `/api/piano_welfare_crediti/${planId}`],
      ['movimenti azienda', `/api/get_storico_transazioni/azienda?download=true`],
      ['paghe fine mese', `/api/export_wfbridge_fine_mese?date_start=${monthStart}&date_end=${today}`],
    ];
    for (const [name, url] of exports) {
      const run = await whileRunning(download(url));
      report(name, run);
      expect(run.result.statusCode, `${name}: ${run.result.body.slice(0, 200)}`).toBe(200);
      expect(run.result.rawPayload.length).toBeGreaterThan(EMPLOYEES * 10);
      expect.soft(run.longest, name).toBeLessThan(1000);
    }
  }, 600_000);

  it('makes, confirms and sends a 20,000-row Piattapasto order while another request never waits a second', async () => {
    const template = await whileRunning(download('/api/piattapasto_template'));
    report('modello piattapasto', template);
    expect(template.result.statusCode).toBe(200);
    expect.soft(template.longest).toBeLessThan(1000);

    const lines = ['Nome;Email;Buoni;Credito'];
    for (let g = 1; g <= EMPLOYEES; g++) lines.push(`x;massa${g}@lotti.example.com;1;0`);
    const body = multipart({}, [
      { field: 'csv_ordine', filename: 'ordine.csv', content: Buffer.from(lines.join('\r\n')) },
    ]);
    const upload = await whileRunning(() =>
      t.request({
        method: 'POST',
        url: '/api/piattapasto_carica_ordine',
        token: laura,
        payload: body.payload,
        headers: { ...body.headers, ...actFor() },
      }),
    );
    report('ordine piattapasto caricato', upload);
    expect(upload.result.statusCode, upload.result.body.slice(0, 300)).toBe(201);
    const order = json<{ order_id: number; nbuoni_totali: number }>(upload.result);
    expect(order.nbuoni_totali).toBe(EMPLOYEES);
    expect.soft(upload.longest).toBeLessThan(1000);

    const sent = await whileRunning(async () => {
      const confirmed = await t.request({
        method: 'POST',
        url: '/api/piattapasto_conferma_ordine',
        token: laura,
        payload: { id_ordine: order.order_id },
        headers: actFor(),
      });
      expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
      await expect
        .poll(
          async () =>
            (
              await t.db
                .selectFrom('piattapasto_orders')
                .select('status')
                .where('id', '=', order.order_id)
                .executeTakeFirstOrThrow()
            ).status,
          { timeout: 120_000, interval: 100 },
        )
        .toMatch(/^(COMPLETED|ERROR)$/);
    });
    report('ordine piattapasto inviato', sent);
    expect(sent.longest).toBeLessThan(1000);
  }, 600_000);
});
