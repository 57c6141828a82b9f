/**
 * Session tokens (ARCHITECTURE.md §7): 256-bit random, given to the client once, stored only as
 * their SHA-256; valid for `sessionIdleMinutes` without use and `sessionAbsoluteHours` at most;
 * revoked at logout and at password change (services/passwords.ts).
 */
import * as crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { constants } from '../../../config/constants';
import { prepareQuery } from '../db/prepared';
import type { DB, Profile } from '../db/schema';
import { romeDate } from './calendar';
import { userPermsQuery } from './reference-data';

/** base64url of 32 random bytes: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Last-seen is written at most this often, so that every request does not cost a write. */
export const TOUCH_EVERY_MS = 30_000;

// One-shot hashing (Node >= 20.12): no Hash object per call, which every authenticated request pays.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;

export function hashToken(token: string): string {
  return oneShotHash ? oneShotHash('sha256', token) : crypto.createHash('sha256').update(token).digest('hex');
}

export interface SessionUser {
  sessionId: number;
  userId: number;
  email: string;
  profile: Profile;
  companyId: number;
  customerId: number;
  actFor: number | null;
}

/**
 * A session with what the access rule needs (src/shared/access): read in the same query as the
 * session, so an authorized call costs one round trip however it is gated.
 */
export interface SessionAccess extends SessionUser {
  /**
   * Keys of the menu-permission map: the profile's plus the user's own; null when the caller did not
   * ask for them (`withPerms: false`: a call not gated by a route name never reads them, and reading
   * them is most of the cost of the session query).
   */
  perms: string[] | null;
  thresholdOk: boolean;
  ollipayRegistered: boolean;
  /** The company a referent acts for: the Act-For asked, else the session's choice, else the own one. */
  company: number;
  /** Whether the user manages `company` (the own company or one of referent_companies). */
  managesCompany: boolean;
  /** What the caller's `extra` read in the same query (null without it). */
  extra: unknown;
}

/**
 * Opens a session for a user (id or e-mail) and returns the raw token: the only time it exists
 * outside the client. Used by the sign-in flows and by tests.
 */
export async function createSession(
  db: Kysely<DB>,
  user: number | string,
  options: { at?: Date; actFor?: number | null; secondFactor?: boolean } = {},
): Promise<string> {
  const query = db.selectFrom('users').select(['id', 'profile', 'company_id']);
  const row = await (
    typeof user === 'number'
      ? query.where('id', '=', user)
      : query.where('email', '=', user.trim().toLowerCase())
  ).executeTakeFirst();
  if (!row) throw new Error(`Utente inesistente: ${user}`);
  const token = crypto.randomBytes(32).toString('base64url');
  const at = options.at ?? new Date();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: row.id,
      created_at: at,
      last_seen_at: at,
      // A referent acts for the own company until the portal switches (spec 000 §4).
      act_for: options.actFor ?? (row.profile === 'ref_aziendale' ? row.company_id : null),
      // Opened through a second factor (a code or a passkey), not a signed link (issue 28).
      second_factor: options.secondFactor ?? false,
    })
    .execute();
  return token;
}

/**
 * The session query, compiled once per variant (permissions read or not, the call's extra) and prepared
 * once per connection, on PostgreSQL and on PGlite (db/prepared.ts, db/pglite-dialect.ts): every
 * authenticated request runs it, and building and planning it cost more than running it.
 */
type SessionParam = 'tokenHash' | 'now' | 'actFor' | 'day';
type SessionExtra = (db: Kysely<DB>, day: string) => RawBuilder<unknown>;

