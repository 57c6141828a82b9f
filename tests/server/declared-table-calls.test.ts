/**
 * Table calls generated from their declarations (issue 25): a back-office table declared only here,
 * naming the dataset of the company's employees, is served at its own path with no code, gated by its
 * own route: the rows of the company acted for only (never another company's; Act-For of a company the
 * referent does not manage refused), 401 without a session, 403 for an employee; paging, search and
 * sort as declared; listed in the OpenAPI document. A user table answers the logged user's rows only.
 * A declaration naming an unknown dataset or column, a path already served or a route the server does
 * not know stops buildApp, naming it. And every declared table of config/ (built-in, the overlay's, the
 * registry pages') resolves: its call is a registered route, whoever opens its page passes the call's
 * gating, and the call's answer schema has the declared columns' fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGrants, profileGrants } from '../../config/permissions';
import type { RouteRule } from '../../config/routes';
import { pages } from '../../config/pages';
import { extensionTables, tables } from '../../config/tables';
import type { TableDeclaration } from '../../config/tables/types';
import { romeDate } from '../../src/server/services/calendar';
import { residualCredits } from '../../src/server/services/credit-status';
import { formatCents } from '../../src/shared/money';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const ROUTE = 'prova-tabella-dipendenti';

const routeRules: Record<string, RouteRule> = {
  [ROUTE]: {
    path: `/backoffice-refazi/${ROUTE}`,
    group: 'backoffice-refazi',
    access: 'login',
    profile: 'ref_aziendale',
    permission: ROUTE,
    deniedRedirect: 'home-refazi',
  },
  'prova-tabella-mie': {
    path: '/prova/prova-tabella-mie',
    group: 'benefits',
    access: 'login',
    permission: 'prova-tabella-mie',
  },
};

const grants = {
  profiles: {
    ...profileGrants,
    ref_aziendale: {
      ...profileGrants.ref_aziendale,
      add: [...(profileGrants.ref_aziendale.add ?? []), ROUTE],
    },
  },
  customers: customerGrants,
};

const table: TableDeclaration = {
  name: 'prova-dipendenti',
  caption: 'boConsultantsCaption',
  scope: 'company',
  source: {
    dataset: 'azienda-dipendenti',
    path: '/prova_dipendenti',
    route: ROUTE,
    rows: 'results',
    sort: 'cognome',
  },
  paging: { mode: 'server', pageSizes: [2, 50], defaultPageSize: 2 },
  search: { param: 'cerca', label: 'boConsultantsCaption', minChars: 2, debounceMs: 300 },
  columns: [
    { kind: 'text', field: 'cognome', label: 'boConsultantsCaption' },
    { kind: 'text', field: 'cod_fisc', label: 'boConsultantsCaption' },
    { kind: 'euro', field: 'credito_totale', label: 'boConsultantsCaption' },
    { kind: 'euro', field: 'credito_art51c3', label: 'boConsultantsCaption' },
    { kind: 'date', field: 'prossima_scadenza', label: 'boConsultantsCaption' },
  ],
  minWidth: 600,
  empty: { text: 'boConsultantsEmpty', placement: 'row' },
  failure: { show: 'server-error' },
};

/** A table of the logged user's own rows (scope `user`), gated by a route every employee holds. */
const ownTable: TableDeclaration = {
  ...table,
  name: 'prova-mie-linee',
  scope: 'user',
  source: {
    dataset: 'utente-linee-credito',
    path: '/prova_mie_linee',
    route: 'prova-tabella-mie',
    rows: 'results',
  },
  search: undefined,
  columns: [
    { kind: 'text', field: 'fonte', label: 'boConsultantsCaption' },
    { kind: 'euro', field: 'credito_spendibile', label: 'boConsultantsCaption' },
  ],
};

type Row = {
  id: number;
  cognome: string;
  cod_fisc: string;
  credito_totale: string;
  credito_art51c3: string;
  prossima_scadenza: string | null;
};
type Page = { count: number; results: Row[] };

