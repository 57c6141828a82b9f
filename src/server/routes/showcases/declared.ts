/**
 * Showcase and app-voucher calls generated from their declarations (issue 25), as the partner calls
 * are (routes/partners), with no per-page code:
 *
 * - every showcase grid or header whose source names a catalogue (config/showcases/types.ts
 *   `ShowcaseCatalogue`, the reads in ./catalogues.ts) is served at `GET /api{path}`, gated by the
 *   declaration's route: the path's `{name}` become the catalogue's path parameters in order, the
 *   declared paging (or a `page_size` fixed in `source.query`) its `page` and `page_size`, the declared
 *   search its search text, `source.query` the defaults of the catalogue's own parameters. A literal
 *   path that an already generated call of the same catalogue matches (conv-assirete's section on the
 *   `/eurete_prodotti/{slug_name}` of sez-eurete) is served by that call;
 * - every app-voucher page (config/showcases/app-vouchers.ts) is served at `GET /api{call}`, gated by
 *   its route, answering the denominations within art. 51 c.3 under `offerField`: `buoni_disp`
 *   (schema buoni-disp) or `vouchers` with the user's Ollipay profile (schema ollipay-status).
 *
 * A declaration naming a route the server does not know, a catalogue that does not exist, or a call
 * it cannot serve stops buildApp with a message naming it. A source without a catalogue must be one of
 * the hand-written calls listed in ./index.ts (`handWrittenShowcaseSources`).
 */
import type { AppVoucherPage } from '../../../../config/showcases/app-vouchers';
import type { ShowcaseDeclaration, ShowcaseLiteral } from '../../../../config/showcases/types';
import type { PageSizes } from '../../../../config/tables/types';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import { appVoucherOffer } from '../../services/showcases';
import { catalogueQuerySchema, SEARCH_SCHEMA, showcaseCatalogues } from './catalogues';

/** A showcase as the server reads it: a test's or an overlay's may name a route config/routes.ts lacks. */
export type DeclaredShowcase = Omit<ShowcaseDeclaration, 'route_name'> & { readonly route_name: string };

/** An app-voucher page as the server reads it (a test's may name its own route). */
export type DeclaredAppVoucherPage = Omit<AppVoucherPage, 'route_name'> & { readonly route_name: string };

const PATH = /^(\/([a-z0-9_-]+|\{\w+\}))+$/;
const PAGING_KEYS = new Set(['page', 'page_size']);

function checkRoute(app: WireApp, what: string, route: string): void {
  if (!Object.hasOwn(app.routeRules, route)) {
    throw new Error(`${what}: la route «${route}» non è dichiarata (config/routes.ts).`);
  }
}

/** One source (grid or header) of a declaration, with what its call reads. */
interface DeclaredSource {
  readonly what: string;
  readonly showcase: DeclaredShowcase;
  readonly path: string;
  readonly catalogue: string;
  readonly query: Readonly<Record<string, ShowcaseLiteral>>;
  readonly paramsQuery: readonly string[];
  /** Grids only: their paging and search; a header reads one object. */
  readonly grid: boolean;
}

function sourcesOf(showcase: DeclaredShowcase): DeclaredSource[] {
  const found: DeclaredSource[] = [];
  const { source, header } = showcase;
  if (source.catalogue !== undefined) {
    found.push({
      what: `Vetrina «${showcase.name}»`,
      showcase,
      path: source.path,
      catalogue: source.catalogue,
      query: source.query ?? {},
      paramsQuery: source.paramsQuery ?? [],
      grid: true,
    });
  }
  if (header?.source.catalogue !== undefined) {
    found.push({
      what: `Intestazione della vetrina «${showcase.name}»`,
      showcase,
      path: header.source.path,
      catalogue: header.source.catalogue,
      query: header.source.query ?? {},
      paramsQuery: [],
      grid: false,
    });
  }
  return found;
}

/** The sources of the declarations that no catalogue serves (their calls are hand-written). */
export function handWrittenSources(showcases: readonly DeclaredShowcase[]): string[] {
  return showcases.flatMap((showcase) => [
    ...(showcase.source.catalogue === undefined ? [showcase.source.path] : []),
    ...(showcase.header && showcase.header.source.catalogue === undefined
      ? [showcase.header.source.path]
      : []),
  ]);
}

interface Generated {
  readonly url: string;
  readonly catalogue: string;
  readonly route: string;
  readonly pattern: RegExp;
  readonly querystring: string;
}

