/**
 * Access as structure (ARCHITECTURE.md §4 "Route gating", §7; plugins/access.ts): every API call
 * declares public, login-only or the route it serves, the server refuses it by the portal's own rule
 * (src/shared/access), and back-office calls exist only inside the back-office plugin. The app is
 * built once with the demo data; the apps that must fail to start (or that add a test route) reuse
 * its database, so they cost no migration or seed.
 */
import type { FastifyInstance, FastifyPluginAsync, RouteShorthandOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { isRouteName, routes } from '../../config/routes';
import { buildApp } from '../../src/server/app';
import { checkRouteDeclaration, markBackOfficeContext } from '../../src/server/plugins/access';
import { hashToken } from '../../src/server/services/sessions';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

/** A plugin that registers one GET route with the given config (and a complete schema). */
function testRoute(url: string, config: RouteShorthandOptions['config']): FastifyPluginAsync {
  return async (app) => {
    app.get(
      url,
      {
        config,
        schema: {
          summary: 'Chiamata di prova',
          tags: ['prova'],
          response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
        },
      },
      async () => ({ ok: true }),
    );
  };
}

/** The back-office calls of the contract: the only ones the back-office plugin registers. */
const BACK_OFFICE_CALLS = [
  'DELETE /api/chiavi_pubbliche/:keyid',
  'DELETE /api/consulenti/:keyid',
  'GET /api/aziende_affiliate',
  'GET /api/aziende_referente',
  'GET /api/chiavi_pubbliche',
  'GET /api/comunicazioni_interne_inviate',
  'GET /api/comunicazioni_interne_inviate_archivio',
  'GET /api/documenti_utente_azienda',
  'GET /api/download_document_azienda/:id_resource',
  'GET /api/export_crediti_res_utenti',
  'GET /api/export_wfbridge_fine_mese',
  'GET /api/get_status_conto_anticipi',
  'GET /api/get_storico_transazioni/azienda',
  'GET /api/piani_welfare',
  'GET /api/piano_welfare_crediti/:id',
  'GET /api/ricarica_incentive',
  'GET /api/ricarica_incentive/:id/proforma',
  'GET /api/scadenzario_azienda',
  'GET /api/utenti_azienda',
  'POST /api/chiavi_pubbliche',
  'POST /api/comunicazione_interna',
  'POST /api/ricarica_incentive',
  // Piattapasto (issue 17)
  'DELETE /api/piattapasto_annulla_ordine',
  'GET /api/piattapasto_impostazioni',
  'GET /api/piattapasto_storico_ordini',
  'GET /api/piattapasto_template',
  'POST /api/piattapasto_carica_ordine',
  'POST /api/piattapasto_conferma_ordine',
  'POST /api/piattapasto_impostazioni',
  // bulk credit import (issue 17)
  'GET /api/importtools',
  'GET /api/importtools/:id/input',
  'GET /api/importtools/:id/output',
  'GET /api/importtools/template',
  'POST /api/importtools',
  'POST /api/importtools/:id/annulla',
];

describe.each(backends)('access declared by every call and enforced by the shared rule (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let laura: string;
  let luca: string;
  let ids: { acme: number; acmeServizi: number; globex: number };

  /** An app on the same database with extra route plugins (the one app stays untouched). */
  const appWith = (...extraRoutes: FastifyPluginAsync[]): Promise<FastifyInstance> =>
    buildApp({
      env: { TICKET_SECRET: TEST_TICKET_SECRET },
      logger: false,
      staticDir: null,
      demo: false,
      database: t.app.database,
      extraRoutes,
    });

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, token, headers });

  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login('mario.rossi@example.com');
    laura = await t.login('laura.bianchi@example.com');
    luca = await t.login('luca.neri@example.com');
    const companies = await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute();
    const id = (nome: string) => companies.find((c) => c.nome === nome)!.id_azienda;
    ids = { acme: id('Acme S.p.A.'), acmeServizi: id('Acme Servizi S.r.l.'), globex: id('Globex S.p.A.') };
  });
  afterAll(async () => t?.close());

  describe('declarations', () => {
    const apiCalls = () =>
      t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

    it('every API call is public, login-only or names a route of config/routes.ts', () => {
      const calls = apiCalls();
      expect(calls.length).toBeGreaterThan(40);
      for (const { method, url, config } of calls) {
        const label = `${method} ${url}`;
        const declared = [config.public === true, config.access === 'login', config.route !== undefined];
        expect(declared.filter(Boolean), label).toHaveLength(1);
        if (config.route !== undefined) expect(isRouteName(config.route), label).toBe(true);
      }
    });

    it('names the route of the screen where the spec gates the call', () => {
      const routeOf = (url: string) => apiCalls().find((r) => r.url === url)?.config.route;
      expect(routeOf('/api/get_storico_transazioni/utente')).toBe('dashmovimenti');
      expect(routeOf('/api/notifiche_utente_list')).toBe('site-notifiche');
      expect(routeOf('/api/marca_tutte_le_notifiche_archivio_come_lette')).toBe('site-notifiche');
      expect(routeOf('/api/crea_richiesta/rimb-spese')).toBe('rimb-spese');
      expect(routeOf('/api/crea_richiesta/conv-previdenza-integrativa')).toBe('conv-previdenza-integrativa');
      expect(apiCalls().find((r) => r.url === '/api/get-logged-user-info')?.config.access).toBe('login');
    });

    it('registers the back-office calls, and only them, with back-office routes', () => {
      const backOffice = apiCalls()
        .filter((r) => {
          const name = r.config.route;
          return (
            r.config.backOffice ||
            (name !== undefined && isRouteName(name) && routes[name].group === 'backoffice-refazi')
          );
        })
        .map((r) => `${r.method} ${r.url}`)
        .filter((call) => !call.startsWith('HEAD '))
        .sort();
      expect(backOffice).toEqual([...BACK_OFFICE_CALLS].sort());
    });

    it('refuses to start with a back-office call registered outside the back-office plugin', async () => {
      await expect(
        appWith(testRoute('/api/prova_back_office', { route: 'office-consulenti' })),
      ).rejects.toThrow(/solo nel plugin routes\/backoffice/);
    });

    it('refuses to start with a second back-office context', async () => {
      const secondBackOffice: FastifyPluginAsync = async (app) => {
        markBackOfficeContext(app);
        await testRoute('/api/prova_back_office', { route: 'office-consulenti' })(app, {});
      };
      await expect(appWith(secondBackOffice)).rejects.toThrow(/un solo plugin/);
    });

    it('refuses to start with a gated call that names no route', async () => {
      await expect(appWith(testRoute('/api/prova_senza_route', {}))).rejects.toThrow(
        /esattamente uno tra config\.public/,
      );
    });

    it('checks each declaration as it is registered (the rule buildApp applies)', () => {
      const table = t.app.routeRules;
      const check =
        (config: RouteShorthandOptions['config'], insideBackOffice = false) =>
        () =>
          checkRouteDeclaration(table, { method: 'GET', url: '/api/prova', config }, insideBackOffice);
      expect(check({ public: true })).not.toThrow();
      expect(check({ access: 'login' })).not.toThrow();
      expect(check({ route: 'dashmovimenti' })).not.toThrow();
      expect(check({ route: 'office-consulenti' }, true)).not.toThrow();
      expect(check({ access: 'login', route: 'menu' })).toThrow(/esattamente uno/);
      expect(check({ public: true, access: 'login' })).toThrow(/esattamente uno/);
      expect(check({ route: 'non-esiste' })).toThrow(/non esiste in config\/routes\.ts/);
      expect(check({ route: 'office-consulenti' })).toThrow(/solo nel plugin routes\/backoffice/);
      expect(check({ route: 'menu', backOffice: true })).toThrow(/solo nel plugin routes\/backoffice/);
    });
  });

  describe('403 by the shared rule', () => {
    it('refuses a call whose route permission the user lacks, allows it with the permission', async () => {
      expect((await get('/api/notifiche_utente_list?mode=ricevuti', mario)).statusCode).toBe(200);
      await t.db
        .deleteFrom('profile_permissions')
        .where('profile', '=', 'utente')
        .where('perm', '=', 'site-notifiche')
        .execute();
      try {
        for (const url of [
          '/api/notifiche_utente_list?mode=ricevuti',
          '/api/notifiche_utente_list_archivio?mode=ricevuti',
        ]) {
          const denied = await get(url, mario);
          expect(denied.statusCode, url).toBe(403);
          expect(json(denied)).toEqual({ detail: messages.apiForbidden });
        }
        // A login-only call of the same user is not affected.
        expect((await get('/api/info_notifiche', mario)).statusCode).toBe(200);
      } finally {
        await t.db
          .insertInto('profile_permissions')
          .values({ profile: 'utente', perm: 'site-notifiche' })
          .execute();
      }
      expect((await get('/api/notifiche_utente_list?mode=ricevuti', mario)).statusCode).toBe(200);
    });

    it('refuses threshold_ok false with the spec’s text (luca.neri), not the login-only calls', async () => {
      const denied = await get('/api/fondi_previdenza?term=previ', luca);
      expect(denied.statusCode).toBe(403);
      expect(json(denied)).toEqual({ detail: messages.thresholdNotOk });
      const request = await t.request({
        method: 'POST',
        url: '/api/crea_richiesta/rimb-spese',
        token: luca,
        payload: { nonsense: true },
      });
      expect(request.statusCode).toBe(403);
      expect(json(request)).toEqual({ detail: messages.thresholdNotOk });
      expect((await get('/api/get_user_credit_info', luca)).statusCode).toBe(200);
      expect((await get('/api/fondi_previdenza?term=previ', mario)).statusCode).toBe(200);
    });

    it('refuses a route that needs the payment-provider registration to a user without it', async () => {
      const app = await appWith(testRoute('/api/prova_ollipay', { route: 'conv-ollipay' }));
      try {
        const call = () =>
          app.inject({
            method: 'GET',
            url: '/api/prova_ollipay',
            headers: { authorization: `Token ${mario}` },
          });
        // Mario is registered in the demo data; unregistered, the same call is refused.
        expect((await call()).statusCode).toBe(200);
        const setRegistered = (registered: boolean) =>
          t.db
            .updateTable('users')
            .set({ ollipay_reg_status: registered })
            .where('email', '=', 'mario.rossi@example.com')
            .execute();
        await setRegistered(false);
        try {
          const denied = await call();
          expect(denied.statusCode).toBe(403);
          expect(json(denied)).toEqual({ detail: messages.apiForbidden });
        } finally {
          await setRegistered(true);
        }
        expect((await call()).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('refuses every back-office call to a non-referent', async () => {
      for (const call of BACK_OFFICE_CALLS) {
        const [method, path] = call.split(' ') as ['GET' | 'POST' | 'DELETE', string];
        // Path parameters filled with 1; a body that the route accepts, so the refusal is the access rule's.
        const url = path
          .replace(/:\w+/g, '1')
          .replace(
            /documenti_utente_azienda$|download_document_azienda\/1$/,
            (m) => `${m}?uid=00000000-0000-4000-8000-000000000000`,
          );
        const body =
          path === '/api/chiavi_pubbliche'
            ? { chiave_pubblica: 'MIIB' }
            : path === '/api/ricarica_incentive'
              ? { importo_ricarica: '1.00' }
              : path === '/api/comunicazione_interna'
                ? { destinatari: [1], messaggio: '<p>x</p>' }
                : undefined;
        const denied = await t.request({
          method,
          url,
          token: mario,
          ...(method === 'POST' && body ? { payload: body } : {}),
        });
        expect(denied.statusCode, url).toBe(403);
        expect(json(denied), url).toEqual({ detail: messages.apiForbidden });
      }
    });

    it('refuses an Act-For company the referent does not manage, and serves a managed one', async () => {
      const denied = await get('/api/get_status_conto_anticipi', laura, { 'act-for': String(ids.globex) });
      expect(denied.statusCode).toBe(403);
      expect(json(denied)).toEqual({ detail: messages.apiActForForbidden });
      for (const company of [ids.acme, ids.acmeServizi]) {
        const allowed = await get('/api/get_status_conto_anticipi', laura, { 'act-for': String(company) });
        expect(allowed.statusCode, allowed.body).toBe(200);
      }
      expect((await get('/api/get_storico_transazioni/azienda?page_size=10', laura)).statusCode).toBe(200);
    });

    it('fails closed when the session’s default company is no longer managed', async () => {
      const session = await t.login('laura.bianchi@example.com');
      await t.db
        .updateTable('sessions')
        .set({ act_for: ids.globex })
        .where('token_hash', '=', hashToken(session))
        .execute();
      const denied = await get('/api/get_status_conto_anticipi', session);
      expect(denied.statusCode).toBe(403);
      expect(json(denied)).toEqual({ detail: messages.apiActForForbidden });
      // An explicit, managed Act-For still works with that session.
      expect(
        (await get('/api/get_status_conto_anticipi', session, { 'act-for': String(ids.acme) })).statusCode,
      ).toBe(200);
    });

    it('refuses a referent the permission of the back-office route, keeps home-refazi (profile only)', async () => {
      await t.db
        .deleteFrom('profile_permissions')
        .where('profile', '=', 'ref_aziendale')
        .where('perm', '=', 'office-transactionsdash')
        .execute();
      try {
        const denied = await get('/api/export_crediti_res_utenti', laura);
        expect(denied.statusCode).toBe(403);
        expect(json(denied)).toEqual({ detail: messages.apiForbidden });
        expect((await get('/api/aziende_referente', laura)).statusCode).toBe(200);
      } finally {
        await t.db
          .insertInto('profile_permissions')
          .values({ profile: 'ref_aziendale', perm: 'office-transactionsdash' })
          .execute();
      }
      expect((await get('/api/get_status_conto_anticipi', laura)).statusCode).toBe(200);
    });
  });
});
