/**
 * Input and surface hardening (issue 11, items 1-4): NUL characters anywhere, the rate limit keyed on
 * what the server verified, errors raised by the router, and instances starting together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { buildApp } from '../../src/server/app';
import { rateLimitKey } from '../../src/server/plugins/rate-limit';
import { akeyOf, demo } from './auth-helpers';
import {
  backends,
  buildTestApp,
  createTestDatabase,
  json,
  NO_POSTGRES_REASON,
  TEST_DATABASE_URL,
  TEST_TICKET_SECRET,
  type TestApp,
} from './helpers';

const NUL = '\u0000';
const nulAnswer = (field: string) => ({ [field]: [messages.apiTextNul] });

describe.each(backends)('a NUL character is a 400 everywhere (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login(demo.mario.email);
  });
  afterAll(async () => t?.close());

  it('in JSON bodies of public calls, naming the field', async () => {
    for (const url of ['/api/password_lost', '/api/password_expired_renew']) {
      const answer = await t.request({
        method: 'POST',
        url,
        payload: { user_email: `ma${NUL}rio@example.com` },
      });
      expect(answer.statusCode, url).toBe(400);
      expect(json(answer), url).toEqual(nulAnswer('user_email'));
    }
  });

  it('inside the akey, once decoded', async () => {
    const akey = akeyOf(`mario.rossi${NUL}@example.com`, 'Welfare!2026');
    const answer = await t.request({ method: 'POST', url: '/api/api-token-ckey', payload: { akey } });
    expect(answer.statusCode).toBe(400);
    expect(json(answer)).toEqual(nulAnswer('akey'));
  });

  it('in the signature of the consents and in nested fields of a request form', async () => {
    const privacy = await t.request({
      method: 'POST',
      url: '/api/user_privacy',
      token: mario,
      payload: {
        privacy_servizio: true,
        privacy_dati_personali: true,
        decalogo_sicurezza: true,
        signature: `Mario${NUL}`,
      },
    });
    expect(privacy.statusCode).toBe(400);
    expect(json(privacy)).toEqual(nulAnswer('signature'));

    const supplier = await t.request({
      method: 'POST',
      url: '/api/crea_richiesta/conv-ondemand',
      token: mario,
      headers: { 'idempotency-key': 'nul-supplier-1' },
      payload: { importo: '10.00', fornitore: { nome: `Ditta${NUL}`, p_iva: '01234567897' } },
    });
    expect(supplier.statusCode).toBe(400);
    expect(json(supplier)).toEqual(nulAnswer('fornitore.nome'));

    const beneficiary = await t.request({
      method: 'POST',
      url: '/api/crea_richiesta/rimb-spese',
      token: mario,
      headers: { 'idempotency-key': 'nul-beneficiary-1' },
      payload: { importo: '10.00', note: 'ok', beneficiari: [{ nome: `Anna${NUL}` }] },
    });
    expect(beneficiary.statusCode).toBe(400);
    expect(json(beneficiary)).toEqual(nulAnswer('beneficiari.0.nome'));
  });

  it('in query strings and path parameters', async () => {
    const funds = await t.request({ method: 'GET', url: '/api/fondi_previdenza?term=ab%00cd', token: mario });
    expect(funds.statusCode).toBe(400);
    expect(json(funds)).toEqual(nulAnswer('term'));
    const outbox = await t.request({ method: 'GET', url: '/api/dev/outbox?to=a%00b' });
    expect(outbox.statusCode).toBe(400);
    expect(json(outbox)).toEqual(nulAnswer('to'));
    const beneficiaries = await t.request({ method: 'GET', url: '/api/beneficiari/RS%00', token: mario });
    expect(beneficiaries.statusCode).toBe(400);
  });

  it('in the text fields of an upload', async () => {
    const boundary = '----nul';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      part('file_kind', `doc_acq${NUL}`) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="a.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n--${boundary}--\r\n`;
    const answer = await t.request({
      method: 'POST',
      url: '/api/upload_allegato',
      token: mario,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(answer.statusCode).toBe(400);
    expect(json(answer)).toEqual(nulAnswer('file_kind'));
  });
});

describe('errors raised by the router keep the error shape and the headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { demo: false }, { sharedEmpty: true });
  });
  afterAll(async () => t?.close());

  it.each([
    ['a bad escape', '/api/download_document/%E0%A4%A', 400, messages.apiBadUrl],
    [
      'a path parameter over 100 characters',
      `/api/download_document/${'1'.repeat(150)}`,
      414,
      messages.apiUrlTooLong,
    ],
  ])('%s', async (_name, url, status, detail) => {
    const answer = await t.request({ method: 'GET', url });
    expect(answer.statusCode).toBe(status);
    expect(json(answer)).toEqual({ detail });
    expect(answer.body).not.toContain('download_document');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('the rate limit is keyed on what the server verified', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { rateLimitMax: 5, rateLimitWindowMs: 60_000 });
  });
  afterAll(async () => t?.close());

  it('counts sign-in attempts with varying junk tokens against the one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/api-token-ckey',
        headers: { authorization: `Token junk-${i}` },
        remoteAddress: '10.9.9.9',
        payload: { akey: akeyOf(`nobody${i}@example.com`, 'Welfare!2026') },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('gives a signed-in user one budget whatever the address', async () => {
    const token = await t.login(demo.giulia.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/get-logged-user-info',
        headers: { authorization: `Token ${token}` },
        remoteAddress: `10.8.0.${i + 1}`,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('keys a request on the checked user, else on the address', () => {
    expect(rateLimitKey({ auth: { userId: 7 }, ip: '10.0.0.1' } as never)).toBe('user:7');
    expect(rateLimitKey({ auth: null, ip: '10.0.0.1' } as never)).toBe('ip:10.0.0.1');
  });

  it('reads the client address from the proxy header only with TRUST_PROXY', async () => {
    const behindProxy = async (env: Record<string, string>) => {
      const app = await buildTestApp(
        'pglite',
        {
          demo: false,
          rateLimitMax: 2,
          env: { TICKET_SECRET: TEST_TICKET_SECRET, ...env },
        },
        { sharedEmpty: true },
      );
      try {
        const statuses: number[] = [];
        for (const client of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) {
          const answer = await app.app.inject({
            url: '/api/getapiuserskin/acme',
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-for': client },
          });
          statuses.push(answer.statusCode);
        }
        return statuses;
      } finally {
        await app.close();
      }
    };
    // Without it every client behind the balancer is the balancer; with it each has its own budget.
    expect(await behindProxy({})).toEqual([404, 404, 429]);
    expect(await behindProxy({ TRUST_PROXY: '10.0.0.0/8' })).toEqual([404, 404, 404]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('instances starting together on a fresh PostgreSQL database', () => {
  it('both start, and the demo data is there once', async () => {
    if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
    const created = await createTestDatabase();
    const start = () =>
      buildApp({
        env: { TICKET_SECRET: TEST_TICKET_SECRET },
        databaseUrl: created.url,
        demo: true,
        staticDir: null,
        logger: false,
      });
    try {
      const apps = await Promise.all([start(), start()]);
      try {
        const users = await apps[0].db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('email', '=', demo.mario.email)
          .executeTakeFirstOrThrow();
        expect(Number(users.n)).toBe(1);
      } finally {
        await Promise.all(apps.map((app) => app.close()));
      }
    } finally {
      await created.drop();
    }
  }, 180_000);
});
