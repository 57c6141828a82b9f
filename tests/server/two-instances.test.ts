/**
 * Two instances of the real server behind a real reverse proxy (issue 27, "proved with real parts"): two
 * processes `node --import tsx src/server/server.ts`, each on its own port, both on one PostgreSQL
 * database (a copy of the demo template, demo mode off), behind haproxy (Debian's package, started here
 * with a generated config: round robin, health check on /health/ready; proxy-harness.ts). Through the
 * proxy only:
 * 1. a session works on both instances (consecutive requests are answered by both);
 * 2. a bulk import uploaded through the proxy is validated by whichever instance's worker; a document
 *    uploaded through one instance is read, with its thumbnail, through either, each instance with a
 *    DATA_DIR of its own (files live in PostgreSQL);
 * 3. a rolling restart (SIGTERM, wait until ready, then the other) under a steady load of reads and
 *    purchases with an Idempotency-Key: no read fails, each purchase is debited once;
 * 4. a SIGKILL of one instance under the same load: every purchase, retried with its key, ends once.
 *
 * The client retries what failed at the network level or with 502/503/504 (the proxy had no instance to
 * give it, or the instance died under it): a read as is, a purchase with the same Idempotency-Key.
 * PostgreSQL only (TEST_DATABASE_URL). Without haproxy the test is skipped, except in CI (CI=true),
 * where it fails: .ci/run installs haproxy.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { addCredit, balances } from '../../src/server/services/ledger';
import { createSession } from '../../src/server/services/sessions';
import { multipart, PDF } from './forms-helpers';
import { createTestDatabase, NO_POSTGRES_REASON, TEST_DATABASE_URL, TEST_TICKET_SECRET } from './helpers';
import { row, xlsx } from './import-helpers';
import {
  freePort,
  haproxyBinary,
  serverInstance,
  startHaproxy,
  waitFor,
  type Instance,
  type Proxy,
} from './proxy-harness';

const HAPROXY = haproxyBinary();
const IN_CI = process.env.CI === 'true' || process.env.CI === '1';
const NO_HAPROXY = 'haproxy non installato: apt-get install -y haproxy (in CI lo installa .ci/run)';

/** The purchase of the load: an app voucher of 5 € (its codes are loaded here: demo mode is off). */
const PURCHASE = 'buono-toduba';
const CUT = '5.00';
/** Pacing of the load loops (a request at a time each; the rate limit is 300 a minute per user). */
const READ_PACE_MS = 60;
const BUY_PACE_MS = 120;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRYABLE = new Set([502, 503, 504]);

interface Answer {
  status: number;
  instance: string | null;
  body: string;
  replayed: boolean;
}

