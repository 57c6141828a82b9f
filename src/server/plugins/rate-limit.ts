/**
 * Global rate limit of the API (static files are not counted), keyed on what the server has verified
 * (ARCHITECTURE.md §7): the user once the session token has been checked (colleagues behind one company
 * NAT do not share a budget, and one user has one budget whatever the address), otherwise the client
 * address (the socket's, or the proxy's header with TRUST_PROXY). An unchecked header never makes a
 * new key: varying junk tokens or sign-in attempts from one address share that address's budget.
 * It runs once the caller is known (preHandler); requests refused before that (a bad or missing token)
 * never reach a handler. The counters live in memory: with several instances each counts its own share.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage } from '../messages';
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

export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`;
}

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.timeWindowMs,
      hook: 'preHandler',
      keyGenerator: rateLimitKey,
      // The budget's headers only on a refusal (429: limit, remaining, reset and Retry-After): no reader
      // of the portal looks at them on an answer that passed, and three headers set, checked and written
      // on every call are a measurable share of a short one (bench/api-throughput.ts).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      allowList: (request) => !request.url.startsWith('/api'),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, formatMessage('apiRateLimited', { after: waitText(context.ttl) })),
    });
  },
  { name: 'rate-limit' },
);