function sessionQuery(withPerms: boolean, extra: SessionExtra | null) {
  return prepareQuery<DB, SessionParam, { row: SessionRow }>((db, param) => {
    // Each value is sent once (`p`, a row of parameters the planner folds into the query) and the
    // limits are literals: fewer parameters to encode here and to parse there on every request.
    const values = sql`(SELECT ${param<string>('now')}::timestamptz AS now, ${param<number | null>('actFor')}::bigint AS act_for, ${param<string>('day')}::date AS day)`;
    const company = sql`coalesce(p.act_for, s.act_for, u.company_id)`;
    const perms = withPerms ? userPermsQuery() : sql`NULL::text[]`;
    // The day is the parameters row's column: the extra's comparisons read it as a date.
    const extraColumn = extra ? extra(db, sql<string>`p.day` as unknown as string) : sql`NULL`;
    // One JSON column rather than one column per fact: the driver then describes and converts one
    // field per request instead of fifteen.
    const row = sql<SessionRow>`json_build_object(
      'sessionId', s.id,
      'touch', s.last_seen_at < p.now - make_interval(secs => ${sql.lit(TOUCH_EVERY_MS / 1000)}),
      'actFor', s.act_for,
      'userId', u.id,
      'email', u.email,
      'profile', u.profile,
      'companyId', u.company_id,
      'customerId', u.customer_id,
      'thresholdOk', u.threshold_ok,
      'ollipayRegistered', u.ollipay_reg_status,
      'perms', ${perms},
      'extra', ${extraColumn},
      'company', ${company},
      'managesCompany', (${company} = u.company_id OR EXISTS (
        SELECT 1 FROM referent_companies rc WHERE rc.user_id = u.id AND rc.company_id = ${company}
      )))`;
    return db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin(values.as('p'), (join) => join.onTrue())
      .select(row.as('row'))
      .where('s.token_hash', '=', param<string>('tokenHash'))
      .where('s.revoked_at', 'is', null)
      .where(
        sql<boolean>`s.last_seen_at > p.now - make_interval(mins => ${sql.lit(constants.sessionIdleMinutes)})`,
      )
      .where(
        sql<boolean>`s.created_at > p.now - make_interval(hours => ${sql.lit(constants.sessionAbsoluteHours)})`,
      )
      .where(sql<boolean>`NOT u.is_cessato`)
      .where('u.disabled_at', 'is', null);
  });
}

/** The session query's one column, as JSON.parse gives it (ids are numbers, well below 2^53). */
interface SessionRow extends SessionAccess {
  touch: boolean;
}

const sessionQueries = new Map<SessionExtra | null, Map<boolean, ReturnType<typeof sessionQuery>>>();

function sessionQueryFor(withPerms: boolean, extra: SessionExtra | null) {
  let variants = sessionQueries.get(extra);
  if (!variants) sessionQueries.set(extra, (variants = new Map()));
  let query = variants.get(withPerms);
  if (!query) variants.set(withPerms, (query = sessionQuery(withPerms, extra)));
  return query;
}

/**
 * The live session of a token with its access facts, touched; null when unknown, revoked, idle too
 * long or too old. `actFor` is the company asked for by the request (Act-For header), if any.
 */
export async function findSession(
  db: Kysely<DB>,
  token: string,
  {
    now = new Date(),
    actFor = null,
    withPerms = true,
    extra = null,
  }: {
    now?: Date;
    actFor?: number | null;
    withPerms?: boolean;
    /**
     * A correlated subquery over the session `s` and its user `u`, read as the `extra` column: a call
     * that answers from it costs one round trip, the session check included. It receives the Rome day
     * of the request (an SQL expression of type date over a parameter of the compiled statement) and
     * must build the same query every time.
     */
    extra?: SessionExtra | null;
  } = {},
): Promise<SessionAccess | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [found] = await sessionQueryFor(withPerms, extra).execute(db, {
    tokenHash: hashToken(token),
    // A string: pg would format a Date in the local zone on every request.
    now: now.toISOString(),
    actFor,
    day: romeDate(now),
  });
  if (!found) return null;
  const { touch, ...session } = found.row;
  if (touch) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.sessionId).execute();
  }
  return session;
}

/** Revokes one session; true when it was live. */
export async function revokeSession(db: Kysely<DB>, sessionId: number, at = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every session of a user (password change, account closed). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, at = new Date()): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Companies a referent may act for: the own company plus referent_companies. */
export async function managedCompanies(
  db: Kysely<DB>,
  userId: number,
): Promise<Array<{ id_azienda: number; nome: string }>> {
  return db
    .selectFrom('companies as c')
    .select(['c.id_azienda', 'c.nome'])
    .where((eb) =>
      eb.or([
        eb('c.id_azienda', 'in', eb.selectFrom('users').select('company_id').where('id', '=', userId)),
        eb(
          'c.id_azienda',
          'in',
          eb.selectFrom('referent_companies').select('company_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('c.nome')
    .execute();
}
