/**
 * Statements compiled once and prepared once per connection: for the queries every authenticated
 * request runs (the session query), where building the Kysely tree and the database's parsing and
 * planning cost more than the query itself (bench/api-throughput.ts).
 *
 * A statement is built once per database with placeholders in place of the values (`param('name')`);
 * each run fills them positionally. Its text is registered here: on PostgreSQL the pool's client
 * (connect.ts) sends it as a named statement, so the server parses it once per connection and may keep
 * a generic plan; on PGlite the dialect (pglite-dialect.ts) prepares it once on its one session and then
 * only binds and executes it. Only registered texts are named: everything else (migrations, ad-hoc
 * queries) goes unnamed as before, so the number of prepared statements per connection stays bounded.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** A value to be filled at each run, named. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** SQL text -> statement name, for the pool's client (connect.ts). */
const statementNames = new Map<string, string>();

/** The statement name of a registered text, if any. */
export function preparedStatementName(text: string): string | undefined {
  return statementNames.get(text);
}

export interface PreparedQuery<D, P extends string, R> {
  /** Runs the statement on `db` with these values. */
  execute(db: Kysely<D>, values: Readonly<Record<P, unknown>>): Promise<R[]>;
}

/**
 * Declares a statement. `build` receives the database and `param`, which stands for a value given at
 * each run; it must build the same query every time (anything else it reads is fixed at first use).
 */
export function prepareQuery<D, P extends string, R>(
  build: (db: Kysely<D>, param: <T>(name: P) => T) => Compilable<R>,
): PreparedQuery<D, P, R> {
  const compiled = new WeakMap<object, { sql: string; slots: Array<Placeholder | unknown> }>();
  const param = <T>(name: P): T => new Placeholder(name) as T;
  return {
    async execute(db, values) {
      let statement = compiled.get(db);
      if (!statement) {
        const query = build(db, param).compile();
        statement = { sql: query.sql, slots: [...query.parameters] };
        compiled.set(db, statement);
        if (!statementNames.has(query.sql)) {
          const digest = createHash('sha256').update(query.sql).digest('hex').slice(0, 16);
          statementNames.set(query.sql, `welfare_${digest}`);
        }
      }
      const parameters = statement.slots.map((slot) =>
        slot instanceof Placeholder ? values[slot.name as P] : slot,
      );
      const result = await db.executeQuery<R>(CompiledQuery.raw(statement.sql, parameters));
      return result.rows;
    },
  };
}
