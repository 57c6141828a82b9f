/**
 * Who is calling, checked on every API route (ARCHITECTURE.md §5, §7):
 * - `Customer`: optional, a plain name, else 400;
 * - `Authorization: Token <token>`: required unless the route says `config: { public: true }`;
 *   missing -> 401 apiUnauthorized; malformed, unknown, revoked or expired -> 401 apiInvalidToken;
 * - `Act-For`: a numeric company id (else 400) that the logged referent manages (else 403); sent by
 *   anyone but a referent -> 403;
 * - then the call's declared access (plugins/access.ts): a call naming its route is refused (403)
 *   by the shared rule. The session, permissions (only for a call naming its route), profile,
 *   threshold and managed company come from one query (services/sessions.ts `findSession`), with what
 *   the call declares in `config.sessionExtra` (get-logged-user-info: its whole answer). Back-office calls get their company from the
 *   back-office plugin (routes/backoffice).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { findSession, type SessionAccess } from '../services/sessions';
import { authorizeCall } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * What the call answers from, read by the session query itself (a correlated subquery over the
     * session `s` and its user `u`) into `request.auth.extra`: the call then costs one round trip.
     * `day` is the Rome day of the request (an SQL date expression over a parameter of the compiled
     * session query).
     */
    sessionExtra?: (db: Kysely<DB>, day: string) => RawBuilder<unknown>;
  }
}

export type AuthContext = SessionAccess;

const CUSTOMER = /^[A-Za-z0-9_-]{1,64}$/;
const ACT_FOR = /^[1-9][0-9]{0,15}$/;
const AUTHORIZATION = /^Token ([^\s]+)$/i;

/** The Customer header (validated), or null. */
export function readCustomer(request: FastifyRequest): string | null {
  const raw = request.headers.customer;
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !CUSTOMER.test(raw)) throw ApiError.of(400, 'apiCustomerInvalid');
  return raw;
}

/** The Act-For header as a company id (validated), or null. */
export function readActFor(request: FastifyRequest): number | null {
  const raw = request.headers['act-for'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !ACT_FOR.test(raw.trim())) throw ApiError.of(400, 'apiActForInvalid');
  return Number(raw.trim());
}

function readToken(request: FastifyRequest): string {
  const raw = request.headers.authorization;
  if (raw === undefined || raw === '') throw ApiError.of(401, 'apiUnauthorized');
  const match = AUTHORIZATION.exec(raw.trim());
  if (!match?.[1]) throw ApiError.of(401, 'apiInvalidToken');
  return match[1];
}

/** onRequest hook of the API routes. */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const config = request.routeOptions.config;
  readCustomer(request);
  const actFor = readActFor(request);
  if (config.public) return;

  // The permissions are read only for a call gated by a route name: the only rule that needs them.
  const session = await findSession(request.server.db, readToken(request), {
    actFor,
    withPerms: config.route !== undefined,
    extra: config.sessionExtra ?? null,
  });
  if (!session) throw ApiError.of(401, 'apiInvalidToken');
  if (actFor !== null && (session.profile !== 'ref_aziendale' || !session.managesCompany)) {
    throw ApiError.of(403, 'apiActForForbidden');
  }
  // Operators reach the console's calls only (and sign-out, password): nothing of an employee's or a
  // referent's, whatever their grants say.
  if (session.profile === 'operatore' && !config.operatorConsole && !config.operatorToo) {
    throw ApiError.of(403, 'apiNotForOperators');
  }
  authorizeCall(request, session, config.route);
  request.auth = session;
}

/** The caller of an authenticated route (the hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw ApiError.of(401, 'apiUnauthorized');
  return request.auth;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
  },
  { name: 'auth', dependencies: ['db'] },
);
