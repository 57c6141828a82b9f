/**
 * The shape of an installation's own declarations (config/README.md, "Per-installation declarations"):
 * routes, grants, partners, forms, tables, showcases, app vouchers, pages, purchases, menu sections,
 * support categories and content pages added to the built-in ones of config/ with no code. Each registry
 * of config/ merges its list of the overlay in one place (config/routes.ts, permissions.ts, menu.ts,
 * support-categories.ts, purchases/index.ts, showcases/index.ts, tables/index.ts, forms/index.ts,
 * pages.ts), so the portal and the server see the same lists; the server hands the forms and the partners
 * to its engines the way it hands the built-in ones (src/server/extensions.ts).
 *
 * A built-in name always wins over an overlay's (an installation adds, it never replaces). The overlay's
 * route names are not known to the compiler (they are not `RouteName`s): the declarations that name a
 * route take a plain string here, and the start-up checks of the server (gating, grants, partners, forms)
 * refuse a wrong one as they refuse a wrong built-in declaration.
 *
 * Type-only imports: config/extensions/index.ts (or the installation's file that replaces it) is read by
 * the registries themselves, so it may not import their values.
 */
import type { ContentPage } from '../content-pages/types';
import type { FormDeclaration } from '../forms/types';
import type { MenuBadge, MenuSection } from '../menu';
import type { PageDeclaration, ShowcasePageEntry } from '../pages';
import type { PartnerDeclaration, PartnerProvider } from '../partners';
import type { ProfileName } from '../permissions';
import type { PurchaseDeclaration } from '../purchases/types';
import type { RouteRule } from '../routes';
import type { AppVoucherPage } from '../showcases/app-vouchers';
import type { ShowcaseDeclaration, ShowcaseOpen } from '../showcases/types';
import type { SupportCategory } from '../support-categories';
import type { TableDeclaration } from '../tables/types';

/** `T` with its route-name properties `K` widened to any string (an overlay's route is not a `RouteName`). */
export type WithRoute<T, K extends keyof T> = T extends unknown
  ? Omit<T, K> & { readonly [P in K]: undefined extends T[P] ? string | undefined : string }
  : never;

/** What a card of an overlay's showcase opens: as a built-in one's, a route being any route name. */
export type ExtensionShowcaseOpen =
  | Exclude<ShowcaseOpen, { kind: 'route' }>
  | (Omit<Extract<ShowcaseOpen, { kind: 'route' }>, 'route'> & {
      readonly route: string | { readonly field: string; readonly routes: Readonly<Record<string, string>> };
    });

/**
 * A showcase grid of the overlay, shown on one of its routes: its items open a purchase, a detail, or a route
 * (the overlay's or a built-in one), and its back button may lead to an overlay route too.
 */
export type ExtensionShowcase = Omit<WithRoute<ShowcaseDeclaration, 'route_name'>, 'open' | 'back'> & {
  readonly open: ExtensionShowcaseOpen;
  readonly back?: WithRoute<NonNullable<ShowcaseDeclaration['back']>, 'route'>;
};

/** A page of the registry (config/pages.ts) for one of the overlay's routes; a showcase page shows its grid. */
export type ExtensionPage =
  | WithRoute<Exclude<PageDeclaration, ShowcasePageEntry>, 'route'>
  | (Omit<WithRoute<ShowcasePageEntry, 'route'>, 'showcase'> & { readonly showcase: ExtensionShowcase });

/** A menu badge opening one of the overlay's routes (or a built-in one). */
export type ExtensionMenuBadge =
  | WithRoute<Extract<MenuBadge, { route_name: unknown }>, 'route_name'>
  | Exclude<MenuBadge, { route_name: unknown }>;

/** A home-menu section of the overlay, shown after the built-in ones. */
export interface ExtensionMenuSection extends Omit<MenuSection, 'section_menu'> {
  readonly section_menu: readonly (ExtensionMenuBadge | MenuBadge)[];
}

/** Keys of the menu-permission map a profile gets besides, or loses from, its built-in grants. */
export interface ExtensionGrant {
  readonly add?: readonly string[];
  readonly remove?: readonly string[];
}

/** A request form: its declaration and its payload schema (draft 2020-12, with its `$id`). */
export interface ExtensionForm {
  readonly declaration: WithRoute<FormDeclaration, 'route_name'>;
  readonly schema: { readonly $id: string; readonly [keyword: string]: unknown };
}

export interface ConfigExtensions {
  /** Routes besides config/routes.ts (name → rule): gated, granted and linked like the built-in ones. */
  readonly routes: Readonly<Record<string, RouteRule>>;
  /** Per profile, keys added to or removed from its grants (config/permissions.ts). */
  readonly grants: Readonly<Partial<Record<ProfileName, ExtensionGrant>>>;
  /** Partner providers and partner login pages (config/partners.ts); each page gets its registry entry. */
  readonly partners: {
    readonly providers: readonly PartnerProvider[];
    readonly declarations: readonly WithRoute<PartnerDeclaration, 'route_name'>[];
  };
  /** Request forms (config/forms), served at `/base-request/<route_name>` like the built-in ones. */
  readonly forms: readonly ExtensionForm[];
  /** Tables (config/tables) by name. */
  readonly tables: Readonly<Record<string, TableDeclaration>>;
  /** Showcase grids (config/showcases). */
  readonly showcases: readonly ExtensionShowcase[];
  /** App voucher pages (config/showcases/app-vouchers.ts); each gets its registry entry. */
  readonly appVoucherPages: readonly WithRoute<AppVoucherPage, 'route_name'>[];
  /** Content pages (config/content-pages); each gets its registry entry. */
  readonly contentPages: readonly WithRoute<ContentPage, 'route'>[];
  /** Other pages of the registry (config/pages.ts): showcase and table pages. */
  readonly pages: readonly ExtensionPage[];
  /** Purchases (config/purchases). */
  readonly purchases: readonly PurchaseDeclaration[];
  /** Home-menu sections (config/menu.ts), after the built-in ones. */
  readonly menu: readonly ExtensionMenuSection[];
  /** Support categories (config/support-categories.ts), after the built-in ones. */
  readonly supportCategories: readonly SupportCategory[];
}

/** An overlay with nothing in it: the start of every installation's file (`{ ...noExtensions, ... }`). */
export const noExtensions: ConfigExtensions = {
  routes: {},
  grants: {},
  partners: { providers: [], declarations: [] },
  forms: [],
  tables: {},
  showcases: [],
  appVoucherPages: [],
  contentPages: [],
  pages: [],
  purchases: [],
  menu: [],
  supportCategories: [],
};
