/**
 * Global rate limit of the API (static files are not counted): per client address, and per session
 * token when one is sent, so that colleagues behind one company NAT do not share a budget.
 * The counters live in memory: with several instances each counts its own share.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage } from '../../../config/messages-api.it';
import { ApiError } from '../errors';

export interface RateLimitOptions {
  /** Requests per window and key. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 300, timeWindowMs: 60_000 };

/** "30 secondi", "1 minuto", "2 minuti": how long to wait, in words. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60)
    return seconds === 1
      ? formatMessage('apiDurationSecond')
      : formatMessage('apiDurationSeconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1
    ? formatMessage('apiDurationMinute')
    : formatMessage('apiDurationMinutes', { n: minutes });
}

function keyOf(request: FastifyRequest): string {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || auth.length === 0) return request.ip;
  return `${request.ip}|${createHash('sha256').update(auth).digest('base64url').slice(0, 22)}`;
}

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.timeWindowMs,
      keyGenerator: keyOf,
      allowList: (request) => !request.url.startsWith('/api'),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, formatMessage('apiRateLimited', { after: waitText(context.ttl) })),
    });
  },
  { name: 'rate-limit' },
);
