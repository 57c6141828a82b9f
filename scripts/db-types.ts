/**
 * The database's Kysely types, generated from a database migrated by src/server/db/migrations/ (the SQL
 * files are the truth) with kysely-codegen: one interface per table of the `public` schema, tables and
 * columns sorted by name, and `DB`, the map table -> interface.
 *
 *   npm run db-types          # rewrites src/server/db/schema.gen.ts
 *
 * The file is checked in and tests/server/db-types.test.ts fails when it is stale, so a migration without
 * a regeneration never reaches a review unnoticed. src/server/db/schema.ts is what the code imports: it
 * takes every table from here and narrows only a few columns (text columns a CHECK keeps to a list of
 * values, the shape of jsonb columns), each narrowing checked against this file.
 *
 * The database is an in-memory PGlite migrated by runMigrations, as the server migrates at start; the
 * test also generates from PostgreSQL when TEST_DATABASE_URL is set, and both must give this file. The
 * types follow what connect.ts hands the code on both: every column type the migrations use is mapped
 * in COLUMN_TYPES, and any other makes the generation throw, so a new type is met by deciding its
 * TypeScript type here (and its parser in connect.ts) rather than by kysely-codegen's default guess.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import {
  ColumnTypeNode,
  IdentifierNode,
  PostgresDialect,
  serializeFromMetadata,
  type DatabaseMetadata,
  type PostgresDB,
} from 'kysely-codegen';
import prettier from 'prettier';
import { openDatabase } from '../src/server/db/connect';
import { runMigrations } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';

export const OUTPUT = 'src/server/db/schema.gen.ts';

/** Only the application's tables: pg-boss keeps its queue in the `pgboss` schema (services/jobs.ts). */
const INCLUDE = 'public.*';

/**
 * The column types the migrations use (pg_type names; arrays of them too) and why each is typed as it
 * is. The TypeScript type is kysely-codegen's for the type unless `mapped` says otherwise.
 */
const COLUMN_TYPES: Record<string, { why: string; mapped?: string }> = {
  text: { why: 'string' },
  uuid: { why: 'string (its text form; no parser changes it)' },
  bool: { why: 'boolean' },
  int2: { why: 'number' },
  int4: { why: 'number' },
  int8: { why: 'number: connect.ts parses bigint refusing values beyond 2^53', mapped: 'number' },
  date: { why: "'YYYY-MM-DD' string: connect.ts keeps the text (dateParser 'string' below)" },
  timestamptz: { why: 'Date out, Date or ISO text in (kysely-codegen `Timestamp`)' },
  jsonb: { why: 'the parsed value out, JSON text in (`Json` below; schema.ts gives columns their shape)' },
  bytea: {
    why: 'Uint8Array: PGlite answers a Uint8Array, pg a Buffer (a Uint8Array too)',
    mapped: 'Uint8Array',
  },
};

const TYPE_MAPPING = Object.fromEntries(
  Object.entries(COLUMN_TYPES).flatMap(([name, { mapped }]) => (mapped ? [[name, mapped]] : [])),
);

/** The column types outside COLUMN_TYPES, as `table.column: type` lines (empty when all are known). */
export function unknownColumnTypes(metadata: DatabaseMetadata): string[] {
  return metadata.tables.flatMap((table) =>
    table.columns
      .filter((column) => !Object.hasOwn(COLUMN_TYPES, column.dataType))
      .map((column) => `${table.name}.${column.name}: ${column.dataType}${column.isArray ? '[]' : ''}`),
  );
}

function codegenDialect(): PostgresDialect {
  const dialect = new PostgresDialect({ dateParser: 'string', defaultSchemas: ['public'] });
  // kysely-codegen's `Json` is `JsonValue` both ways; the code writes JSON text (JSON.stringify) and
  // reads the parsed value. As a ColumnType it also keeps `Json | null` apart from `Json` (JsonValue
  // alone holds null), which schema.ts needs to carry a column's nullability over to its narrowed type.
  dialect.adapter.definitions.Json = new ColumnTypeNode(
    new IdentifierNode('JsonValue'),
    new IdentifierNode('string'),
    new IdentifierNode('string'),
  );
  return dialect;
}

/** The generated module's text for the database `db` (already migrated), formatted as Prettier would. */
export async function generateDbTypesFrom(db: Kysely<DB>): Promise<string> {
  const dialect = codegenDialect();
  // The introspector types the connection by the catalog tables it reads (pg_type, pg_enum, ...).
  const catalog = db as unknown as Kysely<PostgresDB>;
  const metadata = await dialect.introspector.introspect({ db: catalog, includePattern: INCLUDE });
  const unknown = unknownColumnTypes(metadata);
  if (unknown.length > 0) {
    throw new Error(
      `Colonne di un tipo senza tipo TypeScript deciso (COLUMN_TYPES in scripts/db-types.ts, parser in connect.ts):\n  ${unknown.join('\n  ')}`,
    );
  }
  const body = serializeFromMetadata({
    metadata,
    dialect,
    defaultSchemas: ['public'],
    typeMapping: TYPE_MAPPING,
    skipAutogeneratedFileComment: true,
    typeOnlyImports: true,
  });
  const text = [
    '// Generated by scripts/db-types.ts (npm run db-types) with kysely-codegen from a database migrated by',
    '// src/server/db/migrations/: do not edit by hand. tests/server/db-types.test.ts fails when it is older',
    '// than the migrations. The code imports src/server/db/schema.ts, which narrows a few columns of these.',
    '',
    body,
  ].join('\n');
  const output = resolve(fileURLToPath(new URL('..', import.meta.url)), OUTPUT);
  const config = (await prettier.resolveConfig(output)) ?? {};
  return prettier.format(text, { ...config, filepath: output });
}

/** The generated module's text, from a new in-memory PGlite migrated as the server migrates at start. */
export async function generateDbTypes(): Promise<string> {
  const database = await openDatabase({ inMemory: true });
  try {
    await runMigrations(database.db);
    return await generateDbTypesFrom(database.db);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(resolve(root, OUTPUT), await generateDbTypes());
  console.info(`${OUTPUT} scritto`);
}
