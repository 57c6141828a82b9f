import { readFileSync } from 'node:fs';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { generateDbTypesFrom, OUTPUT } from '../../scripts/db-types';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { runMigrations } from '../../src/server/db/migrate';
import {
  CHECKED_TEXT,
  FILLED_BY_TRIGGER,
  type DB,
  type Narrowed,
  type OtpMethod,
  type PiattapastoOrderError,
  type Profile,
  type PurchaseStatus,
  type Skin,
} from '../../src/server/db/schema';
import { openTestDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * The database's types are generated from a migrated database and checked in (src/server/db/schema.gen.ts,
 * like schemas/wire-types.gen.ts): a migration without `npm run db-types` fails here, before a query goes
 * on reading a column the database no longer has. schema.ts narrows a few columns by hand: each text
 * list is compared here with its CHECK constraint, each column left out on insert with its trigger, and
 * every narrowing is checked by the compiler against the generated tables.
 */
describe('database types (src/server/db/schema.gen.ts)', () => {
  let fresh: Database;

  beforeAll(async () => {
    // A new database migrated as the server migrates at start: what `npm run db-types` generates from.
    fresh = await openDatabase({ inMemory: true });
    await runMigrations(fresh.db);
  });
  afterAll(async () => fresh?.close());

  it('are up to date with the migrations (run `npm run db-types`)', async () => {
    const generated = await generateDbTypesFrom(fresh.db);
    expect(readFileSync(OUTPUT, 'utf8'), `${OUTPUT} non è aggiornato: eseguire npm run db-types`).toBe(
      generated,
    );
  });

  it.skipIf(!TEST_DATABASE_URL)('are the same generated from PostgreSQL', async () => {
    const database = await openTestDatabase('postgres', 2, 'empty');
    try {
      expect(await generateDbTypesFrom(database.db)).toBe(readFileSync(OUTPUT, 'utf8'));
    } finally {
      await database.drop();
    }
  });

  it('narrow each checked text column to the values of its CHECK constraint', async () => {
    const checked = Object.entries(CHECKED_TEXT).flatMap(([table, columns]) =>
      Object.entries(columns).map(([column, values]) => ({ table, column, values: [...values] })),
    );
    expect(checked.length).toBeGreaterThan(0);
    for (const { table, column, values } of checked) {
      const lists = await constrainedValues(fresh.db, table, column);
      expect(lists, `${table}.${column}: un solo CHECK che elenca i valori`).toHaveLength(1);
      expect([...lists[0]!].sort(), `${table}.${column}: CHECKED_TEXT in schema.ts`).toEqual(
        [...values].sort(),
      );
    }
  });

  it('leave out on insert only the columns a BEFORE INSERT trigger fills', async () => {
    for (const [table, columns] of Object.entries(FILLED_BY_TRIGGER)) {
      for (const [column, trigger] of Object.entries(columns)) {
        const { rows } = await sql<{ definition: string; source: string }>`
          SELECT pg_get_triggerdef(tg.oid) AS definition, p.prosrc AS source
          FROM pg_trigger tg
          JOIN pg_class t ON t.oid = tg.tgrelid
          JOIN pg_namespace n ON n.oid = t.relnamespace
          JOIN pg_proc p ON p.oid = tg.tgfoid
          WHERE NOT tg.tgisinternal AND n.nspname = 'public' AND t.relname = ${table}
            AND tg.tgname = ${trigger}`.execute(fresh.db);
        expect(rows, `${table}.${column}: il trigger ${trigger}`).toHaveLength(1);
        expect(rows[0]!.definition).toMatch(/ BEFORE INSERT /);
        expect(rows[0]!.source).toMatch(new RegExp(`\\bNEW\\.${column}\\b`, 'i'));
      }
    }
  });

  it('refuse a column type whose TypeScript type nobody decided', async () => {
    const refused = await fresh.db
      .transaction()
      .execute(async (trx) => {
        await sql`CREATE TABLE db_types_probe (amount numeric, at timestamp)`.execute(trx);
        // Rolled back whatever the generation does: the fresh database stays the migrations' own.
        throw await generateDbTypesFrom(trx).then(
          () => new Error('generata'),
          (error: unknown) => error,
        );
      })
      .catch((error: unknown) => error);
    expect(String(refused)).toMatch(/db_types_probe\.amount: numeric\n\s+db_types_probe\.at: timestamp/);
  });

  it('read a value list out of the constraints PostgreSQL prints', () => {
    expect(listedValues("CHECK ((profile = ANY (ARRAY['utente'::text, 'ref_aziendale'::text])))")).toEqual([
      'utente',
      'ref_aziendale',
    ]);
    expect(
      listedValues(
        "CHECK (((cardinality(second_factors) > 0) AND (second_factors <@ '{totp,email}'::text[])))",
      ),
    ).toEqual(['totp', 'email']);
    expect(listedValues("CHECK ((slug ~ '^[a-z0-9_-]{1,64}$'::text))")).toBeNull();
  });

  it('type columns as connect.ts hands them over, narrowed where schema.ts says', () => {
    // Checked by `tsc` (npm run typecheck); the call only runs.
    type Users = DB['users'];
    expectTypeOf<Selectable<Users>['id']>().toEqualTypeOf<number>();
    expectTypeOf<Selectable<Users>['profile']>().toEqualTypeOf<Profile>();
    expectTypeOf<Selectable<Users>['otp_method']>().toEqualTypeOf<OtpMethod | null>();
    expectTypeOf<Selectable<Users>['pass_expiry_date']>().toEqualTypeOf<string | null>();
    expectTypeOf<Selectable<Users>['created_at']>().toEqualTypeOf<Date>();
    // A column with a default stays optional on insert, narrowed or not.
    expectTypeOf<Insertable<Users>['profile']>().toEqualTypeOf<Profile | undefined>();
    expectTypeOf<Insertable<Users>['email']>().toEqualTypeOf<string>();
    expectTypeOf<Selectable<DB['customers']>['second_factors']>().toEqualTypeOf<OtpMethod[]>();
    expectTypeOf<Selectable<DB['customers']>['skin']>().toEqualTypeOf<Skin | null>();
    expectTypeOf<Insertable<DB['customers']>['skin']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Selectable<DB['purchases']>['status']>().toEqualTypeOf<PurchaseStatus>();
    expectTypeOf<Selectable<DB['piattapasto_orders']>['json_error_detail']>().toEqualTypeOf<
      PiattapastoOrderError[]
    >();
    expectTypeOf<Selectable<DB['incentive_topups']>['pdf']>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<Selectable<DB['credit_lines']>['data_scadenza']>().toEqualTypeOf<string>();
    // Filled by a trigger when left out.
    expectTypeOf<Selectable<DB['movements']>['company_id']>().toEqualTypeOf<number>();
    expectTypeOf<Insertable<DB['movements']>['company_id']>().toEqualTypeOf<number | undefined>();
  });

  it('refuse a narrowing the database does not have room for', () => {
    // Each line fails to compile without its @ts-expect-error: `tsc` proves the checks bite.
    type None = Record<never, never>;
    expectTypeOf<Narrowed<None, None, None>>().toHaveProperty('users');
    // @ts-expect-error a column the table lacks
    expectTypeOf<Narrowed<{ users: { profilo: readonly ['utente'] } }, None, None>>().not.toBeNever();
    // @ts-expect-error a table the database lacks
    expectTypeOf<Narrowed<{ utenti: { profile: readonly ['utente'] } }, None, None>>().not.toBeNever();
    // @ts-expect-error a value list for a column that is not text
    expectTypeOf<Narrowed<{ users: { company_id: readonly ['1'] } }, None, None>>().not.toBeNever();
    // @ts-expect-error a shape for a column that is not jsonb
    expectTypeOf<Narrowed<None, { users: { email: { a: string } } }, None>>().not.toBeNever();
    // @ts-expect-error a shape holding null: the column's nullability decides
    expectTypeOf<Narrowed<None, { customers: { skin: Skin | null } }, None>>().not.toBeNever();
    // @ts-expect-error a trigger-filled column that has a default
    expectTypeOf<Narrowed<None, None, { movements: { created: 'x' } }>>().not.toBeNever();
  });
});

