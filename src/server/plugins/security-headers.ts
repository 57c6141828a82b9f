/**
 * Security headers (ARCHITECTURE.md §7) on every answer, HTML and API alike:
 * a strict CSP (no 'unsafe-eval', no inline scripts; inline styles only because Mantine injects
 * them), nosniff, a referrer policy, no framing, HSTS only behind https. API and dev answers are
 * never stored by browsers or proxies (Cache-Control: no-store), except the successful answers of
 * routes that say `config: { cacheable: true }` and set their own Cache-Control (static images under
 * /api, such as the carousel's).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 200 answer keeps the route's own Cache-Control instead of no-store. */
    cacheable?: boolean;
  }
}

export interface SecurityHeadersOptions {
  publicUrl: string | null;
  /** `frame-src`: exactly the origin of the FAQ frame (site-faq), else none (services/faq.ts). */
  frameSrc?: readonly string[];
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

/** The helmet configuration of every answer. */
export function helmetOptions(publicUrl: string | null, frameSrc: readonly string[] = ["'none'"]) {
  const https = publicUrl?.startsWith('https://') ?? false;
  const directives = { ...CSP_DIRECTIVES, frameSrc: [...frameSrc] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: https ? { ...directives, upgradeInsecureRequests: [] } : directives,
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : (false as const),
    xFrameOptions: { action: 'deny' as const },
  };
}

/**
 * The same headers on an answer made outside the request lifecycle (errors raised by the router, which
 * skip every hook): helmet's own middleware on the raw response, plus no-store for the API.
 */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | null,
  frameSrc?: readonly string[],
): void {
  helmet(helmetOptions(publicUrl, frameSrc))(request.raw, reply.raw, () => {});
  if (isNoStorePath(request.url)) reply.header('cache-control', 'no-store');
}

type HeaderStep = { set: string; value: string | number | readonly string[] } | { remove: string };

/**
 * What helmet's middleware does to a response, recorded once: its headers depend on the options only
 * (no nonce, nothing read from the request), so every answer gets the same steps replayed instead of
 * helmet's chain of middlewares, a measurable share of a short API call (bench/api-throughput.ts).
 * Null if helmet did not finish synchronously (then it runs on every request as before).
 */
export function recordHelmet(middleware: ReturnType<typeof helmet>): HeaderStep[] | null {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ set: name, value });
      return recorder;
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  return finished ? steps : null;
}

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    // helmet's middleware built once (@fastify/helmet builds it again, parsing every CSP directive, on
    // every request) and its effect recorded once: the headers are the same on every answer.
    const applyHelmet = helmet(helmetOptions(options.publicUrl, options.frameSrc));
    const steps = recordHelmet(applyHelmet);
    // The recorded headers as one object of the reply's own headers: Node then writes and checks them
    // once, with the route's, instead of storing each on the raw response first (setHeader) and
    // merging the route's into them at writeHead. Every answer goes through the reply (no route
    // hijacks it; errors raised by the router get helmet on the raw response, see app.ts).
    const headers: Record<string, string | number | string[]> = {};
    for (const step of steps ?? []) {
      if ('set' in step)
        headers[step.set.toLowerCase()] = typeof step.value === 'object' ? [...step.value] : step.value;
      else delete headers[step.remove.toLowerCase()];
    }
    app.addHook('onRequest', (request, reply, done) => {
      if (!steps) return applyHelmet(request.raw, reply.raw, () => done());
      reply.headers(headers);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (isNoStorePath(request.url)) {
        const keep = reply.statusCode === 200 && request.routeOptions.config?.cacheable === true;
        if (!keep) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
