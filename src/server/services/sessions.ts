/**
 * Session tokens (ARCHITECTURE.md §7): 256-bit random, given to the client once, stored only as
 * their SHA-256; valid for `sessionIdleMinutes` without use and `sessionAbsoluteHours` at most;
 * revoked at logout and at password change (services/passwords.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
  const token = randomBytes(32).toString('base64url');
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
  return prepareQuery<DB, SessionParam, SessionRow>((db, param) => {
    const actFor = param<number | null>('actFor');
    const now = sql<Date>`${param<Date>('now')}::timestamptz`;
    const company = sql<string | number>`coalesce(${actFor}::bigint, s.act_for, u.company_id)`;
    return db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id as sessionId',
        // Whether last-seen is old enough to be written again (TOUCH_EVERY_MS).
        sql<boolean>`s.last_seen_at < ${now} - make_interval(secs => ${TOUCH_EVERY_MS / 1000})`.as('touch'),
        's.act_for as actFor',
        'u.id as userId',
        'u.email',
        'u.profile',
        'u.company_id as companyId',
        'u.customer_id as customerId',
        'u.threshold_ok as thresholdOk',
        'u.ollipay_reg_status as ollipayRegistered',
        withPerms ? userPermsQuery().as('perms') : sql<string[] | null>`NULL::text[]`.as('perms'),
        (extra ? extra(db, param<string>('day')) : sql<unknown>`NULL`).as('extra'),
        company.as('company'),
        sql<boolean>`(${company} = u.company_id OR EXISTS (
          SELECT 1 FROM referent_companies rc WHERE rc.user_id = u.id AND rc.company_id = ${company}
        ))`.as('managesCompany'),
      ])
      .where('s.token_hash', '=', param<string>('tokenHash'))
      .where('s.revoked_at', 'is', null)
      .where(
        's.last_seen_at',
        '>',
        sql<Date>`${now} - make_interval(mins => ${constants.sessionIdleMinutes})`,
      )
      .where(
        's.created_at',
        '>',
        sql<Date>`${now} - make_interval(hours => ${constants.sessionAbsoluteHours})`,
      )
      .where('u.is_cessato', '=', false)
      .where('u.disabled_at', 'is', null);
  });
}

interface SessionRow extends Omit<SessionAccess, 'company'> {
  touch: boolean;
  company: string | number;
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
     * of the request (a parameter of the compiled statement) and must build the same query every time.
     */
    extra?: SessionExtra | null;
  } = {},
): Promise<SessionAccess | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await sessionQueryFor(withPerms, extra).execute(db, {
    tokenHash: hashToken(token),
    now,
    actFor,
    day: romeDate(now),
  });
  if (!row) return null;
  if (row.touch) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
  }
  const { touch: _touch, company: acting, ...user } = row;
  return { ...user, company: Number(acting) };
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
