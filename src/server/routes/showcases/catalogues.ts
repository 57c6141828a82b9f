/**
 * The catalogues a showcase declaration may read (config/showcases/types.ts `ShowcaseCatalogue`), each
 * with what the call generated from a declaration needs: its answer's schema (schemas/api), its path
 * parameters (filled in order by the `{name}` of the declared path; the wire names stay the
 * catalogue's), the query parameters it understands (a declaration's `source.query` sets their default),
 * whether it reads a search text (the declaration's `search.param`) and pages (`page`, `page_size`), and
 * the read itself (services/showcases.ts). A new catalogue is a new entry here; a new grid on an
 * existing catalogue is a declaration only (routes/showcases/declared.ts generates its call).
 */
import type { Kysely } from 'kysely';
import { screenConstants } from '../../../../config/screen-constants';
import type { ShowcaseCatalogue } from '../../../../config/showcases/types';
import type { DB } from '../../db/schema';
import type { PageSlice } from '../../services/paging';
import {
  amlProducts,
  amlRetailer,
  amlRetailers,
  eureteProducts,
  eureteSection,
  eureteSections,
} from '../../services/showcases';

const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const SLUG = { type: 'string', pattern: '^[a-z0-9_-]{1,80}$' } as const;

/** What a generated call hands its catalogue: path parameters in order, the query, the search, the page. */
export interface CatalogueInput {
  readonly userId: number;
  readonly params: readonly unknown[];
  readonly query: Readonly<Record<string, unknown>>;
  /** The declared search parameter's text, trimmed ('' without a search). */
  readonly search: string;
  /** The page asked for; null for a catalogue that does not page. */
  readonly slice: PageSlice | null;
}

export interface ShowcaseCatalogueSource {
  readonly summary: string;
  /** The call's description; `paging` is the sentence stating its page sizes ('' when it does not page). */
  readonly description: (paging: string) => string;
  /** `$id` of its 200 answer in schemas/api. */
  readonly response: string;
  /** Path parameters: wire name and schema, in the order the declared path's `{name}` fill them. */
  readonly params: readonly { readonly name: string; readonly schema: object }[];
  /** Query parameters it reads besides paging and the search (a declaration's `source.query` sets defaults). */
  readonly query: Readonly<
    Record<string, { readonly type: 'boolean' | 'integer'; readonly default: unknown }>
  >;
  /** Reads a search text (sent under the declaration's `search.param`). */
  readonly search: boolean;
  /** Reads one page: the declaration pages on the server, or fixes `page_size` in `source.query`. */
  readonly paged: boolean;
  /** Answers 404 for a path parameter naming nothing. */
  readonly notFound: boolean;
  readonly read: (db: Kysely<DB>, input: CatalogueInput) => Promise<unknown>;
}

/** The slice of a paged catalogue (generated calls always pass one to a paged catalogue). */
function pageOfInput(input: CatalogueInput): PageSlice {
  if (!input.slice) throw new Error('catalogo paginato senza pagina');
  return input.slice;
}

export const showcaseCatalogues: Readonly<Record<ShowcaseCatalogue, ShowcaseCatalogueSource>> = {
  'aml-rivenditori': {
    summary: 'Negozi dei buoni acquisto',
    description: () => 'Tutti i negozi della home dei buoni (conv-aml), nell’ordine della vetrina.',
    response: 'aml-rivenditori',
    params: [],
    query: {},
    search: false,
    paged: false,
    notFound: false,
    read: (db) => amlRetailers(db),
  },
  'aml-rivenditore': {
    summary: 'Un negozio dei buoni acquisto',
    description: () => 'Logo e descrizioni del negozio (intestazione di forn-aml). Inesistente: 404.',
    response: 'aml-rivenditore',
    params: [{ name: 'RetailerId', schema: ID }],
    query: {},
    search: false,
    paged: false,
    notFound: true,
    read: (db, input) => amlRetailer(db, input.params[0] as number),
  },
  'aml-prodotti': {
    summary: 'Buoni di un negozio',
    description: (paging) =>
      'Una pagina dei buoni del negozio `merchant_code` (il suo RetailerId), dal meno caro con ' +
      '`price_sort=true` (altrimenti per nome), filtrati dal testo cercato (nome che contiene il testo, senza ' +
      `distinzione di maiuscole). ${paging} Negozio inesistente: 404.`,
    response: 'aml-prodotti',
    params: [{ name: 'merchant_code', schema: ID }],
    query: { price_sort: { type: 'boolean', default: true } },
    search: true,
    paged: true,
    notFound: true,
    read: (db, input) =>
      amlProducts(
        db,
        {
          retailerId: input.params[0] as number,
          filter: input.search,
          priceSort: input.query.price_sort !== false,
        },
        pageOfInput(input),
      ),
  },
  'eurete-sezioni': {
    summary: 'Sezioni del welfare sociale',
    description: (paging) =>
      `Le sezioni di mutuo soccorso della categoria \`id_categ\` (${screenConstants.eureteSectionsCategory}), ` +
      `tranne le sezioni con una pagina propria: l’assistenza sanitaria integrativa (conv-assirete) e il ` +
      `welfare sociale art. 100 (conv-eurete-100). ${paging}`,
    response: 'eurete-sezioni',
    params: [],
    query: { id_categ: { type: 'integer', default: screenConstants.eureteSectionsCategory } },
    search: false,
    paged: true,
    notFound: false,
    read: (db, input) =>
      eureteSections(
        db,
        (input.query.id_categ as number | undefined) ?? screenConstants.eureteSectionsCategory,
        pageOfInput(input),
      ),
  },
  'eurete-sezione': {
    summary: 'Una sezione del welfare sociale',
    description: () =>
      'Nome e descrizione HTML della sezione (il portale la ripulisce prima di mostrarla). Inesistente: 404.',
    response: 'eurete-sezione',
    params: [{ name: 'slug_name', schema: SLUG }],
    query: {},
    search: false,
    paged: false,
    notFound: true,
    read: (db, input) => eureteSection(db, input.params[0] as string),
  },
  'eurete-prodotti': {
    summary: 'Prodotti di una sezione del welfare sociale',
    description: (paging) =>
      'Una pagina dei prodotti della sezione che il credito dell’utente può acquistare (art. 51 c.3; il totale ' +
      'per le sezioni con una pagina propria: l’assistenza sanitaria integrativa e il welfare sociale art. 100), ' +
      `dal meno caro. ${paging} Sezione inesistente: 404.`,
    response: 'eurete-prodotti',
    params: [{ name: 'slug_name', schema: SLUG }],
    query: {},
    search: false,
    paged: true,
    notFound: true,
    read: (db, input) => eureteProducts(db, input.userId, input.params[0] as string, pageOfInput(input)),
  },
};

/** JSON schema of a catalogue's query parameter, its default the declared one (else the catalogue's). */
export function catalogueQuerySchema(
  kind: { readonly type: 'boolean' | 'integer'; readonly default: unknown },
  declared: unknown,
): object {
  const value = declared ?? kind.default;
  return kind.type === 'boolean'
    ? { type: 'boolean', default: value }
    : { type: 'integer', minimum: 1, maximum: 2147483647, default: value };
}

/** The search parameter's schema: any text up to 100 characters but NUL. */
export const SEARCH_SCHEMA = {
  type: 'string',
  maxLength: 100,
  pattern: '^[^\\u0000]*$',
  default: '',
} as const;
