/**
 * Who is calling, checked on every API route (ARCHITECTURE.md §5, §7):
 * - `Customer`: optional, a plain name, else 400;
 * - `Authorization: Token <token>`: required unless the route says `config: { public: true }`;
 *   missing -> 401 apiUnauthorized; malformed, unknown, revoked or expired -> 401 apiInvalidToken;
 * - `Act-For`: a numeric company id (else 400) that the logged referent manages (else 403); sent by
 *   anyone but a referent -> 403. Back-office routes (`config: { backOffice: true }`) are for referents
 *   only and act for the header's company, or the session's default (the own company).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { findSession, managesCompany, type SessionUser } from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (login, skins, demo outbox). */
    public?: boolean;
    /** Referent back office: profile ref_aziendale, acting for a managed company. */
    backOffice?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface AuthContext extends SessionUser {
  /** Company acted for: the checked Act-For header, or on back-office routes the default one. */
  actingFor: number | null;
}

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

  const session = await findSession(request.server.db, readToken(request));
  if (!session) throw ApiError.of(401, 'apiInvalidToken');

  let actingFor: number | null = null;
  if (actFor !== null) {
    if (
      session.profile !== 'ref_aziendale' ||
      !(await managesCompany(request.server.db, session.userId, actFor))
    ) {
      throw ApiError.of(403, 'apiActForForbidden');
    }
    actingFor = actFor;
  }
  if (config.backOffice) {
    if (session.profile !== 'ref_aziendale') throw ApiError.of(403, 'apiForbidden');
    actingFor ??= session.actFor ?? session.companyId;
  }
  request.auth = { ...session, actingFor };
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
