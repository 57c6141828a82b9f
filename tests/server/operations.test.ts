/**
 * The operations team's signals (issue 27): the load balancer's probes (GET /health/live, GET
 * /health/ready: 503 with the error shape naming what is not ready, a missing migration, stopped job
 * workers, a database that does not answer), load shedding (503 with Retry-After while the event loop
 * lags, the liveness probe still answered) and the Prometheus scrape (GET /metrics behind METRICS_TOKEN,
 * request durations by route pattern and name, the database facts). On both databases where the
 * database is read; shedding is not database-specific (PGlite only).
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { buildApp } from '../../src/server/app';
import { formatMessage } from '../../src/server/messages';
import { EnvError, loadEnv } from '../../src/server/plugins/env';
import { waitText } from '../../src/server/plugins/rate-limit';
import { debitPurchase } from '../../src/server/services/ledger';
import { expectedMigrations } from '../../src/server/services/operations';
import {
  backends,
  buildTestApp,
  json,
  openTestDatabase,
  TEST_APP_OPTIONS,
  TEST_TICKET_SECRET,
  type TestApp,
} from './helpers';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const BEARER = { authorization: `Bearer ${METRICS_TOKEN}` };

const notReady = (...reasons: string[]) => ({
  detail: formatMessage('apiNotReady', { reasons: reasons.join('; ') }),
});

/** One sample of a scrape: `name{labels} value`, its labels as given (all must match). */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of scrape.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('environment of the operations signals', () => {
  it('reads the shedding thresholds and the metrics token', () => {
    const config = loadEnv({
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '250',
      LOAD_SHED_SAMPLE_INTERVAL_MS: '100',
      LOAD_SHED_RETRY_AFTER_SECONDS: '30',
      METRICS_TOKEN: ` ${METRICS_TOKEN} `,
    });
    expect(config.operations).toEqual({
      maxEventLoopDelayMs: 250,
      sampleIntervalMs: 100,
      retryAfterSeconds: 30,
      metricsToken: METRICS_TOKEN,
    });
    expect(loadEnv({ LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }).operations.maxEventLoopDelayMs).toBe(0);
  });

  it('stops the start on a bad value, naming the variable and never printing the token', () => {
    const short = 'troppo-corto';
    let error: unknown;
    try {
      loadEnv({
        LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '-1',
        LOAD_SHED_SAMPLE_INTERVAL_MS: '5',
        LOAD_SHED_RETRY_AFTER_SECONDS: 'presto',
        METRICS_TOKEN: short,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).variables).toEqual([
      'LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS',
      'LOAD_SHED_RETRY_AFTER_SECONDS',
      'LOAD_SHED_SAMPLE_INTERVAL_MS',
      'METRICS_TOKEN',
    ]);
    expect((error as EnvError).message).toContain('METRICS_TOKEN=[nascosto]');
    expect((error as EnvError).message).not.toContain(short);
    expect(() => loadEnv({ METRICS_TOKEN: `${METRICS_TOKEN} con spazi` })).toThrow(/METRICS_TOKEN/);
  });
});

describe.each(backends)('health probes and metrics (%s)', (backend) => {
  let t: TestApp;
  let mario: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { TICKET_SECRET: TEST_TICKET_SECRET, METRICS_TOKEN } });
    mario = await t.login('mario.rossi@example.com');
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const response = await t.request({ method: 'GET', url: '/metrics', headers: BEARER });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('GET /health/live answers 200 without a session, never cached', async () => {
    const response = await t.request({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('GET /health/ready answers 200 when the database, its migrations and the job workers are fine', async () => {
    const response = await t.request({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /health/ready answers 503 naming a migration of this build the database lacks', async () => {
    const last = expectedMigrations().at(-1)!;
    const row = await t.db
      .selectFrom('schema_migrations')
      .selectAll()
      .where('version', '=', last)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('schema_migrations').where('version', '=', last).execute();
    try {
      const response = await t.request({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(json(response)).toEqual(notReady(formatMessage('apiNotReadyMigrations', { missing: last })));
    } finally {
      await t.db.insertInto('schema_migrations').values(row).execute();
    }
    expect((await t.request({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('serves /metrics only with the bearer token (401 with the error shape otherwise)', async () => {
    for (const authorization of [
      undefined,
      'Bearer sbagliato',
      `Bearer ${METRICS_TOKEN}x`,
      `Token ${METRICS_TOKEN}`,
    ]) {
      const response = await t.request({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(json(response)).toEqual({ detail: messages.apiMetricsUnauthorized });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(response.body).not.toContain('welfare_');
    }
  });

  it('times each call by its route pattern and name, never by its raw URL', async () => {
    const pattern = '/api/marca_notifica_come_letta/:mess_id';
    const before = await scrape();
    const call = await t.request({
      method: 'POST',
      url: '/api/marca_notifica_come_letta/987654321',
      token: mario,
    });
    const labels = {
      method: 'POST',
      route: pattern,
      route_name: 'site-notifiche',
      status_class: `${Math.floor(call.statusCode / 100)}xx`,
    };
    const response = await t.request({ method: 'GET', url: '/metrics', headers: BEARER });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = response.body;
    expect(after).toMatch(/^# TYPE welfare_http_request_duration_seconds histogram$/m);
    const count = (scrape: string) =>
      sample(scrape, 'welfare_http_request_duration_seconds_count', labels) ?? 0;
    expect(count(after) - count(before)).toBe(1);
    expect(sample(after, 'welfare_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      count(after),
    );
    expect(after).not.toContain('987654321');
    // Unmatched URLs share one label, whatever they were.
    await t.request({ method: 'GET', url: '/api/non_esiste/123456789' });
    expect(
      sample(await scrape(), 'welfare_http_request_duration_seconds_count', { route: '(none)' }),
    ).toBeGreaterThan(0);
    // Node's own metrics come along.
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('reads the ledger debits, the outbox, the job queue and the pool from the database at scrape time', async () => {
    const count = async (table: 'purchases' | 'outbox') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = await scrape();
    expect(sample(first, 'welfare_metrics_database_up')).toBe(1);
    expect(sample(first, 'welfare_ledger_debits_total')).toBe(await count('purchases'));
    // No SMTP here: every mail is kept.
    expect(sample(first, 'welfare_outbox_mails', { state: 'kept' })).toBe(await count('outbox'));
    expect(sample(first, 'welfare_outbox_mails', { state: 'pending' })).toBe(0);
    for (const state of ['created', 'retry', 'active', 'failed'])
      expect(sample(first, 'welfare_job_queue_jobs', { queue: 'import-validate', state }), state).toBe(0);
    expect(sample(first, 'welfare_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(first, 'welfare_db_pool_clients', { state: 'waiting' })).toBe(0);

    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'mario.rossi@example.com')
      .executeTakeFirstOrThrow();
    await debitPurchase(t.db, {
      userId: user.id,
      kind: 1,
      amountCents: 100,
      source: 'totale',
      oggetto: 'Metriche',
    });
    await t.app.mail.send({ to: 'operazioni@example.com', subject: 'Prova', text: 'Prova delle metriche.' });
    await t.app.jobs.send('metriche-prova', {});
    await t.app.jobs.send('metriche-prova', {});
    // One of them failed (no worker serves this queue: the state is set as pg-boss would).
    await sql`UPDATE pgboss.job SET state = 'failed'
      WHERE id = (SELECT id FROM pgboss.job WHERE name = 'metriche-prova' LIMIT 1)`.execute(t.db);

    const second = await scrape();
    expect(sample(second, 'welfare_ledger_debits_total')).toBe(
      sample(first, 'welfare_ledger_debits_total')! + 1,
    );
    expect(sample(second, 'welfare_outbox_mails', { state: 'kept' })).toBe(
      sample(first, 'welfare_outbox_mails', { state: 'kept' })! + 1,
    );
    expect(sample(second, 'welfare_job_queue_jobs', { queue: 'metriche-prova', state: 'created' })).toBe(1);
    expect(sample(second, 'welfare_job_queue_jobs', { queue: 'metriche-prova', state: 'failed' })).toBe(1);
  });

  it('declares the probes public outside /api and documents them in OpenAPI', async () => {
    for (const url of ['/health/live', '/health/ready', '/metrics']) {
      const route = t.app.routeList.find((r) => r.url === url && r.method === 'GET');
      expect(route?.config, url).toMatchObject({ public: true });
    }
    const doc = json<{
      paths: Record<
        string,
        Record<string, { summary?: string; tags?: string[]; security?: unknown; responses: object }>
      >;
    }>(await t.request({ method: 'GET', url: '/api/openapi.json' }));
    for (const url of ['/health/live', '/health/ready', '/metrics']) {
      const operation = doc.paths[url]?.get;
      expect(operation?.summary, url).toBeTruthy();
      expect(operation?.tags, url).toEqual(['operazioni']);
      expect(operation?.security, url).toBeUndefined();
    }
    expect(Object.keys(doc.paths['/health/ready']!.get!.responses)).toEqual(['200', '503']);
  });
});

describe.each(backends)('readiness when the workers stop and the database goes away (%s)', (backend) => {
  it('answers 503 naming the job workers, then the database too', async () => {
    // The app's own database, closed by the test (the app leaves a database it was handed open).
    const database = await openTestDatabase(backend, 2, 'empty');
    const app = await buildApp({ ...TEST_APP_OPTIONS, demo: false, database });
    try {
      expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      await app.jobs.stop();
      const stopped = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(stopped.statusCode).toBe(503);
      expect(json(stopped)).toEqual(notReady(messages.apiNotReadyJobs));

      await database.close();
      const gone = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(gone.statusCode).toBe(503);
      expect(json(gone)).toEqual(notReady(messages.apiNotReadyDatabase, messages.apiNotReadyJobs));
      // The process itself is alive.
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('load shedding', () => {
  let t: TestApp;
  const lines: { msg?: string; req?: { url?: string }; reqId?: string }[] = [];
  const RETRY_AFTER = 7;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp(
      'pglite',
      {
        demo: false,
        logger: { level: 'info', stream },
        // A tiny threshold, measured often: a short synchronous block is enough to shed.
        loadShedding: { maxEventLoopDelayMs: 20, sampleIntervalMs: 50, retryAfterSeconds: RETRY_AFTER },
      },
      { sharedEmpty: true },
    );
  });
  afterAll(async () => t?.close());

  /** Keeps the event loop busy, as a long synchronous piece of work would. */
  const block = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  const ask = (url: string) => t.app.inject({ method: 'GET', url });
  /** Lets the timers run (the lag is measured by one). */
  const turn = () => new Promise((resolve) => setTimeout(resolve, 1));

  it('answers 503 with Retry-After and the error shape while the event loop lags, the liveness probe still 200', async () => {
    const deadline = Date.now() + 30_000;
    let shed: Awaited<ReturnType<typeof ask>> | undefined;
    let liveWhileShedding = false;
    while (!shed || !liveWhileShedding) {
      if (Date.now() > deadline) throw new Error('il server non ha mai rifiutato richieste per sovraccarico');
      block(150);
      await turn();
      if (!t.app.isUnderPressure()) continue;
      const live = await ask('/health/live');
      expect(live.statusCode).toBe(200);
      if (t.app.isUnderPressure()) liveWhileShedding = true;
      const answer = await ask('/api/getapiuserskin/initech');
      if (answer.statusCode === 503) shed ??= answer;
    }
    expect(json(shed)).toEqual({
      detail: formatMessage('apiOverloaded', { after: waitText(RETRY_AFTER * 1000) }),
    });
    expect(shed.headers['retry-after']).toBe(String(RETRY_AFTER));
    expect(shed.headers['x-content-type-options']).toBe('nosniff');

    // Once the loop is free again, the server answers again.
    for (;;) {
      if (Date.now() > deadline) throw new Error('il server rifiuta ancora le richieste');
      if ((await ask('/api/getapiuserskin/initech')).statusCode !== 503) break;
      await turn();
    }
  });

  it('does not log the probes at info (balancers poll them), and serves no /metrics without METRICS_TOKEN', async () => {
    lines.length = 0;
    await ask('/health/live');
    await ask('/health/ready');
    await ask('/api/getapiuserskin/initech');
    const urls = lines.map((line) => line.req?.url).filter(Boolean);
    expect(urls).toContain('/api/getapiuserskin/initech');
    expect(urls.filter((url) => url!.startsWith('/health'))).toEqual([]);
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);

    const metrics = await ask('/metrics');
    expect(metrics.statusCode).toBe(404);
    expect(json(metrics)).toEqual({ detail: messages.apiNotFound });
  });
});
