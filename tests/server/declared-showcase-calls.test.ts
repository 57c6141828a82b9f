/**
 * Showcase and app-voucher calls generated from their declarations (issue 25): a grid and app-voucher
 * pages declared only in tests/fixtures/showcases are served with no code, each at its declared path,
 * gated by its own route (200 for a user granted it, 403 for one who is not), answering what the
 * catalogue answers (paging, search and fixed query as declared); a declaration naming a route the
 * server does not know, a catalogue that does not exist, or a source no call serves stops buildApp,
 * naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGrants, profileGrants } from '../../config/permissions';
import { showcases } from '../../config/showcases';
import { createSession } from '../../src/server/services/sessions';
import {
  buoniProva,
  declaredProvaRoutes,
  statoProva,
  vetrinaDichiarata,
} from '../fixtures/showcases/declared-prova';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

const FIXTURE_ROUTES = Object.keys(declaredProvaRoutes);

/**
 * config/permissions.ts: the fixture routes, open to every signed-in user like any declared route, are
 * taken from referents (who otherwise hold every employee's grant).
 */
const grants = {
  profiles: {
    ...profileGrants,
    ref_aziendale: {
      ...profileGrants.ref_aziendale,
      remove: [...(profileGrants.ref_aziendale.remove ?? []), ...FIXTURE_ROUTES],
    },
  },
  customers: customerGrants,
};

type Products = { count: number; results: { Name: string; Price: string; ProductCode: string }[] };

