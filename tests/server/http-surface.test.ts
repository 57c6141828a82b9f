/**
 * What every answer carries (security headers, caching), the built portal with its single-page
 * fallback, OpenAPI completeness and the rate limit. Not database-specific: PGlite only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { loggerOptions, redactUrl } from '../../src/server/app';
import { waitText } from '../../src/server/plugins/rate-limit';
import { helmetOptions } from '../../src/server/plugins/security-headers';
import { buildTestApp, json, type TestApp } from './helpers';

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "worker-src 'self'",
    "manifest-src 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('built portal, headers and caching', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'welfare-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html><html lang="it"><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(staticDir, 'assets', 'x-abc123.js'), 'console.log("x")');
    writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Portale"}');
    writeFileSync(join(staticDir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await buildTestApp('pglite', { staticDir, demo: false }, { sharedEmpty: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache and the security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(response.headers);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('falls back to index.html for page paths that accept HTML', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      const response = await t.request({
        method: 'GET',
        url: '/login/acme?loggingout=1',
        headers: accept ? { accept } : {},
      });
      expect(response.statusCode, String(accept)).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(response.headers);
    }
  });

  it('does not fall back for missing files, JSON requests or writes', async () => {
    const missing = await t.request({ method: 'GET', url: '/assets/missing-zz.js' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ detail: messages.apiNotFound });
    const jsonOnly = await t.request({
      method: 'GET',
      url: '/menu',
      headers: { accept: 'application/json' },
    });
    expect(jsonOnly.statusCode).toBe(404);
    const post = await t.request({ method: 'POST', url: '/menu', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and revalidates sw.js and the manifest', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await t.request({ method: 'GET', url: '/icon-192.png' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never falls back to HTML under /api and marks API answers no-store', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/menu', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const skin = await t.request({ method: 'GET', url: '/api/getapiuserskin/initech' });
    expect(skin.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(skin.headers);
    const denied = await t.request({ method: 'GET', url: '/api/get-logged-user-info' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(denied.headers);
  });

  it('publishes OpenAPI 3.1 with every API route, its summary, tags and schemas', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { summary?: string; tags?: string[]; responses?: object; security?: unknown }>
      >;
      components: { schemas: Record<string, unknown> };
    }>(response);
    expect(doc.openapi).toBe('3.1.0');
    const expected = [
      ['get', '/api/get-logged-user-info'],
      ['get', '/api/get_menu_perms'],
      ['get', '/api/info_notifiche'],
      ['post', '/api/logout'],
      ['get', '/api/pdoppiaapi/credito_utente'],
      ['get', '/api/get_user_credit_info'],
      ['get', '/api/aziende_referente'],
      ['get', '/api/getapiuserskin/{customer}'],
      ['get', '/api/user_privacy'],
      ['post', '/api/user_privacy'],
      ['get', '/api/dev/outbox'],
      ['post', '/api/api-token-ckey'],
      ['post', '/api/api-token-otp'],
      ['post', '/api/api-token-otp-verify'],
      ['post', '/api/api-token-confirm'],
      ['post', '/api/api-token-ssocp'],
      ['post', '/api/backoffice-reconnection'],
      ['post', '/api/token-login'],
      ['post', '/api/password_lost'],
      ['post', '/api/password_expired_renew'],
      ['get', '/api/password_lost_reset/{token_hash}'],
      ['post', '/api/password_lost_reset/{token_hash}'],
      ['get', '/api/password_expired_reset/{token_hash}'],
      ['post', '/api/password_expired_reset/{token_hash}'],
      ['post', '/api/password_change'],
      ['get', '/api/info_popup'],
      ['get', '/api/carosello_get_playlist'],
      ['get', '/api/carosello_img/{file_name}'],
      ['post', '/api/carosello_click_count'],
      ['get', '/api/notifiche_utente_list'],
      ['get', '/api/notifiche_utente_list_archivio'],
      ['post', '/api/marca_notifica_come_letta/{mess_id}'],
      ['post', '/api/marca_notifica_archivio_come_letta/{mess_id}'],
      ['post', '/api/marca_tutte_le_notifiche_come_lette'],
      ['post', '/api/marca_tutte_le_notifiche_archivio_come_lette'],
    ] as const;
    for (const [method, path] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.summary, path).toBeTruthy();
      expect(operation!.tags?.length, path).toBeGreaterThan(0);
      expect(operation!.responses, path).toBeDefined();
    }
    expect(doc.paths['/api/aziende_referente']!.get!.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/getapiuserskin/{customer}']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/api-token-ckey']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/password_change']!.post!.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/carosello_get_playlist']!.get!.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/carosello_img/{file_name}']!.get!.security).toBeUndefined();
    for (const id of [
      'error',
      'crediti',
      'logged-user',
      'skin',
      'money',
      'login-check',
      'login-token',
      'notification',
      'notification-page',
      'notification-update',
      'carousel-slide',
      'carousel-click',
      'info-popup',
    ])
      expect(doc.components.schemas[id], id).toBeDefined();
    const money = doc.components.schemas.money as { type: string; pattern: string };
    expect(money).toMatchObject({ type: 'string', pattern: '^-?\\d+\\.\\d{2}$' });
  });

  it('lists in OpenAPI every route the app registered under /api', async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.request({ method: 'GET', url: '/api/openapi.json' }),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const api = t.app.routeList.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api/openapi.json' &&
        r.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThanOrEqual(11);
    for (const r of api) {
      const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(documented.has(`${r.method} ${path}`), `${r.method} ${path}`).toBe(true);
    }
  });

  it('serves Swagger UI at /api/docs under the same strict CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
    expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expectSecurityHeaders(response.headers);
  });

  it('keeps the demo outbox closed outside demo mode (404 with the error shape)', async () => {
    const api = await t.request({ method: 'GET', url: '/api/dev/outbox?to=mario.rossi@example.com' });
    expect(api.statusCode).toBe(404);
    expect(json(api)).toEqual({ detail: messages.apiDemoOnly });
    const page = await t.request({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(json(page)).toEqual({ detail: messages.apiDemoOnly });
  });
});

describe('without a built portal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      'pglite',
      {
        staticDir: join(tmpdir(), 'welfare-no-such-dir'),
        demo: false,
        publicUrl: 'https://welfare.example.com',
      },
      { sharedEmpty: true },
    );
  });
  afterAll(async () => t?.close());

  it('answers / with a short Italian page saying to run npm run build', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<html lang="it">');
    expect(response.body).toContain('<code>npm run build</code>');
    expectSecurityHeaders(response.headers);
  });

  it('sends HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const response = await t.request({ method: 'GET', url: '/api/getapiuserskin/acme' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('sets on an answer every header helmet sets, with the same value', async () => {
    // helmet's middleware itself on a plain Node response (the plugin replays what it recorded once).
    const raw = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(helmetOptions('https://welfare.example.com'))(raw.req, raw, () => {});
    const expected = raw.getHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    for (const url of ['/api/getapiuserskin/acme', '/api/get-logged-user-info']) {
      const response = await t.request({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      'pglite',
      { rateLimitMax: 3, rateLimitWindowMs: 60_000, demo: false },
      { sharedEmpty: true },
    );
  });
  afterAll(async () => t?.close());

  it('answers 429 in Italian past the limit, per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await t.request({ method: 'GET', url: '/api/getapiuserskin/acme' });
      statuses.push(answer.statusCode);
      // The budget's headers only on a refusal: an answer within the budget does not carry them.
      if (answer.statusCode !== 429) expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await t.request({ method: 'GET', url: '/api/getapiuserskin/acme' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['cache-control']).toBe('no-store');
    const body = json<{ detail: string }>(limited);
    expect(body.detail).toMatch(/^Troppe richieste: riprovare tra (\d+ secondi|1 minuto)\.$/);
    // Another client address has its own budget; static files are not counted.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/getapiuserskin/acme',
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(404);
    const page = await t.request({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
  });

  it('says how long to wait in words', () => {
    expect(waitText(1000)).toBe('1 secondo');
    expect(waitText(30_000)).toBe('30 secondi');
    expect(waitText(60_000)).toBe('1 minuto');
    expect(waitText(150_000)).toBe('3 minuti');
  });
});

describe('request logging', () => {
  it('hides the secrets that travel in URLs', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(redactUrl(`/api/password_lost_reset/${token}`)).toBe('/api/password_lost_reset/[nascosto]');
    expect(redactUrl(`/api/password_expired_reset/${token}?x=1`)).toBe(
      '/api/password_expired_reset/[nascosto]?x=1',
    );
    expect(redactUrl(`/password-lost/acme/${token}`)).toBe('/password-lost/[nascosto]');
    expect(redactUrl(`/password-expired/${token}`)).toBe('/password-expired/[nascosto]');
    expect(redactUrl(`/reconnect?d=${token}`)).toBe('/reconnect?d=[nascosto]');
    expect(redactUrl(`/token-login/acme?x=1&t=${token}`)).toBe('/token-login/acme?x=1&t=[nascosto]');
    expect(redactUrl(`/login/acme?token=${token}&loggingout=1`)).toBe(
      '/login/acme?token=[nascosto]&loggingout=1',
    );
    expect(redactUrl('/api/password_lost')).toBe('/api/password_lost');
    expect(redactUrl('/api/get_menu_perms?date=1')).toBe('/api/get_menu_perms?date=1');
  });

  it('logs requests without secrets or bodies', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const t = await buildTestApp('pglite', { logger: { ...loggerOptions('debug'), stream } });
    try {
      const token = await t.login('mario.rossi@example.com');
      await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token,
        headers: { cookie: 'sessione=segreta-cookie', 'idempotency-key': 'chiave-segreta-1' },
        payload: {
          privacy_servizio: true,
          privacy_dati_personali: true,
          decalogo_sicurezza: true,
          signature: 'FirmaSegreta',
        },
      });
      await t.request({ method: 'GET', url: '/api/non-esiste', token });
      const log = lines.join('');
      expect(log).toContain('/api/user_privacy');
      expect(log).toContain('"statusCode":200');
      for (const secret of [token, 'segreta-cookie', 'chiave-segreta-1', 'FirmaSegreta'])
        expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