describe.each(backends)('table calls declared only in tests (%s)', (backend) => {
  let t: TestApp;
  let laura: string;
  let mario: string;
  let ids: { acme: number; globex: number };

  beforeAll(async () => {
    t = await buildTestApp(backend, { extraRouteRules: routeRules, grants, extraTables: [table, ownTable] });
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    const companies = await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute();
    const id = (nome: string) => companies.find((c) => c.nome === nome)!.id_azienda;
    ids = { acme: id('Acme S.p.A.'), globex: id('Globex S.p.A.') };
  });
  afterAll(async () => t?.close());

  const get = (url: string, token: string | null = laura, company: number | null = ids.acme) =>
    t.request({
      method: 'GET',
      url,
      ...(token ? { token } : {}),
      headers: company != null ? { 'act-for': String(company) } : {},
    });

  /** The employees of a company with their credit, as the residual-credit export reads them. */
  async function expected(company: number): Promise<Row[]> {
    const rows: Row[] = [];
    for await (const batch of residualCredits(t.db, company, romeDate())) {
      for (const r of batch) {
        rows.push({
          id: r.id,
          cognome: r.cognome,
          cod_fisc: r.cod_fisc,
          credito_totale: formatCents(r.totale),
          credito_art51c3: formatCents(r.art51c3),
          prossima_scadenza: r.scadenza
            ? typeof r.scadenza === 'string'
              ? r.scadenza.slice(0, 10)
              : romeDate(new Date(r.scadenza))
            : null,
        });
      }
    }
    return rows;
  }

  /** Every page of the call, at 50 a page. */
  async function readAll(query = ''): Promise<Page> {
    const results: Row[] = [];
    for (let page = 1; ; page++) {
      const answer = json<Page>(await get(`/api/prova_dipendenti?page_size=50&page=${page}${query}`));
      results.push(...answer.results);
      if (answer.results.length < 50) return { count: answer.count, results };
    }
  }

  it('answers the rows of the company acted for only, with the declared columns', async () => {
    const all = await readAll();
    const acme = await expected(ids.acme);
    expect(all.count).toBe(acme.length);
    expect(all.count).toBeGreaterThan(2);
    const byId = (a: Row, b: Row) => a.id - b.id;
    expect([...all.results].sort(byId)).toEqual([...acme].sort(byId));
    expect(Object.keys(all.results[0]!).sort()).toEqual([
      'cod_fisc',
      'cognome',
      'credito_art51c3',
      'credito_totale',
      'id',
      'prossima_scadenza',
    ]);
    const globex = new Set((await expected(ids.globex)).map((r) => r.id));
    expect(globex.size).toBeGreaterThan(0);
    expect(all.results.some((r) => globex.has(r.id))).toBe(false);
  });

  it('pages, searches and sorts as declared', async () => {
    const first = await get('/api/prova_dipendenti');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = json<Page>(first);
    expect(page1.results).toHaveLength(2);
    const page2 = json<Page>(await get('/api/prova_dipendenti?page=2'));
    const all = json<Page>(await get('/api/prova_dipendenti?page_size=50'));
    expect([...page1.results, ...page2.results]).toEqual(all.results.slice(0, 4));
    const surnames = all.results.map((r) => r.cognome);
    expect(surnames).toEqual([...surnames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = json<Page>(await get('/api/prova_dipendenti?page_size=50&ordering=-cognome'));
    const descending = desc.results.map((r) => r.cognome);
    expect(descending).toEqual([...descending].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(descending[0]! >= surnames.at(-1)!).toBe(true);

    const mario = (await readAll()).results.find((r) => r.cognome === 'Rossi')!;
    const found = await readAll('&cerca=ross');
    expect(found.results.map((r) => r.id)).toContain(mario.id);
    expect(found.results.every((r) => r.cognome.toLowerCase().includes('ross') || r.cod_fisc)).toBe(true);
    expect(found.count).toBeLessThan(all.count);
    expect(json<Page>(await get('/api/prova_dipendenti?cerca=%25%25zzz')).count).toBe(0);

    // Only the declared page sizes, sorts and parameters.
    expect((await get('/api/prova_dipendenti?page_size=10')).statusCode).toBe(400);
    expect((await get('/api/prova_dipendenti?ordering=email')).statusCode).toBe(400);
    expect((await get('/api/prova_dipendenti?altro=1')).statusCode).toBe(400);
  });

  it('refuses no session, an employee and a company the referent does not manage', async () => {
    expect((await get('/api/prova_dipendenti', null)).statusCode).toBe(401);
    expect((await get('/api/prova_dipendenti', mario)).statusCode).toBe(403);
    const foreign = await get('/api/prova_dipendenti', laura, ids.globex);
    expect(foreign.statusCode).toBe(403);
  });

  it('answers a user table with the logged user’s rows only', async () => {
    const own = await t.request({ method: 'GET', url: '/api/prova_mie_linee?page_size=50', token: mario });
    expect(own.statusCode, own.body).toBe(200);
    const marioId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'mario.rossi@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const lines = await t.db.selectFrom('credit_lines').select('id').where('user_id', '=', marioId).execute();
    const answer = json<{
      count: number;
      results: { id: number; fonte: string; credito_spendibile: string }[];
    }>(own);
    expect(answer.count).toBe(lines.length);
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.results).toHaveLength(Math.min(50, lines.length));
    expect(Object.keys(answer.results[0]!).sort()).toEqual(['credito_spendibile', 'fonte', 'id']);
    expect(answer.results.every((r) => lines.some((l) => l.id === r.id))).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/prova_mie_linee' })).statusCode).toBe(401);
  });

  it('is listed in the OpenAPI document with its response schema', async () => {
    const doc = json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>(
      await t.request({ method: 'GET', url: '/api/openapi.json' }),
    );
    const entry = doc.paths['/api/prova_dipendenti']?.get;
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry!.responses['200'])).toContain('credito_art51c3');
  });
});