async function call(url: string, init: RequestInit): Promise<Answer | Error> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    return {
      status: response.status,
      instance: response.headers.get('x-instance'),
      body: await response.text(),
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

interface Load {
  reads: { ok: number; retried: number; failed: string[]; byInstance: Record<string, number> };
  /** Per Idempotency-Key: the purchase id of every answer, or why it ended without one. */
  purchases: Map<string, { ids: number[]; attempts: number; stuck?: string; failed?: string }>;
  /** Purchase requests sent and not answered yet. */
  buying: number;
  stop(): Promise<void>;
}

describe.skipIf(!TEST_DATABASE_URL)(
  `two instances behind haproxy on one PostgreSQL database${TEST_DATABASE_URL ? '' : ` (${NO_POSTGRES_REASON})`}`,
  () => {
    it.runIf(!HAPROXY && IN_CI)('has haproxy in CI', () => {
      throw new Error(NO_HAPROXY);
    });

    describe.skipIf(!HAPROXY)(`through the proxy${HAPROXY ? '' : ` (${NO_HAPROXY})`}`, () => {
      let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
      let db: Database | undefined;
      let proxy: Proxy | undefined;
      let instances: Instance[] = [];
      // Each instance has its own DATA_DIR: files (documents, imports) live in PostgreSQL (the database
      // backend of services/file-store.ts), so what one instance stored the other reads.
      let dataDirs: string[] = [];
      let mario = '';
      let laura = '';
      let marioId = 0;
      let acme = 0;

      const byName = (name: string) => instances.find((instance) => instance.name === name)!;
      const logs = () =>
        [
          ...instances.map((i) => `=== ${i.name}\n${i.log().slice(-4000)}`),
          `=== haproxy\n${proxy?.log()}`,
        ].join('\n');

      beforeAll(async () => {
        dataDirs = ['a', 'b'].map((name) => mkdtempSync(join(tmpdir(), `welfare-two-instances-${name}-`)));
        database = await createTestDatabase('demo');
        db = await openDatabase({ databaseUrl: database.url, poolMax: 4 });
        const today = romeDate();
        marioId = (
          await db.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'mario.rossi@example.com')
            .executeTakeFirstOrThrow()
        ).id;
        acme = (
          await db.db
            .selectFrom('companies')
            .select('id_azienda')
            .where('nome', '=', 'Acme S.p.A.')
            .executeTakeFirstOrThrow()
        ).id_azienda;
        // Enough credit and codes for every purchase of the load.
        await addCredit(db.db, {
          userId: marioId,
          amountCents: 200_000,
          fonte: 7,
          isArt51c3: true,
          dataDecorrenza: addDays(today, -1),
          dataScadenza: addMonths(today, 6),
        });
        await db.db
          .insertInto('voucher_codes')
          .values(
            Array.from({ length: 400 }, (_, i) => ({
              acquisto: PURCHASE,
              prodotto: CUT,
              code: `DUE-ISTANZE-${i}-${randomBytes(4).toString('hex')}`,
              expires_on: addMonths(today, 6),
              source: 'two-instances.test.ts',
            })),
          )
          .execute();
        mario = await createSession(db.db, 'mario.rossi@example.com');
        laura = await createSession(db.db, 'laura.bianchi@example.com');

        const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
        const env: Record<string, string> = {
          DATABASE_URL: database.url,
          DEMO: '0',
          TICKET_SECRET: TEST_TICKET_SECRET,
          PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
          LOG_LEVEL: 'warn',
          // No load shedding: on a busy test machine the event loop of a starting instance lags, and a
          // shed request would be one more 503 to retry, not what this test looks at.
          LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
        };
        instances = [
          serverInstance('a', portA, { ...env, DATA_DIR: dataDirs[0]! }),
          serverInstance('b', portB, { ...env, DATA_DIR: dataDirs[1]! }),
        ];
        proxy = await startHaproxy(instances, proxyPort);
        await Promise.all(instances.map((instance) => instance.start()));
        await Promise.all(instances.map((instance) => proxy!.waitState(instance.name, 'UP')));
      });

      afterAll(async () => {
        await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
        await proxy?.stop();
        await db?.close();
        await database?.drop();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      });

      const get = (url: string, token: string, headers: Record<string, string> = {}) =>
        call(`${proxy!.url}${url}`, { headers: { authorization: `Token ${token}`, ...headers } });

      /** A read, retried while the proxy or an instance fails at the network level. */
      async function read(url: string, token: string, headers: Record<string, string> = {}) {
        let retried = 0;
        for (let attempt = 0; ; attempt += 1) {
          const answer = await get(url, token, headers);
          if (answer instanceof Error || RETRYABLE.has(answer.status)) {
            if (attempt >= 30) return { answer, retried };
            retried += 1;
            await pause(100);
            continue;
          }
          return { answer, retried };
        }
      }

      /** A purchase with its Idempotency-Key, retried with the same key until it has an answer. */
      async function buy(
        key: string,
        entry: { ids: number[]; attempts: number; stuck?: string; failed?: string },
        load: Pick<Load, 'buying'>,
      ) {
        const until = Date.now() + 20_000;
        let inFlightSince: number | null = null;
        for (;;) {
          entry.attempts += 1;
          load.buying += 1;
          const answer = await call(`${proxy!.url}/api/crea_acquisto/${PURCHASE}`, {
            method: 'POST',
            headers: {
              authorization: `Token ${mario}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({ importo: CUT }),
          });
          load.buying -= 1;
          if (answer instanceof Error || RETRYABLE.has(answer.status)) {
            if (Date.now() > until) {
              entry.failed = answer instanceof Error ? answer.message : `${answer.status} ${answer.body}`;
              return;
            }
            await pause(100);
            continue;
          }
          if (answer.status === 409) {
            // The key is claimed by an attempt still running (or by one whose process died: the claim is
            // taken over only once stale, see services/idempotency.ts).
            inFlightSince ??= Date.now();
            if (Date.now() - inFlightSince > 5_000) {
              entry.stuck = answer.body;
              return;
            }
            await pause(100);
            continue;
          }
          if (answer.status !== 201) {
            entry.failed = `${answer.status} ${answer.body}`;
            return;
          }
          entry.ids.push((JSON.parse(answer.body) as { id_acquisto: number }).id_acquisto);
          // Asked once more: the same purchase again, replayed.
          const again = await call(`${proxy!.url}/api/crea_acquisto/${PURCHASE}`, {
            method: 'POST',
            headers: {
              authorization: `Token ${mario}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({ importo: CUT }),
          });
          if (!(again instanceof Error) && again.status === 201) {
            expect(again.replayed).toBe(true);
            entry.ids.push((JSON.parse(again.body) as { id_acquisto: number }).id_acquisto);
          }
          return;
        }
      }

      /** Reads (laura's session) and purchases (mario's) in two loops, until stop(). */
      function startLoad(tag: string): Load {
        let stopped = false;
        const load: Load = {
          reads: { ok: 0, retried: 0, failed: [], byInstance: {} },
          purchases: new Map(),
          buying: 0,
          stop: async () => {
            stopped = true;
            await Promise.all(loops);
          },
        };
        const readLoop = async () => {
          while (!stopped) {
            const { answer, retried } = await read('/api/get-logged-user-info', laura);
            load.reads.retried += retried;
            if (answer instanceof Error || answer.status !== 200)
              load.reads.failed.push(
                answer instanceof Error ? answer.message : `${answer.status} ${answer.body}`,
              );
            else {
              load.reads.ok += 1;
              const instance = answer.instance ?? '?';
              load.reads.byInstance[instance] = (load.reads.byInstance[instance] ?? 0) + 1;
            }
            await pause(READ_PACE_MS);
          }
        };
        const buyLoop = async () => {
          for (let n = 1; !stopped; n += 1) {
            const key = `${tag}-${n}-${randomBytes(3).toString('hex')}`;
            const entry = { ids: [] as number[], attempts: 0 };
            load.purchases.set(key, entry);
            await buy(key, entry, load);
            await pause(BUY_PACE_MS);
          }
        };
        const loops = [readLoop(), buyLoop()];
        return load;
      }

      /** Resolves once the load has made `reads` more successful reads (and a purchase more). */
      async function progress(load: Load, reads = 5) {
        const target = load.reads.ok + reads;
        const purchases = [...load.purchases.values()].filter((p) => p.ids.length > 0).length + 1;
        await waitFor(
          () => `progresso del carico (${JSON.stringify(load.reads)}); log:\n${logs()}`,
          () =>
            load.reads.ok >= target &&
            [...load.purchases.values()].filter((p) => p.ids.length > 0).length >= purchases
              ? true
              : undefined,
          30_000,
        );
      }

      /** Resolves once a read through the proxy was answered by `name`. */
      async function servedBy(name: string) {
        await waitFor(`una risposta di ${name} attraverso il proxy`, async () => {
          const { answer } = await read('/api/get-logged-user-info', laura);
          return !(answer instanceof Error) && answer.status === 200 && answer.instance === name
            ? true
            : undefined;
        });
      }

      /** Each key's answers name one purchase; each purchase is in the ledger once, debited once. */
      async function expectOncePerKey(load: Load, before: { art51c3: number; lastId: number }) {
        const entries = [...load.purchases.entries()];
        const failed = entries.filter(([, entry]) => entry.failed);
        expect(failed, 'acquisti finiti senza risposta').toEqual([]);
        const done = entries.filter(([, entry]) => entry.ids.length > 0);
        for (const [key, entry] of done) expect(new Set(entry.ids).size, key).toBe(1);
        const ids = done.map(([, entry]) => entry.ids[0]!);
        expect(new Set(ids).size).toBe(ids.length);
        const made = await db!.db
          .selectFrom('purchases')
          .select('id')
          .where('user_id', '=', marioId)
          .where('id', '>', before.lastId)
          .execute();
        expect(made.map((p) => Number(p.id)).sort((x, y) => x - y)).toEqual(
          [...ids].map(Number).sort((x, y) => x - y),
        );
        const movements = await db!.db
          .selectFrom('movements')
          .select('id_acquisto')
          .where('id_acquisto', 'in', ids.length ? ids : [-1])
          .execute();
        expect(movements).toHaveLength(ids.length);
        // Each key is stored with the answer of its one purchase.
        const keys = await db!.db
          .selectFrom('idempotency_keys')
          .select(['key', 'response_status', 'response_body'])
          .where('user_id', '=', marioId)
          .where(
            'key',
            'in',
            entries.map(([key]) => key),
          )
          .execute();
        for (const [key, entry] of done) {
          const stored = keys.find((k) => k.key === key);
          expect(stored?.response_status, key).toBe(201);
          const body =
            typeof stored?.response_body === 'string'
              ? JSON.parse(stored.response_body)
              : stored?.response_body;
          expect((body as { id_acquisto: number }).id_acquisto).toBe(entry.ids[0]);
        }
        const after = await balances(db!.db, marioId);
        expect(before.art51c3 - after.art51c3).toBe(ids.length * 500);
        return { done: done.length, stuck: entries.filter(([, entry]) => entry.stuck) };
      }

      async function ledgerBefore() {
        const last = await db!.db
          .selectFrom('purchases')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        return { art51c3: (await balances(db!.db, marioId)).art51c3, lastId: Number(last?.id ?? 0) };
      }

      it('round robin: consecutive requests with one session are answered by both instances', async () => {
        const answered: string[] = [];
        for (let i = 0; i < 6; i += 1) {
          const answer = await get('/api/get-logged-user-info', mario);
          if (answer instanceof Error) throw answer;
          expect(answer.status, answer.body).toBe(200);
          expect(answer.body).toContain('mario.rossi@example.com');
          answered.push(answer.instance ?? '?');
        }
        expect(new Set(answered)).toEqual(new Set(['a', 'b']));
        // A sign-out answered by one instance holds on both: the session is gone from the shared database.
        const other = await createSession(db!.db, 'mario.rossi@example.com');
        const out = await call(`${proxy!.url}/api/logout`, {
          method: 'POST',
          headers: { authorization: `Token ${other}` },
        });
        if (out instanceof Error) throw out;
        expect(out.status, out.body).toBe(200);
        for (let i = 0; i < 2; i += 1) {
          const after = await get('/api/get-logged-user-info', other);
          if (after instanceof Error) throw after;
          expect(after.status).toBe(401);
        }
      });

      it('a bulk import uploaded through the proxy is validated by a worker; both instances serve its files', async () => {
        const body = multipart({}, [
          { field: 'csv_ordine', filename: 'dipendenti.xlsx', content: await xlsx([row(1), row(2)]) },
        ]);
        const upload = await call(`${proxy!.url}/api/importtools`, {
          method: 'POST',
          headers: { authorization: `Token ${laura}`, 'act-for': String(acme), ...body.headers },
          body: new Uint8Array(body.payload),
        });
        if (upload instanceof Error) throw upload;
        expect(upload.status, upload.body).toBe(201);
        const { id } = JSON.parse(upload.body) as { id: number };
        const status = await waitFor(
          () => `la validazione dell'import ${id}; log:\n${logs()}`,
          async () => {
            const list = await get('/api/importtools', laura, { 'act-for': String(acme) });
            if (list instanceof Error || list.status !== 200) return undefined;
            const job = (JSON.parse(list.body) as { id: number; status: string }[]).find((j) => j.id === id);
            return job && !/^(IN_QUEUE|IN_PROGRESS)$/.test(job.status) ? job.status : undefined;
          },
          40_000,
        );
        expect(status).toBe('VALIDATION_COMPLETED');
        // The uploaded file and the validation's output, asked until each instance has served them.
        for (const file of ['input', 'output']) {
          const servedBy = new Set<string>();
          await waitFor(`il file ${file} da entrambe le istanze`, async () => {
            const answer = await get(`/api/importtools/${id}/${file}`, laura, { 'act-for': String(acme) });
            if (answer instanceof Error) throw answer;
            expect(answer.status, answer.body).toBe(200);
            servedBy.add(answer.instance ?? '?');
            return servedBy.size === 2 ? true : undefined;
          });
        }
      });

      it('a document uploaded through one instance is read, with its thumbnail, through either', async () => {
        // Someone other than mario, whose per-user rate limit the load of the next tests needs whole, with
        // one of his requests for the document to join ("I Miei Files" lists the documents of requests).
        const owner = await db!.db
          .selectFrom('purchases as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select(['p.id', 'u.email'])
          .where('u.id', '!=', marioId)
          .where('u.email', '!=', 'laura.bianchi@example.com')
          .orderBy('p.id')
          .executeTakeFirstOrThrow();
        const token = await createSession(db!.db, owner.email);
        // Larger than one chunk of the database store; ASCII, so the text answers compare byte for byte.
        const content = Buffer.concat([PDF, Buffer.alloc(300 * 1024, 0x20)]);
        const body = multipart(
          { file_kind: 'doc_pagam', file_kind_id: '2', file_date: romeDate(), file_num: '1' },
          [{ filename: 'ricevuta.pdf', contentType: 'application/pdf', content }],
        );
        const upload = await call(`${proxy!.url}/api/upload_allegato`, {
          method: 'POST',
          headers: { authorization: `Token ${token}`, ...body.headers },
          body: new Uint8Array(body.payload),
        });
        if (upload instanceof Error) throw upload;
        expect(upload.status, upload.body).toBe(201);
        const { doc_id: id } = JSON.parse(upload.body) as { doc_id: number };
        const downloadedBy = new Set<string>();
        await waitFor('il documento da entrambe le istanze', async () => {
          const answer = await get(`/api/download_document/${id}`, token);
          if (answer instanceof Error) throw answer;
          expect(answer.status, answer.body.slice(0, 200)).toBe(200);
          expect(answer.body).toBe(content.toString('latin1'));
          downloadedBy.add(answer.instance ?? '?');
          return downloadedBy.size === 2 ? true : undefined;
        });
        // The thumbnail, drawn by whichever instance's job took it, is listed by both.
        await db!.db.updateTable('documents').set({ purchase_id: owner.id }).where('id', '=', id).execute();
        const thumbBy = new Set<string>();
        await waitFor(
          () => `la miniatura da entrambe le istanze; log:\n${logs()}`,
          async () => {
            await pause(200);
            const answer = await get('/api/files_utente', token);
            if (answer instanceof Error) throw answer;
            expect(answer.status, answer.body.slice(0, 200)).toBe(200);
            const groups = JSON.parse(answer.body) as {
              files: { id_resource: number; base64_thumb: string | null }[];
            }[];
            const file = groups.flatMap((g) => g.files).find((f) => f.id_resource === id);
            if (file?.base64_thumb) thumbBy.add(answer.instance ?? '?');
            return thumbBy.size === 2 ? true : undefined;
          },
          40_000,
        );
        // Neither instance's own folder holds a file.
        for (const dir of dataDirs) {
          const uploads = join(dir, 'uploads');
          expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
        }
      });

      it('a rolling restart under load: no read fails, each purchase is debited once', async () => {
        const before = await ledgerBefore();
        const load = startLoad('rolling');
        try {
          await progress(load);
          for (const name of ['a', 'b']) {
            const instance = byName(name);
            // SIGTERM: the instance finishes what it is answering and exits cleanly; haproxy's check takes
            // it out of the rotation meanwhile.
            expect(await instance.stop('SIGTERM'), logs()).toBe(0);
            await proxy!.waitState(name, 'DOWN');
            await progress(load);
            await instance.start();
            await proxy!.waitState(name, 'UP');
            await servedBy(name);
            await progress(load);
          }
        } finally {
          await load.stop();
        }
        expect(load.reads.failed, logs()).toEqual([]);
        expect(Object.keys(load.reads.byInstance).sort()).toEqual(['a', 'b']);
        const { done, stuck } = await expectOncePerKey(load, before);
        expect(stuck).toEqual([]);
        expect(done).toBeGreaterThan(4);
      }, 90_000);

      it('a SIGKILL under load: every purchase retried with its key ends once', async () => {
        const before = await ledgerBefore();
        const load = startLoad('kill');
        try {
          await progress(load);
          // Killed while a purchase is on its way (to b or to a: round robin decides).
          await waitFor('un acquisto in corso', () => (load.buying > 0 ? true : undefined));
          expect(await byName('b').stop('SIGKILL')).toBe('SIGKILL');
          await proxy!.waitState('b', 'DOWN');
          await progress(load);
          await byName('b').start();
          await proxy!.waitState('b', 'UP');
          await servedBy('b');
          await progress(load);
        } finally {
          await load.stop();
        }
        expect(load.reads.failed, logs()).toEqual([]);
        const { done, stuck } = await expectOncePerKey(load, before);
        expect(done).toBeGreaterThan(2);
        // A key whose request died with its process after the key was claimed and before the purchase
        // committed answers 409 until the claim is stale (services/idempotency.ts): nothing was debited
        // for it (checked above: the ledger holds exactly the answered purchases).
        expect(stuck.length).toBeLessThanOrEqual(1);
      }, 90_000);
    });
  },
);
