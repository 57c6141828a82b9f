/**
 * `npx tsx bench/api-throughput.ts`: throughput of an authenticated API call next to its floor, both
 * measured in this run on the same database with autocannon (20 connections), autocannon running in its
 * own process so that it does not share the server's event loop. After a WARMUP_S warm-up of each, the
 * two are measured in turn, ROUNDS rounds of DURATION_S / ROUNDS seconds each (the floor first in one
 * round, the call first in the next): on a shared machine a burst of load then falls on both alike, and
 * the share of the floor is the median of the rounds' shares.
 *
 * - floor: a bare Fastify instance (no plugin, no hook) with one route doing one indexed query
 *   (`SELECT id, email FROM users WHERE id = $1`) through the app's own connection pool, prepared as the
 *   session query is (db/prepared.ts: a named statement on PostgreSQL and on PGlite), so that the floor
 *   pays what the call's query pays to reach the database and nothing more;
 * - the call: `GET /api/get-logged-user-info` of the real app (demo data, every plugin and hook on:
 *   security headers, rate limit with a budget high enough not to refuse, text guard, auth, access)
 *   with a valid session token of mario.
 *
 * On PGlite always (a temporary folder), and on PostgreSQL (a database created and dropped here) when
 * TEST_DATABASE_URL is set. Prints a table per backend, then the share of the floor of both backends side
 * by side, and writes bench/api-throughput-results.json. The targets (at least 50% of the floor on
 * PostgreSQL, 30% on PGlite) are printed beside the figures, `met` or `NOT met`; PGlite's missed both in
 * requests/s and in CPU per request makes the bench exit with 1 (see the end).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/connect';
import { prepareQuery } from '../src/server/db/prepared';
import type { DB } from '../src/server/db/schema';
import { benchOnEachBackend } from './databases';
import { createSession } from '../src/server/services/sessions';

const CONNECTIONS = 20;
/** Seconds measured per target, over all rounds. */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const ROUND_S = Math.max(1, Math.round(DURATION_S / ROUNDS));
const WARMUP_S = 2;
/**
 * Share of the floor the authenticated call should reach: on PostgreSQL (issue 27 found 57%), and on
 * the embedded database (issue 27: it served 9%; the target is at least 30%).
 */
const TARGET_SHARE: Record<Backend, number> = { postgres: 0.5, pglite: 0.3 };
const USER = 'mario.rossi@example.com';
const TICKET_SECRET = 'bench-ticket-secret-0123456789abcdef-0123456789';

