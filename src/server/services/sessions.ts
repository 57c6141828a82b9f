/**
 * Session tokens (ARCHITECTURE.md §7): 256-bit random, given to the client once, stored only as
 * their SHA-256; valid for `sessionIdleMinutes` without use and `sessionAbsoluteHours` at most;
 * revoked at logout and at password change (services/passwords.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { constants } from '../../../config/constants';
import type { DB, Profile } from '../db/schema';

/** base64url of 32 random bytes: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Last-seen is written at most this often, so that every request does not cost a write. */
const TOUCH_EVERY_MS = 30_000;

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
 * Opens a session for a user (id or e-mail) and returns the raw token: the only time it exists
 * outside the client. Used by the sign-in flows and by tests.
 */
export async function createSession(
  db: Kysely<DB>,
  user: number | string,
  options: { at?: Date; actFor?: number | null } = {},
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
    })
    .execute();
  return token;
}

/** The live session of a token, touched; null when unknown, revoked, idle too long or too old. */
export async function findSession(
  db: Kysely<DB>,
  token: string,
  now = new Date(),
): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const idleLimit = new Date(now.getTime() - constants.sessionIdleMinutes * 60_000);
  const absoluteLimit = new Date(now.getTime() - constants.sessionAbsoluteHours * 3_600_000);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.last_seen_at as lastSeenAt',
      's.act_for as actFor',
      'u.id as userId',
      'u.email',
      'u.profile',
      'u.company_id as companyId',
      'u.customer_id as customerId',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.last_seen_at', '>', idleLimit)
    .where('s.created_at', '>', absoluteLimit)
    .where('u.is_cessato', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
  }
  const { lastSeenAt: _seen, ...user } = row;
  return user;
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

/** True when the user manages the company: the own one or one of referent_companies. */
export async function managesCompany(db: Kysely<DB>, userId: number, companyId: number): Promise<boolean> {
  const own = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (own) return true;
  const other = await db
    .selectFrom('referent_companies')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return other !== undefined;
}
