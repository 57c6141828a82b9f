/**
 * Server test helpers: the app on an in-memory PGlite, or on a fresh PostgreSQL database created for
 * the test file and dropped after it, when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { runMigrations } from '../../src/server/db/migrate';
import type { DB } from '../../src/server/db/schema';
import { createSession } from '../../src/server/services/sessions';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export type Backend = 'pglite' | 'postgres';

/** TICKET_SECRET of the test apps (any value of at least 32 characters). */
export const TEST_TICKET_SECRET = 'test-ticket-secret-0123456789abcdef-0123456789';

/** The backends the main suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const NO_POSTGRES_REASON = 'TEST_DATABASE_URL non impostata: test solo su PostgreSQL saltato';

/** A new empty database on the test server; `drop()` removes it (and its connections). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
  const name = `welfare_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  /** A session token for a demo user. */
  login(email: string): Promise<string>;
  /** inject() with `Authorization: Token <token>` when a token is given. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The app with the demo seed (by default), silent, without a built portal, with a loose rate limit. */
export async function buildTestApp(backend: Backend, options: BuildAppOptions = {}): Promise<TestApp> {
  const database = backend === 'postgres' ? await createTestDatabase() : null;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      // Outside demo mode TICKET_SECRET is required (plugins/env.ts).
      env: { TICKET_SECRET: TEST_TICKET_SECRET },
      logger: false,
      staticDir: null,
      demo: true,
      rateLimitMax: 100_000,
      ...(database ? { databaseUrl: database.url } : { inMemory: true }),
      ...options,
    });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    app,
    db: app.db,
    login: (email) => createSession(app.db, email),
    request: ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Token ${token}` } : {}) },
      }),
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}

/** A migrated database without the app (ledger and CLI tests), with its own cleanup. */
export async function openTestDatabase(
  backend: Backend,
  poolMax = 10,
): Promise<Database & { drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ inMemory: true });
    await runMigrations(database.db);
    return { ...database, drop: () => database.close() };
  }
  const created = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: created.url, poolMax });
  await runMigrations(database.db);
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
