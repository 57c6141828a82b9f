/**
 * The statements of db/prepared.ts on embedded PGlite (db/pglite-dialect.ts): prepared once on the
 * session as named statements, then bound and executed. They answer what an unprepared query answers
 * (the same types, nulls, inside and outside a transaction), are prepared again when a change of the
 * table makes the prepared form stale, and an error leaves the session usable.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { prepareQuery } from '../../src/server/db/prepared';

interface Tables {
  things: { id: number; name: string; day: string; big: number; at: Date; note: string | null };
}

const byId = prepareQuery<Tables, 'id' | 'after', Record<string, unknown>>((db, param) =>
  db
    .selectFrom('things')
    .selectAll()
    .where('id', '=', param<number>('id'))
    .where('at', '>', param<Date>('after'))
    .orderBy('id'),
);

const failing = prepareQuery<Tables, 'id', { ratio: number }>((db, param) =>
  db.selectFrom('things').select(sql<number>`100 / (id - ${param<number>('id')})`.as('ratio')),
);

describe('prepared statements on PGlite', () => {
  let database: Database;
  let db: Kysely<Tables>;
  const past = new Date('2020-01-01T00:00:00Z');

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    db = database.db as unknown as Kysely<Tables>;
    await sql`CREATE TABLE things (
      id int PRIMARY KEY, name text NOT NULL, day date NOT NULL, big bigint NOT NULL,
      at timestamptz NOT NULL, note text)`.execute(db);
    await sql`INSERT INTO things VALUES
      (1, 'uno', '2026-11-28', 9007199254740991, '2026-11-28T10:00:00Z', NULL),
      (2, 'due', '2026-01-31', 42, '2026-01-31T23:30:00Z', 'nota')`.execute(db);
  });
  afterAll(async () => database?.close());

  const plain = (id: number, after: Date) =>
    db.selectFrom('things').selectAll().where('id', '=', id).where('at', '>', after).orderBy('id').execute();

  it('answers what the unprepared query answers, types and nulls included', async () => {
    for (const id of [1, 2, 3]) {
      const rows = await byId.execute(db, { id, after: past });
      expect(rows).toEqual(await plain(id, past));
    }
    const [first] = await byId.execute(db, { id: 1, after: past });
    expect(first).toEqual({
      id: 1,
      name: 'uno',
      day: '2026-11-28',
      big: 9007199254740991,
      at: new Date('2026-11-28T10:00:00Z'),
      note: null,
    });
    expect(await byId.execute(db, { id: 1, after: new Date('2030-01-01T00:00:00Z') })).toEqual([]);
  });

  it('is prepared once on the session and runs inside a transaction too', async () => {
    const names = async () =>
      (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(db)).rows.map(
        (r) => r.name,
      );
    await byId.execute(db, { id: 1, after: past });
    const before = await names();
    expect(before.filter((n) => n.startsWith('welfare_'))).toHaveLength(1);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('things').set({ name: 'UNO' }).where('id', '=', 1).execute();
      // The statement sees the transaction's own write.
      expect((await byId.execute(trx, { id: 1, after: past }))[0]?.name).toBe('UNO');
    });
    await byId.execute(db, { id: 2, after: past });
    expect(await names()).toEqual(before);
  });

  it('is prepared again when the table changes under it', async () => {
    await byId.execute(db, { id: 1, after: past });
    // `selectAll` now returns one more column: the prepared form no longer matches.
    await sql`ALTER TABLE things ADD COLUMN extra int NOT NULL DEFAULT 7`.execute(db);
    const [row] = await byId.execute(db, { id: 1, after: past });
    expect(row).toMatchObject({ id: 1, extra: 7 });
    await sql`ALTER TABLE things DROP COLUMN extra`.execute(db);
    expect(await byId.execute(db, { id: 2, after: past })).toEqual(await plain(2, past));
  });

  it('throws the database error and leaves the session usable, in and out of a transaction', async () => {
    await expect(failing.execute(db, { id: 1 })).rejects.toMatchObject({ code: '22012' });
    expect(await byId.execute(db, { id: 1, after: past })).toHaveLength(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('things').set({ name: 'perso' }).where('id', '=', 2).execute();
        await failing.execute(trx, { id: 2 });
      }),
    ).rejects.toMatchObject({ code: '22012' });
    // Rolled back: the write of the failed transaction is gone.
    expect((await byId.execute(db, { id: 2, after: past }))[0]?.name).toBe('due');
  });
});
