/**
 * The page registry (issue 25): every page of a declared kind, served by the portal's generic routes with no
 * route file, no component and no generator run. An entry names its kind, its route (a route name of
 * config/routes.ts: its `path` is where the page lives and its rules gate it), its title (a catalogue key, or
 * `literal(...)` for data such as a partner's name) and the declaration it renders.
 *
 * - `partner`: a partner login page (config/partners.ts), drawn by the partner engine;
 * - `showcase`: a grid of config/showcases with a title, an intro, the documentation group it links and, for
 *   the mutual-aid pages, the Eurete disclaimer in front;
 * - `app-voucher`: an app voucher page (config/showcases/app-vouchers.ts);
 * - `content`: a content page (config/content-pages);
 * - `table`: a back-office page that is one declared table (config/tables) with a title and an intro.
 *
 * Where a registry of the kind exists (partners, app vouchers, content pages) the entries are derived from
 * it, not restated. The portal's two-segment route (`routes/_authenticated/$group/$page.tsx`) finds a page
 * by its path (`findPageByPath`), gates it with `guardRoute(entry.route)`, loads its first data in the
 * loader and draws the kind's screen (each a lazy chunk); `backoffice-refazi/$page.tsx` does the same for
 * the back office's table pages. A page whose route has a parameter (`sez-eurete/$slug_name`,
 * `forn-aml/$id_fornitore`, `site-documentazione/{-$group_to_show}`) keeps a route file of its own, which
 * may read its entry here (`findPageByRoute`). Adding a page is one entry (and its route in routes.ts).
 *
 * Page texts may name `{days}` (constants.expiryWarningDays).
 */
import { contentPages, type ContentPage } from './content-pages';
import { extensions } from './extensions';
import type { FormMessageKey } from './messages-forms.it';
import type { TableMessageKey } from './messages-tables.it';
import { partners, voucherPortalLogins, type PartnerDeclaration } from './partners';
import { isRouteName, routes, type RouteName } from './routes';
import { appVoucherPages, type AppVoucherPage } from './showcases/app-vouchers';
import { convAmlShowcase } from './showcases/conv-aml';
import { eureteSectionsShowcase } from './showcases/conv-eurete-buoni';
import { eurete100Showcase, eureteHealthShowcase } from './showcases/sez-eurete';
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

export type PageDeclaration =
  PartnerPageEntry | ShowcasePageEntry | AppVoucherPageEntry | ContentPageEntry | TablePageEntry;

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
    route: 'conv-eurete-buoni',
    title: 'titleEurete',
    showcase: eureteSectionsShowcase,
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
  ...extensions.pages,
] as unknown as readonly PageDeclaration[];

/** Every page of the registry (a plain list: an installation's overlay is merged here, in one place). */
export const pages: readonly PageDeclaration[] = [
  ...partnerPages,
  ...showcasePages,
  ...appVoucherEntries,
  ...contentEntries,
  ...tablePages,
  // Last: a built-in route's page is found first (an installation adds pages, it replaces none).
  ...extensionPages,
];

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

/** The page at a path (`/aml/conv-aml`), if the registry has one there. */
export function findPageByPath(
  path: string,
  list: readonly PageDeclaration[] = pages,
): PageDeclaration | undefined {
  return list.find((page) => pagePath(page) === path);
}
