/**
 * The database of the app: opened (or handed over by the caller), migrated, seeded in demo mode,
 * exposed as `app.db` (Kysely) and closed with the app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../db/connect';
import { runMigrations } from '../db/migrate';
import type { DB } from '../db/schema';
import { seedDemo } from '../db/seed-demo';
import { syncReferenceData, type ReferenceDeclarations } from '../services/reference-data';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    database: Database;
  }
}

export interface DbPluginOptions {
  databaseUrl: string | null;
  dataDir: string;
  inMemory: boolean;
  demo: boolean;
  /** Load the demo data in demo mode (default true); false when the database already holds it (test templates). */
  seed?: boolean;
  /** An already open database: the app uses it and leaves it open at close. */
  database?: Database;
  /** The reference data written at every start (services/reference-data.ts). */
  reference: ReferenceDeclarations;
}

/** Arbitrary constant shared by every instance ("seed" in ASCII); the migrations use another. */
const SEED_LOCK_ID = 0x73656564;

/**
 * The demo seed, once at a time: instances starting together on one PostgreSQL database take turns
 * (a session advisory lock held on one pooled connection while the seed runs on the others), so the
 * second finds everything in place instead of racing the first on the same keys. PGlite lives in one
 * process and needs no lock.
 */
export async function seedDemoExclusively(database: Database): Promise<void> {
  if (database.kind !== 'postgres') return seedDemo(database.db);
  await database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK_ID})`.execute(connection);
    try {
      await seedDemo(database.db);
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK_ID})`.execute(connection);
    }
  });
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app: FastifyInstance, options) => {
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: options.databaseUrl,
        dataDir: options.dataDir,
        inMemory: options.inMemory,
      }));
    try {
      const applied = await runMigrations(database.db);
      if (applied.length > 0) app.log.info({ applied }, 'migrazioni applicate');
      const reference = await syncReferenceData(database, options.reference);
      if (reference.changed.length > 0)
        app.log.info(
          { added: reference.added, removed: reference.removed, changed: reference.changed.slice(0, 100) },
          'dati di riferimento aggiornati (permessi per profilo e per cliente, elenchi dei moduli, province)',
        );
      else app.log.info('dati di riferimento già aggiornati');
      if (options.demo && options.seed !== false) {
        const started = Date.now();
        await seedDemoExclusively(database);
        app.log.info({ ms: Date.now() - started }, 'dati demo pronti');
      }
    } catch (error) {
      if (!options.database) await database.close();
      throw error;
    }
    if (!options.database) app.addHook('onClose', async () => database.close());
    app.decorate('db', database.db);
    app.decorate('database', database);
  },
  { name: 'db' },
);
