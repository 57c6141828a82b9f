/**
 * The built portal (dist/) and the single-page fallback, plus the one not-found handler.
 *
 * - hashed files under /assets/ are cached for a year (immutable); index.html, sw.js and the
 *   manifest are revalidated on every use (no-cache), so a deploy is picked up at once;
 * - a GET for a page path (no file extension) that accepts HTML gets index.html: the portal's router
 *   decides what to show, including its own page-not-found screen;
 * - /api/... paths never fall back: an unknown API route is a JSON 404;
 * - without a build, page paths get a short Italian page saying to run `npm run build`.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../html';
import { formatMessage } from '../messages';

export interface StaticPluginOptions {
  /** Folder of the built portal; null = API only. */
  staticDir: string | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const ALWAYS_FRESH = new Set([
  'index.html',
  'sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'manifest.json',
]);

export function cacheControlFor(root: string, file: string): string {
  const rel = relative(root, file).split(sep).join('/');
  if (rel.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_FRESH.has(basename(file))) return REVALIDATE;
  return SHORT;
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return true;
  return accept.includes('text/html') || accept.includes('*/*');
}

/** '/menu' is a page; '/assets/x.js' or '/favicon.ico' is a file that does not exist. */
function looksLikePage(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const last = path.split('/').pop() ?? '';
  return !/\.[A-Za-z0-9]{1,8}$/.test(last);
}

function missingBuildPage(): string {
  const text = escapeHtml(formatMessage('apiStaticMissing')).replace(/`([^`]+)`/g, '<code>$1</code>');
  const title = escapeHtml(formatMessage('apiStaticMissingTitle'));
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}
code{background:#eef2f6;padding:.1rem .3rem;border-radius:.2rem}</style></head>
<body><h1>${title}</h1><p>${text}</p><p><a href="/api/docs">/api/docs</a></p></body>
</html>
`;
}

export const staticPlugin = fp<StaticPluginOptions>(
  async (app: FastifyInstance, options) => {
    const root = options.staticDir ? resolve(options.staticDir) : null;
    const hasBuild =
      root !== null &&
      existsSync(root) &&
      statSync(root).isDirectory() &&
      existsSync(resolve(root, 'index.html'));

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        // Routes for the files present at start: unknown paths reach the not-found handler below.
        wildcard: false,
        cacheControl: false,
        serveDotFiles: false,
        setHeaders: (reply: FastifyReply, file: string) => {
          reply.header('cache-control', cacheControlFor(root, file));
        },
      });
    }

    const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (isApi(request.url)) {
        return reply
          .code(404)
          .send({ detail: formatMessage('apiRouteNotFound', { method: request.method, url: path }) });
      }
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && acceptsHtml(request) && looksLikePage(request.url)) {
        if (hasBuild) return reply.header('cache-control', REVALIDATE).sendFile('index.html');
        return reply
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(missingBuildPage());
      }
      return reply.code(404).send({ detail: formatMessage('apiNotFound') });
    };
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFound);
  },
  { name: 'static', dependencies: ['rate-limit'] },
);