/**
 * The value lists of the CHECK constraints on `table.column` alone; a column without one but with a
 * foreign key takes the lists of the column it references (documents.file_kind, by its key to
 * document_type_kinds).
 */
async function constrainedValues(db: Kysely<DB>, table: string, column: string): Promise<string[][]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'c' AND n.nspname = 'public' AND cardinality(c.conkey) = 1
      AND t.relname = ${table} AND a.attname = ${column}`.execute(db);
  const lists = rows.map((row) => listedValues(row.definition)).filter((list) => list !== null);
  if (lists.length > 0) return lists;
  const { rows: references } = await sql<{ table: string; column: string }>`
    SELECT rt.relname AS table, ra.attname AS column
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_class rt ON rt.oid = c.confrelid
    CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k (attnum, fattnum)
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
    JOIN pg_attribute ra ON ra.attrelid = rt.oid AND ra.attnum = k.fattnum
    WHERE c.contype = 'f' AND n.nspname = 'public' AND t.relname = ${table} AND a.attname = ${column}`.execute(
    db,
  );
  const referenced: string[][] = [];
  for (const reference of references) {
    referenced.push(...(await constrainedValues(db, reference.table, reference.column)));
  }
  return referenced;
}

/**
 * The values a CHECK constraint allows a text column, as PostgreSQL prints it: `col = ANY (ARRAY['a'::text,
 * ...])` (what `col IN (...)` becomes) or `col <@ '{a,b}'::text[]` (a text[] column); null for any other.
 */
function listedValues(definition: string): string[] | null {
  const array = /= ANY \(ARRAY\[(.*?)\]\)/.exec(definition);
  if (array)
    return [...array[1]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'"));
  const literal = /<@ '\{([^}]*)\}'::text\[\]/.exec(definition);
  if (literal) return literal[1]!.split(',').map((value) => value.replace(/^"(.*)"$/, '$1'));
  return null;
}
