/**
 * Server test helpers: the app on an in-memory PGlite, or on a fresh PostgreSQL database created for
 * the test file and dropped after it, when TEST_DATABASE_URL is set. Both start from a copy of a
 * template seeded once per run (templates.ts), not from a fresh seed per file.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connect';
import type { DB } from '../../src/server/db/schema';
import { romeDate } from '../../src/server/services/calendar';
import { createSession } from '../../src/server/services/sessions';
import {
  adminQuery,
  databaseUrl,
  openPgliteCopy,
  readyTemplates,
  testDatabasePrefix,
  type TemplateKind,
} from './templates';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export type Backend = 'pglite' | 'postgres';

/** TICKET_SECRET of the test apps (any value of at least 32 characters). */
export const TEST_TICKET_SECRET = 'test-ticket-secret-0123456789abcdef-0123456789';

/** The backends the main suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const NO_POSTGRES_REASON = 'TEST_DATABASE_URL non impostata: test solo su PostgreSQL saltato';

/** `CREATE DATABASE` of a copy of `source` (a template), named for this run (see dropTemplates). */
async function copyTemplate(source: string): Promise<string> {
  if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
  const name = `${testDatabasePrefix(source)}${randomBytes(6).toString('hex')}`;
  await adminQuery(TEST_DATABASE_URL, `CREATE DATABASE ${name} TEMPLATE ${source}`);
  return name;
}

/**
 * One copy of each template made ahead, per worker: the server copies it (half a second for the demo
 * data) on the other core while the current file runs, so the next file finds it ready. Files run one
 * after another in one worker (vitest.config.ts); a copy nobody took is dropped with the templates.
 */
const madeAhead = new Map<string, Promise<string>>();

function takeCopy(source: string): Promise<string> {
  const ready = madeAhead.get(source) ?? copyTemplate(source);
  const next = copyTemplate(source);
  // Its failure is seen by the file that takes it, not as an unhandled rejection meanwhile.
  next.catch(() => undefined);
  madeAhead.set(source, next);
  return ready;
}

/**
 * A new database on the test server; `drop()` removes it (and its connections). `template`: a copy of
 * the run's migrated (`empty`) or seeded (`demo`) template; without it, a database with nothing in it.
 * A copy's drop is not waited for: the server drops it on the other core while the next file runs,
 * and the run's teardown drops whatever copy is left (dropTemplates).
 */
