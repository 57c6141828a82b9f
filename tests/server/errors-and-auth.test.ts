import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { hashToken } from '../../src/server/services/sessions';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const CONSENT = {
  privacy_servizio: true,
  privacy_dati_personali: false,
  decalogo_sicurezza: true,
  signature: 'Mario Rossi',
};

describe.each(backends)('error shape and caller checks (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let laura: string;
  let ids: { acme: number; acmeServizi: number; globex: number };

  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login('mario.rossi@example.com');
    laura = await t.login('laura.bianchi@example.com');
    const companies = await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute();
    const id = (nome: string) => companies.find((c) => c.nome === nome)!.id_azienda;
    ids = { acme: id('Acme S.p.A.'), acmeServizi: id('Acme Servizi S.r.l.'), globex: id('Globex S.p.A.') };
  });
  afterAll(async () => t?.close());

  describe('error shape', () => {
    it('answers an unknown API route with a JSON 404 and no-store', async () => {
      const response = await t.request({ method: 'GET', url: '/api/non-esiste?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(json(response)).toEqual({
        detail: formatMessage('apiRouteNotFound', { method: 'GET', url: '/api/non-esiste' }),
      });
      const post = await t.request({ method: 'POST', url: '/api/get_menu_perms', token: mario });
      expect(post.statusCode).toBe(404);
    });

    it('refuses malformed JSON with 400 apiBadJson', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: mario,
        headers: { 'content-type': 'application/json' },
        payload: '{"privacy_servizio": tru',
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ detail: messages.apiBadJson });
    });

    it('refuses prototype poisoning as bad JSON, not as a crash', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: mario,
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__": {"admin": true}, "signature": "x"}',
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ detail: messages.apiBadJson });
    });

    it('names the unknown field, the missing field and the wrongly typed field in Italian', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: mario,
        payload: { privacy_servizio: 'sì', decalogo_sicurezza: true, signature: 'Mario', admin: true },
      });
      expect(response.statusCode).toBe(400);
      const body = json<Record<string, string[]>>(response);
      expect(body.admin).toEqual([messages.apiValidationUnknownField]);
      expect(body.privacy_dati_personali).toEqual([messages.apiValidationRequired]);
      expect(body.privacy_servizio).toContain(
        formatMessage('apiValidationType', { type: messages.apiTypeBoolean }),
      );
      expect(Object.keys(body).sort()).toEqual(['admin', 'privacy_dati_personali', 'privacy_servizio']);
    });

    it('puts errors about the whole body under non_field_errors', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: mario,
        payload: [1, 2],
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        non_field_errors: [formatMessage('apiValidationType', { type: messages.apiTypeObject })],
      });
    });

    it('refuses a body over 1 MB with 413', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: mario,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ signature: 'x'.repeat(1_100_000) }),
      });
      expect(response.statusCode).toBe(413);
      expect(json(response)).toEqual({ detail: messages.apiBodyTooLarge });
    });

    it('refuses other content types with 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const response = await t.request({
          method: 'POST',
          url: '/api/user_privacy',
          token: mario,
          headers: { 'content-type': type },
          payload: 'a=1',
        });
        expect(response.statusCode, type).toBe(415);
        expect(json(response)).toEqual({ detail: messages.apiUnsupportedMediaType });
      }
    });

    it('accepts a valid body and stores it', async () => {
      const response = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token: mario,
        payload: CONSENT,
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual(CONSENT);
      const read = await t.request({ method: 'GET', url: '/api/user_privacy', token: mario });
      expect(json(read)).toEqual(CONSENT);
      // luca.neri has not consented yet: 404 tells the portal to show the privacy modal.
      const luca = await t.login('luca.neri@example.com');
      const none = await t.request({ method: 'GET', url: '/api/user_privacy', token: luca });
      expect(none.statusCode).toBe(404);
      expect(json(none)).toEqual({ detail: messages.apiNotFound });
    });

    it('turns nothing a client can send into a 500 (a small fuzz of the public surface)', async () => {
      const bodies: Array<string | Buffer> = [
        '',
        'null',
        '0',
        '"x"',
        '[]',
        '{',
        '{}}',
        '{"a":1e999999}',
        '{"signature": {"$gt": ""}}',
        '{"privacy_servizio": null, "privacy_dati_personali": [], "decalogo_sicurezza": {}, "signature": 5}',
        Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
        '\u0000\u0001',
        '{"constructor": {"prototype": {"x": 1}}}',
        `{"signature": "${'\\u0000'.repeat(10)}"}`,
      ];
      const urls = [
        '/api/user_privacy',
        '/api/logout',
        '/api/get-logged-user-info',
        '/api/getapiuserskin/initech',
      ];
      const headerSets: Array<Record<string, string>> = [
        { 'content-type': 'application/json' },
        { 'content-type': 'application/json; charset=latin1' },
        { 'content-type': 'application/json', customer: '../../etc' },
        { 'content-type': 'application/json', 'act-for': '1 OR 1=1' },
        { 'content-type': 'application/json', authorization: 'Token' },
        { 'content-type': 'application/json', authorization: 'Bearer abc' },
        { 'content-type': 'application/json', authorization: `Token ${'a'.repeat(5000)}` },
        { 'content-type': 'application/json', 'idempotency-key': '💥' },
        { 'content-type': 'multipart/form-data; boundary=x' },
      ];
      const statuses = new Set<number>();
      // Its own session: POST /api/logout in the loop revokes it (later calls then get 401).
      const fuzzToken = await t.login('mario.rossi@example.com');
      for (const url of urls) {
        for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
          for (const headers of headerSets) {
            for (const payload of method === 'GET' ? [undefined] : bodies) {
              const response = await t.request({
                method,
                url,
                headers,
                token: headers.authorization ? undefined : fuzzToken,
                ...(payload === undefined ? {} : { payload }),
              });
              statuses.add(response.statusCode);
              expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBeLessThan(500);
              const body = json(response);
              expect(typeof body, `${method} ${url}`).toBe('object');
              if (response.statusCode >= 400) {
                const values = Object.values(body as object);
                expect(values.length).toBeGreaterThan(0);
                for (const v of values) expect(typeof v === 'string' || Array.isArray(v)).toBe(true);
              }
            }
          }
        }
      }
      expect([...statuses].some((s) => s >= 400)).toBe(true);
      // The fuzz above must not have changed mario's consent with an invalid body.
      const read = await t.request({ method: 'GET', url: '/api/user_privacy', token: mario });
      expect(json(read)).toEqual(CONSENT);
    }, 120_000);

    it('refuses malformed URLs with a 400, not a crash', async () => {
      const response = await t.request({ method: 'GET', url: '/api/getapiuserskin/%E0%A4%A' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });
  });

  describe('Authorization', () => {
    it('asks for authentication when no token is sent (401, WWW-Authenticate)', async () => {
      const response = await t.request({ method: 'GET', url: '/api/get_user_credit_info' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Token');
      expect(json(response)).toEqual({ detail: messages.apiUnauthorized });
    });

    it('refuses malformed and unknown tokens with apiInvalidToken', async () => {
      for (const authorization of [
        'Token',
        'Token  ',
        'Bearer x',
        `Token ${mario} extra`,
        'Token abc',
        'Basic Zm9vOmJhcg==',
      ]) {
        const response = await t.request({
          method: 'GET',
          url: '/api/get_user_credit_info',
          headers: { authorization },
        });
        expect(response.statusCode, authorization).toBe(401);
        expect(json(response)).toEqual({ detail: messages.apiInvalidToken });
      }
      const unknown = await t.request({
        method: 'GET',
        url: '/api/get_user_credit_info',
        token: 'A'.repeat(43),
      });
      expect(unknown.statusCode).toBe(401);
    });

    it('accepts a live token and stores only its hash', async () => {
      const response = await t.request({ method: 'GET', url: '/api/get_user_credit_info', token: mario });
      expect(response.statusCode).toBe(200);
      const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === mario)).toBe(false);
      expect(rows.some((r) => r.token_hash === hashToken(mario))).toBe(true);
    });

    it('expires a session idle for more than 30 minutes', async () => {
      const token = await t.login('mario.rossi@example.com');
      const ok = await t.request({ method: 'GET', url: '/api/info_notifiche', token });
      expect(ok.statusCode).toBe(200);
      await t.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const expired = await t.request({ method: 'GET', url: '/api/info_notifiche', token });
      expect(expired.statusCode).toBe(401);
      expect(json(expired)).toEqual({ detail: messages.apiInvalidToken });
    });

    it('keeps a used session alive but ends it 12 hours after it started', async () => {
      const token = await t.login('mario.rossi@example.com');
      await t.db
        .updateTable('sessions')
        .set({
          created_at: new Date(Date.now() - 11 * 3_600_000),
          last_seen_at: new Date(Date.now() - 10 * 60_000),
        })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const alive = await t.request({ method: 'GET', url: '/api/info_notifiche', token });
      expect(alive.statusCode).toBe(200);
      const touched = await t.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      expect(Date.now() - touched.last_seen_at.getTime()).toBeLessThan(60_000);
      await t.db
        .updateTable('sessions')
        .set({ created_at: new Date(Date.now() - 12 * 3_600_000 - 1000) })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const expired = await t.request({ method: 'GET', url: '/api/info_notifiche', token });
      expect(expired.statusCode).toBe(401);
    });

    it('revokes the token at logout', async () => {
      const token = await t.login('giulia.verdi@example.com');
      const logout = await t.request({ method: 'POST', url: '/api/logout', token });
      expect(logout.statusCode).toBe(200);
      expect(json(logout)).toEqual({ detail: messages.apiLoggedOut });
      const after = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token });
      expect(after.statusCode).toBe(401);
      expect(json(after)).toEqual({ detail: messages.apiInvalidToken });
      const again = await t.request({ method: 'POST', url: '/api/logout', token });
      expect(again.statusCode).toBe(401);
    });

    it('accepts a JSON content type with an empty body on logout', async () => {
      const token = await t.login('giulia.verdi@example.com');
      const logout = await t.request({
        method: 'POST',
        url: '/api/logout',
        token,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(logout.statusCode).toBe(200);
    });
  });

  describe('Customer and Act-For headers', () => {
    it('accepts a plain Customer name and refuses anything else with 400', async () => {
      const ok = await t.request({
        method: 'GET',
        url: '/api/info_notifiche',
        token: mario,
        headers: { customer: 'Acme' },
      });
      expect(ok.statusCode).toBe(200);
      for (const customer of ['', 'Acme Corp', '../x', 'a'.repeat(65), 'acme;drop']) {
        const response = await t.request({
          method: 'GET',
          url: '/api/info_notifiche',
          token: mario,
          headers: { customer },
        });
        expect(response.statusCode, customer).toBe(400);
        expect(json(response)).toEqual({ detail: messages.apiCustomerInvalid });
      }
      const publicRoute = await t.request({
        method: 'GET',
        url: '/api/getapiuserskin/initech',
        headers: { customer: '<x>' },
      });
      expect(publicRoute.statusCode).toBe(400);
    });

    it('lets a referent act for the companies she manages', async () => {
      const own = await t.request({ method: 'GET', url: '/api/aziende_referente', token: laura });
      expect(own.statusCode).toBe(200);
      expect(json<Array<{ nome: string }>>(own).map((c) => c.nome)).toEqual([
        'Acme S.p.A.',
        'Acme Servizi S.r.l.',
      ]);
      for (const id of [ids.acme, ids.acmeServizi]) {
        const response = await t.request({
          method: 'GET',
          url: '/api/aziende_referente',
          token: laura,
          headers: { 'act-for': String(id) },
        });
        expect(response.statusCode).toBe(200);
      }
    });

    it('refuses a non-numeric Act-For with 400', async () => {
      for (const actFor of ['abc', '1.5', '-1', '0', '1e3', '', '12345678901234567890']) {
        const response = await t.request({
          method: 'GET',
          url: '/api/aziende_referente',
          token: laura,
          headers: { 'act-for': actFor },
        });
        expect(response.statusCode, actFor).toBe(400);
        expect(json(response)).toEqual({ detail: messages.apiActForInvalid });
      }
    });

    it('refuses an Act-For company the referent does not manage with 403', async () => {
      for (const id of [ids.globex, 999_999]) {
        const response = await t.request({
          method: 'GET',
          url: '/api/aziende_referente',
          token: laura,
          headers: { 'act-for': String(id) },
        });
        expect(response.statusCode).toBe(403);
        expect(json(response)).toEqual({ detail: messages.apiActForForbidden });
      }
    });

    it('refuses Act-For from an employee on any route with 403', async () => {
      for (const url of ['/api/get_user_credit_info', '/api/info_notifiche', '/api/aziende_referente']) {
        const response = await t.request({
          method: 'GET',
          url,
          token: mario,
          headers: { 'act-for': String(ids.acme) },
        });
        expect(response.statusCode, url).toBe(403);
        expect(json(response)).toEqual({ detail: messages.apiActForForbidden });
      }
    });

    it('keeps the back office for referents (403 for an employee even without Act-For)', async () => {
      const response = await t.request({ method: 'GET', url: '/api/aziende_referente', token: mario });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ detail: messages.apiForbidden });
    });
  });
});
