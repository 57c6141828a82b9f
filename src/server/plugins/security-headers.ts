/**
 * Security headers (ARCHITECTURE.md §7) on every answer, HTML and API alike:
 * a strict CSP (no 'unsafe-eval', no inline scripts; inline styles only because Mantine injects
 * them), nosniff, a referrer policy, no framing, HSTS only behind https. API and dev answers are
 * never stored by browsers or proxies (Cache-Control: no-store), except the successful answers of
 * routes that say `config: { cacheable: true }` and set their own Cache-Control (static images under
 * /api, such as the carousel's).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 200 answer keeps the route's own Cache-Control instead of no-store. */
    cacheable?: boolean;
  }
}

export interface SecurityHeadersOptions {
  publicUrl: string | null;
}

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // Partner hand-offs post hidden forms to https partners.
  formAction: ["'self'", 'https:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

export function isNoStorePath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/dev/');
}

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    const https = options.publicUrl?.startsWith('https://') ?? false;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: https ? { ...CSP_DIRECTIVES, upgradeInsecureRequests: [] } : CSP_DIRECTIVES,
      },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const keep = reply.statusCode === 200 && request.routeOptions.config?.cacheable === true;
      if (isNoStorePath(request.url) && !keep) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