describe.each(backends)('showcase calls declared only in fixtures (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let referent: string;
  let retailer: number;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      extraRouteRules: declaredProvaRoutes,
      grants,
      extraShowcases: [vetrinaDichiarata],
      extraAppVoucherPages: [buoniProva, statoProva],
    });
    mario = await t.login('mario.rossi@example.com');
    // A user of another profile: a referent, who is not granted the fixture routes.
    const other = await createTestUser(t.db);
    await t.db
      .updateTable('users')
      .set({ profile: 'ref_aziendale' })
      .where('id', '=', other.userId)
      .execute();
    referent = await createSession(t.db, other.email);
    retailer = Number(
      (
        await t.db
          .selectFrom('aml_retailers')
          .select('id')
          .where('name', '=', 'Supermercato Fresco')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => t?.close());

  const get = (url: string, token = mario) => t.request({ method: 'GET', url, token });

  it('serves the declared grid at its own path: paging, search and fixed query as declared', async () => {
    const page = await get(`/api/prova_dichiarata/${retailer}/buoni?cerca=bio`);
    expect(page.statusCode, page.body).toBe(200);
    const answer = json<Products>(page);
    // The same catalogue as forn-aml's call, by name (`price_sort: false`), 4 a page.
    const all = json<Products>(
      await get(`/api/aml_prodotti/${retailer}?filter=bio&price_sort=false&page_size=18`),
    );
    expect(answer.count).toBe(all.count);
    expect(answer.count).toBeGreaterThan(4);
    expect(answer.results).toEqual(all.results.slice(0, 4));
    const names = answer.results.map((p) => p.Name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(answer.results.every((p) => p.Name.includes('Bio'))).toBe(true);

    const second = json<Products>(await get(`/api/prova_dichiarata/${retailer}/buoni?cerca=bio&page=2`));
    expect(second.results).toEqual(all.results.slice(4, 8));
    // Sorted by price when asked.
    const byPrice = json<Products>(
      await get(`/api/prova_dichiarata/${retailer}/buoni?price_sort=true&page_size=8`),
    );
    const prices = byPrice.results.map((p) => Number(p.Price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.results).toHaveLength(8);

    // Only the declared page sizes and parameters; a retailer that does not exist is 404.
    expect((await get(`/api/prova_dichiarata/${retailer}/buoni?page_size=18`)).statusCode).toBe(400);
    expect((await get(`/api/prova_dichiarata/${retailer}/buoni?filter=bio`)).statusCode).toBe(400);
    expect((await get(`/api/prova_dichiarata/abc/buoni`)).statusCode).toBe(400);
    expect((await get('/api/prova_dichiarata/999999/buoni')).statusCode).toBe(404);

    // Its header.
    const header = await get(`/api/prova_dichiarata/${retailer}`);
    expect(header.statusCode, header.body).toBe(200);
    expect(json(header)).toEqual(json(await get(`/api/aml_rivenditori/${retailer}`)));
  });

  it('serves the declared app-voucher pages at their calls, with the answer their offer field names', async () => {
    const offer = await get('/api/prova_buoni');
    expect(offer.statusCode, offer.body).toBe(200);
    expect(json(offer)).toEqual(json(await get('/api/toduba_buoni')));
    expect(json<{ buoni_disp: string[] }>(offer).buoni_disp.length).toBeGreaterThan(0);

    const status = await get('/api/prova_buoni/stato');
    expect(status.statusCode, status.body).toBe(200);
    expect(json(status)).toEqual(json(await get('/api/ollipay_status')));
    expect(Object.keys(json<object>(status)).sort()).toEqual(['profile', 'reg_status', 'vouchers']);
  });

  it('refuses every generated call to a user not granted its route (403), and without a session (401)', async () => {
    for (const url of [
      `/api/prova_dichiarata/${retailer}/buoni`,
      `/api/prova_dichiarata/${retailer}`,
      '/api/prova_buoni',
      '/api/prova_buoni/stato',
    ]) {
      expect((await get(url, referent)).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('serves every source of config/showcases and of the fixture at a registered call gated by a route', () => {
    for (const showcase of [...showcases, vetrinaDichiarata]) {
      for (const source of [showcase.source, showcase.header?.source]) {
        if (!source) continue;
        const url = `/api${source.path.replace(/\{\w+\}/g, 'x')}`;
        const call = t.app.routeList.find(
          (route) =>
            route.method === 'GET' && new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`).test(url),
        );
        expect(call, `${showcase.name}: ${url}`).toBeDefined();
        expect(call!.config.route, url).toBeTruthy();
      }
    }
  });

  it('documents the generated calls in OpenAPI, gated and with their answers’ schemas', async () => {
    const doc = json<{ paths: Record<string, { get?: { summary?: string; responses?: object } }> }>(
      await get('/api/openapi.json'),
    );
    for (const path of [
      '/api/prova_dichiarata/{merchant_code}/buoni',
      '/api/prova_dichiarata/{RetailerId}',
      '/api/prova_buoni',
      '/api/prova_buoni/stato',
    ]) {
      expect(doc.paths[path]?.get?.summary, path).toBeTruthy();
      expect(doc.paths[path]?.get?.responses, path).toHaveProperty('200');
    }
  });
});

describe('declarations the server cannot serve stop buildApp, naming them', () => {
  const start = (options: Parameters<typeof buildTestApp>[1]) =>
    buildTestApp('pglite', { demo: false, ...options }).then((t) => t.close());

  it('a grid or an app-voucher page naming an undeclared route', async () => {
    await expect(
      start({ extraShowcases: [{ ...vetrinaDichiarata, route_name: 'vetrina-non-dichiarata' }] }),
    ).rejects.toThrow(/vetrina-non-dichiarata/);
    await expect(
      start({ extraAppVoucherPages: [{ ...buoniProva, route_name: 'buoni-non-dichiarati' }] }),
    ).rejects.toThrow(/buoni-non-dichiarati/);
  });

  it('a grid naming a catalogue that does not exist, or no catalogue and no hand-written call', async () => {
    const options = { extraRouteRules: declaredProvaRoutes, grants };
    await expect(
      start({
        ...options,
        extraShowcases: [
          {
            ...vetrinaDichiarata,
            source: { ...vetrinaDichiarata.source, catalogue: 'catalogo-inesistente' as 'aml-prodotti' },
          },
        ],
      }),
    ).rejects.toThrow(/catalogo-inesistente/);
    await expect(
      start({
        ...options,
        extraShowcases: [{ ...vetrinaDichiarata, source: { path: '/prova_senza_catalogo' } }],
      }),
    ).rejects.toThrow(/vetrina-dichiarata.*\/prova_senza_catalogo/);
  });
});
