/**
 * The shape of a showcase declaration (ARCHITECTURE.md §4 "Showcases"): a grid of retailers, products,
 * sections, suppliers or articles read from one call, rendered by the showcase engine
 * (`src/client/engine/showcase`, `<ShowcaseGrid declaration params>`) and, for its page sizes, by the
 * server's `services/paging.ts`. Plain data: texts are keys of `messages-forms.it.ts`, a click opens a
 * route of `routes.ts` or a purchase of `purchases/`. Field names are the wire's; a dotted name
 * (`merchant.name`) reads a nested field.
 *
 * This file is a public API: other areas (sellers, articles) declare their grids with it.
 */
import type { FormMessageKey } from '../messages-forms.it';
import type { RouteName } from '../routes';
import type { PageSizes } from '../tables/types';

export type ShowcaseLiteral = string | number | boolean;

/**
 * The catalogue a grid or header reads when the server generates its call from the declaration
 * (src/server/routes/showcases/sources.ts): the call `GET /api{path}` is then served with no code, gated
 * by the declaration's route, its path parameters filling the catalogue's in order, its paging, search
 * and `query` accepted as declared. A source without one is served by a hand-written call (listed in
 * src/server/routes/showcases/index.ts).
 */
export type ShowcaseCatalogue =
  | 'aml-rivenditori'
  | 'aml-rivenditore'
  | 'aml-prodotti'
  | 'eurete-sezioni'
  | 'eurete-sezione'
  | 'eurete-prodotti';

/**
 * Where the grid is read: `GET /api{path}`. `{name}` in the path is one of the screen's `params`
 * (`/aml_prodotti/{id_fornitore}`); `query` holds fixed parameters (the spec's `price_sort`, `id_categ`).
 */
export interface ShowcaseSource {
  readonly path: string;
  readonly query?: Readonly<Record<string, ShowcaseLiteral>>;
  /** Field of the answer holding the items (default `results`; `''`: the answer is the list). */
  readonly rows?: string;
  /** Field of the answer holding the total count under server paging (default `count`). */
  readonly count?: string;
  /** Screen `params` also sent as query parameters (when not empty): a filter chosen beside the grid. */
  readonly paramsQuery?: readonly string[];
  /** The catalogue read: the server generates the call (see `ShowcaseCatalogue`). */
  readonly catalogue?: ShowcaseCatalogue;
}

/** Items per row from each breakpoint up (Mantine's `xs` 36em ... `xl` 88em); each 1-12. */
export interface ShowcasePerRow {
  readonly base: number;
  readonly xs?: number;
  readonly sm?: number;
  readonly md?: number;
  readonly lg?: number;
  readonly xl?: number;
}

/** `none`: one call answers the whole grid; `server`: `page` and `page_size` on the call, `count` back. */
export type ShowcasePaging = { readonly mode: 'none' } | (PageSizes & { readonly mode: 'server' });

/** A search box: the parameter sent, from `minChars` typed characters, after `debounceMs` of pause. */
export interface ShowcaseSearch {
  readonly param: string;
  readonly label: FormMessageKey;
  readonly minChars: number;
  readonly debounceMs: number;
}

/** A link shown on a card or in the detail: its label and the item field holding the address. */
export interface ShowcaseLink {
  readonly label: FormMessageKey;
  readonly field: string;
}

/** What a card shows: fields of the item. */
export interface ShowcaseCard {
  /** Unique field of an item (React key, test id `showcase-item-<value>`). */
  readonly key: string;
  readonly title: string;
  readonly image?: string;
  /** A short plain text under the title. */
  readonly subtitle?: string;
  /** A wire amount ("25.00") shown as `25,00 €`. */
  readonly price?: string;
  readonly links?: readonly ShowcaseLink[];
}

/** The detail modal of an item (declared for `detail` and `purchase` clicks). */
export interface ShowcaseDetail {
  /** Field holding the description; `html: true` when it is HTML (sanitized with DOMPurify on render). */
  readonly description?: string;
  readonly html?: boolean;
  readonly links?: readonly ShowcaseLink[];
  /** `false`: the modal closes only with its buttons (no backdrop, Escape or header close: 001 §2 mutual aid). */
  readonly closable: boolean;
}

/** What a click on a card opens. */
export type ShowcaseOpen =
  /** A route of the portal; its path parameters are read from item fields (`{ id_fornitore: 'RetailerId' }`). */
  | {
      readonly kind: 'route';
      /** The route, fixed or chosen by a field of the item (`{ field: 'is_consorzio', routes: { true: ... } }`). */
      readonly route:
        RouteName | { readonly field: string; readonly routes: Readonly<Record<string, RouteName>> };
      readonly params?: Readonly<Record<string, string>>;
    }
  /** The screen takes the item (`<ShowcaseGrid onSelect>`): a category that shows its suppliers below. */
  | { readonly kind: 'select' }
  /** The detail modal, nothing to buy. */
  | { readonly kind: 'detail'; readonly detail: ShowcaseDetail }
  /**
   * The detail modal with Buy and Cancel: the purchase declared in config/purchases under `purchase`
   * (amount `{ kind: 'product' }`), sent with the item's `code` field; the item's `price` is compared
   * with the purchase's balance, and above it `insufficient` is shown in place of Buy (001 §2).
   */
  | {
      readonly kind: 'purchase';
      readonly purchase: string;
      readonly code: string;
      readonly price: string;
      readonly insufficient: FormMessageKey;
      readonly detail: ShowcaseDetail;
    }
  /** Cards that open nothing. */
  | { readonly kind: 'none' };

/** A header above the grid read from its own call (a retailer's logo and description, a section's text). */
export interface ShowcaseHeader {
  /** `GET /api{path}` with the screen's `{params}`; the answer is one object (or the first item of `rows`). */
  readonly source: Pick<ShowcaseSource, 'path' | 'query' | 'catalogue'> & { readonly rows?: string };
  readonly title: string;
  readonly image?: string;
  readonly description?: string;
  readonly html?: boolean;
}

export interface ShowcaseDeclaration {
  /** Unique; the cache key and the test id `showcase-<name>`. */
  readonly name: string;
  /** The route whose screen shows the grid (config/routes.ts). */
  readonly route_name: RouteName;
  readonly source: ShowcaseSource;
  /** Parameters the screen passes (`<ShowcaseGrid params={...}>`), filling `{name}` in the paths. */
  readonly params?: readonly string[];
  readonly perRow: ShowcasePerRow;
  readonly paging: ShowcasePaging;
  readonly search?: ShowcaseSearch;
  readonly header?: ShowcaseHeader;
  readonly card: ShowcaseCard;
  readonly open: ShowcaseOpen;
  readonly texts: {
    /** Shown when the call answers no item (or none matching the search). */
    readonly empty: FormMessageKey;
    /** Shown when the call fails. */
    readonly loadError: FormMessageKey;
  };
  /** A back button to a route (001 §2: a section back to conv-eurete-buoni). */
  readonly back?: { readonly route: RouteName; readonly label: FormMessageKey };
}

/** Most items a row may hold (001 §9: retailers and sections at most 12 per row). */
export const SHOWCASE_MAX_PER_ROW = 12;
