/**
 * `npx tsx bench/api-throughput.ts`: throughput of an authenticated API call next to its floor, both
 * measured in this run on the same database with autocannon (20 connections, DURATION_S seconds after
 * a WARMUP_S warm-up), autocannon running in its own process so that it does not share the server's
 * event loop.
 *
 * - floor: a bare Fastify instance (no plugin, no hook) with one route doing one indexed query
 *   (`SELECT id, email FROM users WHERE id = $1`) through the app's own connection pool;
 * - the call: `GET /api/get-logged-user-info` of the real app (demo data, every plugin and hook on:
 *   security headers, rate limit with a budget high enough not to refuse, text guard, auth, access)
 *   with a valid session token of mario.
 *
 * On PGlite always (a temporary folder), and on PostgreSQL (a database created and dropped here) when
 * TEST_DATABASE_URL is set. Prints a table per backend and writes bench/api-throughput-results.json.
 * Figures are reported, never asserted; the target (at least 50% of the floor on PostgreSQL) is printed
 * beside them.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/connect';
import { benchOnEachBackend } from './databases';
import { createSession } from '../src/server/services/sessions';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
/** Share of the floor the authenticated call should reach on PostgreSQL. */
const TARGET_SHARE = 0.5;
const USER = 'mario.rossi@example.com';
const TICKET_SECRET = 'bench-ticket-secret-0123456789abcdef-0123456789';

const RESULTS_FILE = fileURLToPath(new URL('./api-throughput-results.json', import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type Backend = 'pglite' | 'postgres';

interface Run {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface BackendResult {
  backend: Backend;
  floor: Run;
  call: Run;
  /** call / floor, requests per second. */
  share: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** One autocannon run in a child process; its JSON summary. */
function autocannon(url: string, seconds: number, headers: Record<string, string>): Promise<AutocannonJson> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon: uscita ${code}\n${err}`));
      try {
        resolve(JSON.parse(out) as AutocannonJson);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Run> {
  // A first request checks the answer before anything is timed.
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
  await autocannon(url, WARMUP_S, headers);
  const result = await autocannon(url, DURATION_S, headers);
  return {
    name,
    url: new URL(url).pathname,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function run(backend: Backend, database: Database): Promise<BackendResult> {
  const app = await buildApp({
    env: { TICKET_SECRET },
    database,
    demo: true,
    logger: false,
    staticDir: null,
    // The rate limit stays on (its hook runs) with a budget that never refuses during the run.
    rateLimitMax: 100_000_000,
    // Saturation is the point of the run: shedding would answer 503 instead of measuring.
    loadShedding: false,
  });
  const floorApp = Fastify({ logger: false });
  try {
    const token = await createSession(database.db, USER);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', USER)
      .executeTakeFirstOrThrow();
    floorApp.get('/floor', async () =>
      database.db.selectFrom('users').select(['id', 'email']).where('id', '=', user.id).executeTakeFirst(),
    );
    const floorBase = await listen(floorApp);
    const appBase = await listen(app);

    process.stdout.write(`  ${backend}: floor...\n`);
    const floor = await measure('floor: bare Fastify route, one indexed query', `${floorBase}/floor`);
    process.stdout.write(`  ${backend}: floor ${floor.requestsPerSecond} req/s; get-logged-user-info...\n`);
    const call = await measure(
      'GET /api/get-logged-user-info (token)',
      `${appBase}/api/get-logged-user-info`,
      {
        authorization: `Token ${token}`,
      },
    );
    process.stdout.write(`  ${backend}: get-logged-user-info ${call.requestsPerSecond} req/s\n`);
    return { backend, floor, call, share: call.requestsPerSecond / floor.requestsPerSecond };
  } finally {
    await floorApp.close();
    await app.close();
  }
}

function table(result: BackendResult): string {
  const header = ['what', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'];
  const rows = [result.floor, result.call].map((r) => [
    r.name,
    String(r.requestsPerSecond),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const target = Math.round(result.floor.requestsPerSecond * TARGET_SHARE);
  const verdict =
    result.backend === 'postgres'
      ? `target >= ${Math.round(TARGET_SHARE * 100)}% of the floor (${target} req/s): ${result.call.requestsPerSecond >= target ? 'met' : 'NOT met'}`
      : `target (PostgreSQL only) would be ${target} req/s`;
  return [
    `${result.backend}: ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    `get-logged-user-info = ${(result.share * 100).toFixed(0)}% of the floor; ${verdict}`,
  ].join('\n');
}

// The server's own pool size on PostgreSQL (connect.ts default).
await benchOnEachBackend({
  run,
  table,
  resultsFile: RESULTS_FILE,
  settings: { connections: CONNECTIONS, durationS: DURATION_S, targetShareOfFloor: TARGET_SHARE },
});