const RESULTS_FILE = fileURLToPath(new URL('./api-throughput-results.json', import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type Backend = 'pglite' | 'postgres';

/** The floor's one query, prepared as the session query is (db/prepared.ts). */
const floorQuery = prepareQuery<DB, 'id', { id: number; email: string }>((db, param) =>
  db.selectFrom('users').select(['id', 'email']).where('id', '=', param<number>('id')),
);

interface Run {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * CPU time of this process (the server, and on PGlite the database too) per request, microseconds:
   * steadier than requests/s on a shared machine, where other processes take the cores in bursts.
   */
  cpuUsPerRequest: number;
}

interface BackendResult {
  backend: Backend;
  /** Medians of the rounds (requests, non-2xx and errors: totals). */
  floor: Run;
  call: Run;
  /** call / floor, requests per second, per round. */
  roundShares: number[];
  /** The median of `roundShares`. */
  share: number;
  /** The share the call should reach on this backend. */
  targetShare: number;
  targetMet: boolean;
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

/** One timed autocannon run of a target. */
async function measureOnce(url: string, headers: Record<string, string>): Promise<Omit<Run, 'name' | 'url'>> {
  const cpu = process.cpuUsage();
  const result = await autocannon(url, ROUND_S, headers);
  const used = process.cpuUsage(cpu);
  return {
    cpuUsPerRequest: Math.round((used.user + used.system) / Math.max(1, result.requests.total)),
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function summary(name: string, url: string, rounds: Array<Omit<Run, 'name' | 'url'>>): Run {
  const sum = (pick: (r: Omit<Run, 'name' | 'url'>) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  return {
    name,
    url: new URL(url).pathname,
    requestsPerSecond: Math.round(median(rounds.map((r) => r.requestsPerSecond))),
    latencyP50Ms: median(rounds.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(rounds.map((r) => r.latencyP99Ms)),
    cpuUsPerRequest: Math.round(median(rounds.map((r) => r.cpuUsPerRequest))),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** The floor and the call measured in turn (see the header); their summaries and the rounds' shares. */
async function measurePair(
  backend: Backend,
  floor: Target,
  call: Target,
): Promise<{ floor: Run; call: Run; roundShares: number[] }> {
  for (const target of [floor, call]) {
    // A first request checks the answer before anything is timed.
    const probe = await fetch(target.url, { headers: target.headers });
    if (probe.status !== 200) throw new Error(`${target.name}: ${probe.status} ${await probe.text()}`);
    await autocannon(target.url, WARMUP_S, target.headers);
  }
  const floorRounds: Array<Omit<Run, 'name' | 'url'>> = [];
  const callRounds: Array<Omit<Run, 'name' | 'url'>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['floor', 'call'] : ['call', 'floor'];
    for (const which of order) {
      const target = which === 'floor' ? floor : call;
      (which === 'floor' ? floorRounds : callRounds).push(await measureOnce(target.url, target.headers));
    }
    const f = floorRounds[round]?.requestsPerSecond ?? 0;
    const c = callRounds[round]?.requestsPerSecond ?? 0;
    process.stdout.write(`  ${backend}: round ${round + 1}/${ROUNDS}: floor ${f} req/s, call ${c} req/s\n`);
  }
  return {
    floor: summary(floor.name, floor.url, floorRounds),
    call: summary(call.name, call.url, callRounds),
    roundShares: callRounds.map((c, i) => c.requestsPerSecond / (floorRounds[i]?.requestsPerSecond || 1)),
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
    floorApp.get('/floor', async () => (await floorQuery.execute(database.db, { id: user.id }))[0]);
    const floorBase = await listen(floorApp);
    const appBase = await listen(app);

    const { floor, call, roundShares } = await measurePair(
      backend,
      { name: 'floor: bare Fastify route, one indexed query', url: `${floorBase}/floor`, headers: {} },
      {
        name: 'GET /api/get-logged-user-info (token)',
        url: `${appBase}/api/get-logged-user-info`,
        headers: { authorization: `Token ${token}` },
      },
    );
    const share = median(roundShares);
    const targetShare = TARGET_SHARE[backend];
    return { backend, floor, call, roundShares, share, targetShare, targetMet: share >= targetShare };
  } finally {
    await floorApp.close();
    await app.close();
  }
}

function table(result: BackendResult): string {
  const header = ['what', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'requests', 'non-2xx', 'errors'];
  const rows = [result.floor, result.call].map((r) => [
    r.name,
    String(r.requestsPerSecond),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.cpuUsPerRequest),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [
    `${result.backend}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_S} s each after ${WARMUP_S} s warm-up (medians of the rounds)`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    `share of the floor per round: ${result.roundShares.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}; ` +
      `by CPU per request (floor / call): ${(cpuShare(result) * 100).toFixed(0)}%`,
    `get-logged-user-info = ${shareLine(result)}`,
  ].join('\n');
}

/** Floor's CPU per request over the call's: the share of the floor the call would serve on a free core. */
function cpuShare(result: BackendResult): number {
  return result.floor.cpuUsPerRequest / Math.max(1, result.call.cpuUsPerRequest);
}

function shareLine(result: BackendResult): string {
  const target = Math.round(result.floor.requestsPerSecond * result.targetShare);
  return (
    `${(result.share * 100).toFixed(0)}% of the floor (median of the rounds); target >= ` +
    `${Math.round(result.targetShare * 100)}% (${target} req/s): ${result.targetMet ? 'met' : 'NOT met'}`
  );
}

// The server's own pool size on PostgreSQL (connect.ts default).
const results = await benchOnEachBackend({
  run,
  table,
  resultsFile: RESULTS_FILE,
  settings: {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    rounds: ROUNDS,
    roundS: ROUND_S,
    warmupS: WARMUP_S,
    targetShareOfFloor: TARGET_SHARE,
  },
});
// Both backends side by side: the embedded database's share next to PostgreSQL's.
process.stdout.write(
  `\nget-logged-user-info, share of its floor:\n${results
    .map(
      (r) =>
        `  ${r.backend.padEnd(8)} ${r.call.requestsPerSecond} of ${r.floor.requestsPerSecond} req/s = ${shareLine(r)}`,
    )
    .join('\n')}\n`,
);
// A miss on PGlite fails the bench when the CPU share misses too: there one process does all the work
// (server and database), so its CPU per request is the steady measure; a burst of load from another
// process can take the requests/s of a round but not that. On PostgreSQL the share is shown only: the
// database server's work is in another process, and the requests/s alone are at the mercy of the noise.
const embedded = results.find((r) => r.backend === 'pglite');
if (embedded && !embedded.targetMet && cpuShare(embedded) < embedded.targetShare) {
  process.stdout.write('PGlite: obiettivo mancato sia in richieste/s sia in CPU per richiesta.\n');
  process.exitCode = 1;
}
