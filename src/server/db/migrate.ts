/**
 * Applies migrations/NNN-name.sql in order, once each, inside one transaction holding a
 * PostgreSQL advisory lock: several instances starting together on a shared database apply
 * each migration exactly once, and a failed migration leaves nothing half done.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { creditSources } from '../../../config/movement-kinds';
import { installJobSchema } from '../services/jobs';
import type { DB } from './schema';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Arbitrary constant shared by every instance of this server ("welf" in ASCII). */
const MIGRATION_LOCK_ID = 0x77656c66;
const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => {
      const match = FILE_NAME.exec(name);
      if (!match?.[1]) throw new Error(`Nome di migrazione non valido: ${name} (atteso NNN-nome.sql)`);
      return { version: match[1], name, sql: readFileSync(`${dir}/${name}`, 'utf8') };
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** Returns the names of the migrations applied by this call. */
export async function runMigrations(db: Kysely<DB>, migrations = listMigrations()): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql
      .raw(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version text PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      )
      .execute(trx);
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
    );
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version }).execute();
      applied.push(migration.name);
    }
    // Reference data that lives in config/: kept in step at every start.
    for (const source of creditSources) {
      await trx
        .insertInto('fonti')
        .values({ id: source.id, nome: source.nome })
        .onConflict((oc) => oc.column('id').doUpdateSet({ nome: source.nome }))
        .execute();
    }
  });
  // The job queue's own schema (pg-boss keeps its versions; it creates or migrates it in its own
  // transaction, so after ours).
  await installJobSchema(db);
  return applied;
}