/**
 * Registers the calls of every showcase source that names a catalogue. `handWritten`: the declared
 * paths served by hand-written calls; any other source without a catalogue stops the start.
 */
export function registerShowcaseCalls(
  app: WireApp,
  showcases: readonly DeclaredShowcase[],
  handWritten: ReadonlySet<string>,
): void {
  for (const showcase of showcases) checkRoute(app, `Vetrina «${showcase.name}»`, showcase.route_name);
  for (const showcase of showcases) {
    for (const path of handWrittenSources([showcase])) {
      if (!handWritten.has(path)) {
        throw new Error(
          `Vetrina «${showcase.name}»: ${path} non nomina un catalogo (source.catalogue) e non è tra le ` +
            'chiamate scritte a mano (routes/showcases/index.ts).',
        );
      }
    }
  }
  const sources = showcases.flatMap(sourcesOf);
  const generated = new Map<string, Generated>();
  // Paths with parameters first: a literal path of the same shape is then served by their call.
  const ordered = [...sources].sort((a, b) => Number(b.path.includes('{')) - Number(a.path.includes('{')));
  for (const source of ordered) {
    const catalogue = Object.hasOwn(showcaseCatalogues, source.catalogue)
      ? showcaseCatalogues[source.catalogue as keyof typeof showcaseCatalogues]
      : undefined;
    if (!catalogue) throw new Error(`${source.what}: il catalogo «${source.catalogue}» non esiste.`);
    if (!PATH.test(source.path)) throw new Error(`${source.what}: percorso «${source.path}» non valido.`);
    const names = [...source.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    if (names.length !== catalogue.params.length) {
      const url = `/api${source.path}`;
      const servedBy = [...generated.values()].find(
        (call) => call.catalogue === source.catalogue && call.pattern.test(url),
      );
      if (servedBy && names.length === 0) continue;
      throw new Error(
        `${source.what}: il catalogo «${source.catalogue}» legge ${catalogue.params.length} parametri nel ` +
          `percorso, ${source.path} ne ha ${names.length}.`,
      );
    }
    let index = 0;
    const url = `/api${source.path.replace(/\{\w+\}/g, () => `:${catalogue.params[index++]!.name}`)}`;

    // Paging: the declaration's server paging, else a page size fixed in its query.
    const fixedSize = source.query.page_size;
    const paging: PageSizes | null =
      source.grid && source.showcase.paging.mode === 'server'
        ? source.showcase.paging
        : typeof fixedSize === 'number'
          ? { pageSizes: [fixedSize], defaultPageSize: fixedSize }
          : null;
    if (catalogue.paged && !paging) {
      throw new Error(`${source.what}: il catalogo «${source.catalogue}» è paginato, la vetrina no.`);
    }
    if (!catalogue.paged && paging) {
      throw new Error(`${source.what}: il catalogo «${source.catalogue}» non è paginato.`);
    }
    const search = source.grid ? source.showcase.search?.param : undefined;
    if (search !== undefined && !catalogue.search) {
      throw new Error(`${source.what}: il catalogo «${source.catalogue}» non ha ricerca.`);
    }
    for (const [key, value] of Object.entries(source.query)) {
      if (PAGING_KEYS.has(key)) continue;
      const kind = catalogue.query[key];
      if (!kind || (kind.type === 'boolean') !== (typeof value === 'boolean') || key === search) {
        throw new Error(
          `${source.what}: il parametro «${key}» di source.query non è letto dal catalogo «${source.catalogue}».`,
        );
      }
    }
    for (const key of source.paramsQuery) {
      if (!catalogue.query[key]) {
        throw new Error(
          `${source.what}: il parametro «${key}» di paramsQuery non è letto dal catalogo «${source.catalogue}».`,
        );
      }
    }
    const properties: Record<string, object> = {
      ...(paging ? pagingQueryProperties(paging) : {}),
      ...Object.fromEntries(
        Object.entries(catalogue.query).map(([key, kind]) => [
          key,
          catalogueQuerySchema(kind, source.query[key]),
        ]),
      ),
      ...(search !== undefined ? { [search]: SEARCH_SCHEMA } : {}),
    };
    const querystring = JSON.stringify(properties);

    const previous = generated.get(url);
    if (previous) {
      if (
        previous.catalogue === source.catalogue &&
        previous.route === source.showcase.route_name &&
        previous.querystring === querystring
      ) {
        continue;
      }
      throw new Error(
        `${source.what}: GET ${url} è già generata da un’altra dichiarazione, con un catalogo, una route o ` +
          'parametri diversi.',
      );
    }
    generated.set(url, {
      url,
      catalogue: source.catalogue,
      route: source.showcase.route_name,
      pattern: new RegExp(`^${url.replace(/:\w+/g, '[^/]+')}$`),
      querystring,
    });

    const params = catalogue.params;
    const hasQuery = Object.keys(properties).length > 0;
    app.route({
      method: 'GET',
      url,
      config: { route: source.showcase.route_name },
      schema: {
        summary: catalogue.summary,
        description:
          catalogue.description(paging ? pagingDescription(paging) : '').trim() +
          ` Generata dalla dichiarazione «${source.showcase.name}» (catalogo \`${source.catalogue}\`).`,
        tags: ['vetrine'],
        ...(params.length > 0
          ? {
              params: {
                type: 'object',
                required: params.map((param) => param.name),
                properties: Object.fromEntries(params.map((param) => [param.name, param.schema])),
                additionalProperties: false,
              },
            }
          : {}),
        ...(hasQuery ? { querystring: { type: 'object', properties, additionalProperties: false } } : {}),
        response: {
          200: { $ref: `${catalogue.response}#` },
          ...errorResponses(
            ...[
              ...(params.length > 0 || hasQuery ? [400] : []),
              401,
              403,
              ...(catalogue.notFound ? [404] : []),
              429,
            ],
          ),
        },
      },
      handler: async (request) => {
        const { userId } = requireAuth(request);
        const pathParams = (request.params ?? {}) as Record<string, unknown>;
        const query = (request.query ?? {}) as Record<string, unknown>;
        const text = search !== undefined ? query[search] : undefined;
        const answer = await catalogue.read(app.db, {
          userId,
          params: params.map((param) => pathParams[param.name]),
          query,
          search: typeof text === 'string' ? text.trim() : '',
          slice: paging ? pageSlice(query as { page?: number; page_size?: number }, paging) : null,
        });
        // The catalogue's answer is its schema's (`catalogue.response`), checked by the serializer.
        return answer as never;
      },
    });
  }
}

/** Registers `GET /api{call}` for every app-voucher page, gated by its route. */
export function registerAppVoucherCalls(app: WireApp, pages: readonly DeclaredAppVoucherPage[]): void {
  const seen = new Set<string>();
  for (const page of pages) {
    const what = `Pagina di buoni app «${page.route_name}»`;
    checkRoute(app, what, page.route_name);
    if (!/^(\/[a-z0-9_-]+)+$/.test(page.call))
      throw new Error(`${what}: chiamata «${page.call}» non valida.`);
    const url = `/api${page.call}`;
    if (seen.has(url)) throw new Error(`${what}: GET ${url} è già dichiarata da un’altra pagina.`);
    seen.add(url);
    const ollipay = page.offerField === 'vouchers';
    app.route({
      method: 'GET',
      url,
      config: { route: page.route_name },
      schema: {
        summary: ollipay ? 'Stato Ollipay' : `Tagli dei buoni app (${page.route_name})`,
        description: ollipay
          ? 'Il profilo Ollipay dell’utente (`wfm`: Welfare Di Marca, la pagina d’acquisto; altrimenti la pagina ' +
            'informativa con i link dell’app) e i tagli offerti entro il credito art. 51 c.3. Generata dalla ' +
            `pagina \`${page.route_name}\` (config/showcases/app-vouchers.ts).`
          : 'I tagli dei buoni app entro il credito art. 51 c.3 dell’utente (`buoni_disp`). Generata dalla ' +
            `pagina \`${page.route_name}\` (config/showcases/app-vouchers.ts).`,
        tags: ['vetrine'],
        response: {
          200: { $ref: ollipay ? 'ollipay-status#' : 'buoni-disp#' },
          ...errorResponses(401, 403, 429),
        },
      },
      handler: async (request) => {
        const { userId } = requireAuth(request);
        if (!ollipay) return { buoni_disp: await appVoucherOffer(app.db, userId) };
        const user = await app.db
          .selectFrom('users')
          .select(['ollipay_profile', 'ollipay_reg_status'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        return {
          profile: user.ollipay_profile,
          reg_status: user.ollipay_reg_status,
          vouchers: await appVoucherOffer(app.db, userId),
        };
      },
    });
  }
}
