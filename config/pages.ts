/**
 * The page registry (issue 25): every page of a declared kind, served by the portal's generic routes with no
 * route file, no component and no generator run. An entry names its kind, its route (a route name of
 * config/routes.ts: its `path` is where the page lives and its rules gate it), its title (a catalogue key, or
 * `literal(...)` for data such as a partner's name) and the declaration it renders.
 *
 * - `partner`: a partner login page (config/partners.ts), drawn by the partner engine;
 * - `showcase`: a grid of config/showcases with a title, an intro, the documentation group it links and, for
 *   the mutual-aid pages, the Eurete disclaimer in front; its route's path parameters (`$id_fornitore`) are
 *   the showcase's `params` (its call's and header's `{id_fornitore}`);
 * - `app-voucher`: an app voucher page (config/showcases/app-vouchers.ts);
 * - `content`: a content page (config/content-pages);
 * - `table`: a back-office page that is one declared table (config/tables) with a title and an intro;
 * - `form`: a request form (config/forms, and the installation's forms), at `/base-request/<route_name>`.
 *
 * Where a registry of the kind exists (partners, app vouchers, content pages, forms) the entries are derived
 * from it, not restated. A page's path may have parameters (`/aml/forn-aml/$id_fornitore`, optional ones as
 * `{-$name}`): `matchPagePath` finds the page at a concrete path and reads them (a path with no parameter
 * wins over one that has). The portal's generic routes (`routes/_authenticated/$group/$page.tsx` for two
 * segments, `$group/$section/$param.tsx` for three) find a page by its path, gate it with
 * `guardRoute(entry.route)`, load its first data in the loader and draw the kind's screen (each a lazy chunk)
 * with the parameters; `backoffice-refazi/$page.tsx` does the same for the back office's table pages and
 * `base-request/$form_name/{-$id_acq_replay}.tsx` for the forms (`findPageByRoute`). Static route files win
 * over the generic ones: the content page `site-documentazione/{-$group_to_show}` keeps its own route file
 * (its optional last segment, absent or present, would need both generic routes). Adding a page is one
 * entry (and its route in routes.ts).
 *
 * Page texts may name `{days}` (constants.expiryWarningDays).
 */
import { contentPages, type ContentPage } from './content-pages';
import { extensions } from './extensions';
import { extensionForms, forms } from './forms';
import type { FormDeclaration } from './forms/types';
import type { FormMessageKey } from './messages-forms.it';
import type { TableMessageKey } from './messages-tables.it';
import { partners, voucherPortalLogins, type PartnerDeclaration } from './partners';
import { isRouteName, matchPath, routes, type RouteName } from './routes';
import { appVoucherPages, type AppVoucherPage } from './showcases/app-vouchers';
import { convAmlShowcase } from './showcases/conv-aml';
import { eureteSectionsShowcase } from './showcases/conv-eurete-buoni';
import { fornAmlShowcase } from './showcases/forn-aml';
import { eurete100Showcase, eureteHealthShowcase, eureteSectionShowcase } from './showcases/sez-eurete';
import type { ShowcaseDeclaration } from './showcases/types';
import { consultantsTable } from './tables/office-consulenti';
import { plansTable } from './tables/office-piani-welfare';
import { scheduleTable } from './tables/office-scadenzario';
import { userFilesTable } from './tables/office-user-files';
import type { TableDeclaration } from './tables/types';
import type { TextRef } from './texts';

/** A page's text: a key of the table catalogue (which holds the account catalogue) or of the form catalogue. */
export type PageTextKey = TableMessageKey | FormMessageKey;
export type PageText = TextRef<PageTextKey>;

interface PageBase {
  /** The route that shows the page: its `path` (config/routes.ts) is the page's address, its rules gate it. */
  readonly route: RouteName;
  readonly title: PageText;
}

export interface PartnerPageEntry extends PageBase {
  readonly kind: 'partner';
  readonly partner: PartnerDeclaration;
}

export interface ShowcasePageEntry extends PageBase {
  readonly kind: 'showcase';
  readonly intro?: PageText;
  readonly showcase: ShowcaseDeclaration;
  /** The site-documentazione group linked from the page (`fringe-app` for the voucher pages). */
  readonly documentation?: string;
  /** `eurete`: the mutual-aid disclaimer first (001 §2); nothing is asked before it is accepted. */
  readonly gate?: 'eurete';
}

export interface AppVoucherPageEntry extends PageBase {
  readonly kind: 'app-voucher';
  readonly page: AppVoucherPage;
}

export interface ContentPageEntry extends PageBase {
  readonly kind: 'content';
  readonly content: ContentPage;
}

export interface TablePageEntry extends PageBase {
  readonly kind: 'table';
  /** A table page's texts are keys of the table catalogue (its screen loads no other). */
  readonly title: TextRef<TableMessageKey>;
  readonly intro?: TextRef<TableMessageKey>;
  readonly table: TableDeclaration;
}

export interface FormPageEntry extends PageBase {
  readonly kind: 'form';
  readonly form: FormDeclaration;
}

export type PageDeclaration =
  | PartnerPageEntry
  | ShowcasePageEntry
  | AppVoucherPageEntry
  | ContentPageEntry
  | TablePageEntry
  | FormPageEntry;

export type PageKind = PageDeclaration['kind'];