export async function createTestDatabase(
  template?: TemplateKind,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
  const admin = TEST_DATABASE_URL;
  let name: string;
  if (template) {
    const templates = await readyTemplates();
    const source = template === 'demo' ? templates.postgresDemo : templates.postgresEmpty;
    if (!source) throw new Error(NO_POSTGRES_REASON);
    name = await takeCopy(source);
  } else {
    name = `welfare_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
  }
  const drop = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return {
    url: databaseUrl(admin, name),
    drop: template
      ? async () => {
          drop().catch(() => undefined);
        }
      : drop,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  /** A session token for a demo user. */
  login(email: string): Promise<string>;
  /**
   * inject() with `Authorization: Token <token>` when a token is given; it resolves once the mail work
   * the call left for after its answer (`app.mail.later`) has ended too, so the next step sees it.
   */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * What every test app is built with (buildTestApp, and the tests that call buildApp themselves for two
 * apps on one database): silent, demo mode on a database that already holds the demo data, no built
 * portal, a loose rate limit.
 */
export const TEST_APP_OPTIONS = {
  // Outside demo mode TICKET_SECRET is required (plugins/env.ts).
  env: { TICKET_SECRET: TEST_TICKET_SECRET },
  logger: false,
  staticDir: null,
  demo: true,
  // The template holds the demo data already.
  seedDemo: false,
  rateLimitMax: 100_000,
  // No load shedding: PGlite's synchronous queries on a busy test machine can lag the loop past the
  // production threshold, and a 503 there would fail an unrelated test (tests/server/operations.test.ts
  // turns it on with its own threshold).
  loadShedding: false,
  // No daily reminder run in the background: it would write notices and mails into the tests' counts
  // (tests/server/expiry-reminders.test.ts runs it itself, and turns the timer on where it tests it).
  expiryReminderTimer: false,
} as const satisfies BuildAppOptions;

/**
 * One migrated PGlite database per worker, for the apps of tests that neither read nor write data (the
 * built portal, headers, router errors, rate limits, pages off outside demo mode): opened once and left
 * open, it saves them a copy each.
 */
let sharedEmpty: Promise<Database> | undefined;

export interface TestAppPlacement {
  /** PGlite: the worker's shared migrated database (`sharedEmpty`) instead of a copy of its own. */
  sharedEmpty?: boolean;
}

/**
 * The app with the demo seed (by default; `demo: false` gives a migrated database without it), silent,
 * without a built portal, with a loose rate limit. The database is a copy of the run's template.
 */
export async function buildTestApp(
  backend: Backend,
  options: BuildAppOptions = {},
  placement: TestAppPlacement = {},
): Promise<TestApp> {
  const template: TemplateKind = options.demo === false ? 'empty' : 'demo';
  const database = backend === 'postgres' ? await createTestDatabase(template) : null;
  if (backend === 'pglite' && placement.sharedEmpty) {
    if (template !== 'empty') throw new Error('sharedEmpty: solo con demo: false');
    sharedEmpty ??= openPgliteCopy('empty');
    options = { ...options, database: await sharedEmpty };
  }
  const embedded = backend === 'pglite' && !options.database ? await openPgliteCopy(template) : null;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      ...TEST_APP_OPTIONS,
      ...(database ? { databaseUrl: database.url } : { inMemory: true }),
      ...(embedded ? { database: embedded } : {}),
      ...options,
    });
  } catch (error) {
    await database?.drop();
    await embedded?.close();
    throw error;
  }
  return {
    app,
    db: app.db,
    login: (email) => createSession(app.db, email),
    async request({ token, headers, ...rest }) {
      const response = await app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Token ${token}` } : {}) },
      });
      await app.mail.idle();
      return response;
    },
    async close() {
      await app.close();
      await embedded?.close();
      await database?.drop();
    },
  };
}

/** A migrated database (with the demo seed for `demo`) without the app (ledger and CLI tests), with its own cleanup. */
export async function openTestDatabase(
  backend: Backend,
  poolMax = 10,
  template: TemplateKind = 'empty',
): Promise<Database & { drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openPgliteCopy(template);
    return { ...database, drop: () => database.close() };
  }
  const created = await createTestDatabase(template);
  const database = await openDatabase({ databaseUrl: created.url, poolMax });
  return {
    ...database,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

/** A customer, a company and a user with no credit: a clean slate for ledger tests. */
export async function createTestUser(
  db: Kysely<DB>,
  email = `u${randomBytes(4).toString('hex')}@test.example.com`,
) {
  const customer = await db
    .insertInto('customers')
    .values({ slug: `t${randomBytes(4).toString('hex')}`, name: 'Test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const company = await db
    .insertInto('companies')
    .values({ nome: `Test ${randomBytes(4).toString('hex')} S.r.l.`, customer_id: customer.id })
    .returning('id_azienda')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email,
      nome: 'Test',
      cognome: 'Utente',
      company_id: company.id_azienda,
      customer_id: customer.id,
      password_hash: null,
      pass_expiry_date: null,
      totp_secret: null,
      otp_method: null,
      covip_fondo: null,
      ollipay_profile: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, companyId: company.id_azienda, customerId: customer.id, email };
}

/** JSON body of an inject() answer. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

/** The mails sent to `email` (the outbox), oldest first. */
export const mailsTo = (db: Kysely<DB>, email: string) =>
  db.selectFrom('outbox').select(['subject', 'text']).where('mail_to', '=', email).orderBy('id').execute();

/** A test year's credit line for `userId`: from today to the end of next year. */
export const testCreditDates = () => ({
  dataDecorrenza: romeDate(),
  dataScadenza: `${Number(romeDate().slice(0, 4)) + 1}-12-31`,
});