describe('a wrong table declaration stops the start', () => {
  const start = (declaration: TableDeclaration) =>
    buildTestApp('pglite', {
      demo: false,
      extraRouteRules: routeRules,
      grants,
      extraTables: [declaration],
    }).then((t) => t.close());
  const wrong = (source: Partial<TableDeclaration['source']>, rest: Partial<TableDeclaration> = {}) => ({
    ...table,
    ...rest,
    source: { ...table.source, ...source },
  });

  it.each([
    ['an unknown dataset', wrong({ dataset: 'nessuno' }), /il dataset «nessuno» non esiste/],
    [
      'an unknown column',
      wrong({}, { columns: [{ kind: 'text', field: 'stipendio', label: 'boConsultantsCaption' }] }),
      /la colonna «stipendio» non è del dataset/,
    ],
    ['a path already served', wrong({ path: '/chiavi_pubbliche' }), /già servita/],
    ['a route not declared', wrong({ route: 'nessuna-route' }), /la route «nessuna-route» non è dichiarata/],
  ])('%s', async (_what, declaration, message) => {
    await expect(start(declaration as TableDeclaration)).rejects.toThrow(message);
  });
});

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

describe('every declared table call resolves against the server (issue 25)', () => {
  let t: TestApp;
  let doc: {
    paths: Record<
      string,
      { get?: { responses: Record<string, { content?: Record<string, { schema: Schema }> }> } }
    >;
    components: { schemas: Record<string, Schema> };
  };
  let granted: Map<string, Set<string>>;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    doc = json(await t.request({ method: 'GET', url: '/api/openapi.json' }));
    granted = new Map();
    for (const row of await t.db.selectFrom('profile_permissions').select(['profile', 'perm']).execute()) {
      if (!granted.has(row.profile)) granted.set(row.profile, new Set());
      granted.get(row.profile)!.add(row.perm);
    }
  });
  afterAll(async () => t?.close());

  /** Whether a profile passes a route's gating (the profile's own grants, no customer's). */
  function opens(profile: string, route: string): boolean {
    const rule = (t.app.routeRules as Record<string, RouteRule>)[route];
    if (!rule) return false;
    if (rule.access === 'public') return true;
    if (rule.profile !== undefined && rule.profile !== profile) return false;
    if (rule.permission === undefined) return true;
    const keys = typeof rule.permission === 'string' ? [rule.permission] : rule.permission.anyOf;
    return keys.some((key) => granted.get(profile)?.has(key));
  }

  function resolve(schema: Schema | undefined): Schema | undefined {
    let current = schema;
    for (let i = 0; current?.$ref && i < 10; i++) {
      current =
        doc.components.schemas[current.$ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '')];
    }
    return current;
  }

  /** The properties a row of the answer may have; null: the schema does not say (no check). */
  function rowProperties(schema: Schema | undefined, rows: string | undefined): Set<string> | null {
    let answer = resolve(schema);
    if (!answer) return null;
    if (rows !== undefined) answer = resolve(answer.properties?.[rows]);
    const items = resolve(answer?.items);
    const parts = [items, ...(items?.allOf ?? []).map(resolve)];
    const names = parts.flatMap((part) => Object.keys(part?.properties ?? {}));
    return names.length > 0 ? new Set(names) : null;
  }

  const tableEntries = () => {
    const all = new Map<string, TableDeclaration>();
    for (const table of [
      ...Object.values(tables as Record<string, TableDeclaration>),
      ...Object.values(extensionTables),
      ...pages.flatMap((page) => (page.kind === 'table' ? [page.table] : [])),
    ])
      all.set(table.name, table);
    return [...all.values()];
  };

  it('serves every declared table source at a gated GET, with the columns in its answer', () => {
    const problems: string[] = [];
    for (const table of tableEntries()) {
      const url = `/api${table.source.path.replace(/\{\w+\}/g, 'x')}`;
      const method = table.source.method ?? 'GET';
      const call = t.app.routeList.find(
        (route) =>
          route.method === method && new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`).test(url),
      );
      if (!call) {
        problems.push(`${table.name}: ${method} ${url} non è servita`);
        continue;
      }
      if (!call.config.public && !call.config.route) problems.push(`${table.name}: ${url} senza route`);
      // Whoever can open a page showing the table passes the call's gating.
      for (const page of pages) {
        if (page.kind !== 'table' || page.table.name !== table.name || !call.config.route) continue;
        for (const profile of granted.keys()) {
          if (opens(profile, page.route) && !opens(profile, call.config.route)) {
            problems.push(`${table.name}: ${profile} apre ${page.route} ma non passa ${call.config.route}`);
          }
        }
      }
      const path = call.url.replace(/:(\w+)/g, '{$1}');
      const answer = doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema;
      const fields = rowProperties(answer, table.source.rows);
      for (const column of table.columns) {
        if (!fields?.has(column.field.split('.')[0]!)) {
          problems.push(`${table.name}: la risposta di ${path} non ha il campo ${column.field}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