const showcasePages: readonly ShowcasePageEntry[] = [
  {
    kind: 'showcase',
    route: 'conv-aml',
    title: 'titleVouchers',
    intro: 'formVouchersIntro',
    showcase: convAmlShowcase,
    documentation: 'fringe-app',
  },
  {
    kind: 'showcase',
    route: 'forn-aml',
    title: 'titleVouchers',
    showcase: fornAmlShowcase,
    documentation: 'fringe-app',
  },
  {
    kind: 'showcase',
    route: 'conv-eurete-buoni',
    title: 'titleEurete',
    showcase: eureteSectionsShowcase,
    gate: 'eurete',
  },
  {
    kind: 'showcase',
    route: 'sez-eurete',
    title: 'titleEurete',
    showcase: eureteSectionShowcase,
    gate: 'eurete',
  },
  {
    kind: 'showcase',
    route: 'conv-eurete-100',
    title: 'formTitleEurete100',
    intro: 'formEurete100Intro',
    showcase: eurete100Showcase,
    gate: 'eurete',
  },
  {
    kind: 'showcase',
    route: 'conv-assirete',
    title: 'titleHealth',
    intro: 'formHealthIntro',
    showcase: eureteHealthShowcase,
    gate: 'eurete',
  },
];

const tablePages: readonly TablePageEntry[] = [
  {
    kind: 'table',
    route: 'office-consulenti',
    title: 'boConsultantsTitle',
    intro: 'boConsultantsIntro',
    table: consultantsTable,
  },
  {
    kind: 'table',
    route: 'office-ref-azi-piani-welfare',
    title: 'boPlansTitle',
    intro: 'boPlansIntro',
    table: plansTable,
  },
  {
    kind: 'table',
    route: 'office-scadenzario-azi',
    title: 'scheduleTitle',
    intro: 'boScheduleIntro',
    table: scheduleTable,
  },
  {
    kind: 'table',
    route: 'office-user-files',
    title: 'boFilesTitle',
    intro: 'boFilesIntro',
    table: userFilesTable,
  },
];

/** The partner pages: every declared partner, and the voucher-portal logins that have no other page. */
const partnerPages: readonly PartnerPageEntry[] = [
  ...partners,
  ...voucherPortalLogins.filter((login) => !showcasePages.some((page) => page.route === login.route_name)),
].flatMap((partner: PartnerDeclaration) =>
  isRouteName(partner.route_name)
    ? [{ kind: 'partner', route: partner.route_name, title: partner.title, partner } as const]
    : [],
);

const appVoucherEntries: readonly AppVoucherPageEntry[] = appVoucherPages.map((page: AppVoucherPage) => ({
  kind: 'app-voucher',
  route: page.route_name,
  title: page.title,
  page,
}));

const contentEntries: readonly ContentPageEntry[] = contentPages.map((content: ContentPage) => ({
  kind: 'content',
  route: content.route,
  title: content.title,
  content,
}));

const formEntry = (form: FormDeclaration) => ({
  kind: 'form' as const,
  route: form.route_name as RouteName,
  title: form.title,
  form,
});

const formEntries: readonly FormPageEntry[] = forms.map(formEntry);

/**
 * The installation's pages (config/extensions): one per partner, app voucher and content page it declares,
 * then its other entries. Their routes are in the route table (config/routes.ts) but are not `RouteName`s
 * for the compiler, hence the cast.
 */
const extensionPages = [
  ...extensions.partners.declarations.flatMap((partner) =>
    partner.route_name === undefined
      ? []
      : [{ kind: 'partner', route: partner.route_name, title: partner.title, partner }],
  ),
  ...extensions.appVoucherPages.map((page) => ({
    kind: 'app-voucher',
    route: page.route_name,
    title: page.title,
    page,
  })),
  ...extensions.contentPages.map((content) => ({
    kind: 'content',
    route: content.route,
    title: content.title,
    content,
  })),
  ...extensionForms.map(formEntry),
  ...extensions.pages,
] as unknown as readonly PageDeclaration[];

/** Every page of the registry (a plain list: an installation's overlay is merged here, in one place). */
export const pages: readonly PageDeclaration[] = [
  ...partnerPages,
  ...showcasePages,
  ...appVoucherEntries,
  ...contentEntries,
  ...tablePages,
  ...formEntries,
  // Last: a built-in route's page is found first (an installation adds pages, it replaces none).
  ...extensionPages,
];

export { matchPath } from './routes';

/** The address of a page: its route's declared path. */
export function pagePath(page: Pick<PageDeclaration, 'route'>): string {
  return (routes as Readonly<Record<string, { readonly path: string }>>)[page.route]?.path ?? '';
}

/** The page a route shows, if it is a registry page. */
export function findPageByRoute(
  route: string,
  list: readonly PageDeclaration[] = pages,
): PageDeclaration | undefined {
  return list.find((page) => page.route === route);
}

/** A page found at a concrete path, with the values of its path's parameters. */
export interface PageMatch {
  readonly page: PageDeclaration;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The page at a concrete path (`/aml/forn-aml/12` is forn-aml with `{ id_fornitore: '12' }`), if the registry
 * has one there: a page whose path is exactly this one first, then the first whose parameters read it.
 */
export function matchPagePath(path: string, list: readonly PageDeclaration[] = pages): PageMatch | undefined {
  const exact = list.find((page) => pagePath(page) === path);
  if (exact) return { page: exact, params: {} };
  for (const page of list) {
    const pattern = pagePath(page);
    const params = pattern.includes('$') ? matchPath(pattern, path) : undefined;
    if (params) return { page, params };
  }
  return undefined;
}

/** The page at a path (`/aml/conv-aml`, `/aml/forn-aml/12`), if the registry has one there. */
export function findPageByPath(
  path: string,
  list: readonly PageDeclaration[] = pages,
): PageDeclaration | undefined {
  return matchPagePath(path, list)?.page;
}
