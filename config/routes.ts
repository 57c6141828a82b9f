/**
 * Route gating (spec 002 §6, 001 §2, 000 §2): one entry per route name of the contract.
 *
 * - `path`: the portal path in TanStack Router syntax (`$param`, `{-$optional}`, `$` splat).
 *   Groups follow 002 §6 (`/base-request`, `/ts`, `/sellers`, `/helpdesk`, `/infos`, ...).
 * - `access`: `public` (no login; a logged user is sent to menu unless `loggingout` is given)
 *   or `login` (requires a session).
 * - `permission`: the key(s) of the menu-permission map the user must hold: one key, or
 *   `{ anyOf: [...] }`. Absent means "login is enough".
 * - `thresholdOk`: the user's `threshold_ok` must be true (alert `thresholdNotOk`, then menu).
 * - `profile`: the user's profile must be this one (back office: `ref_aziendale`; operator console:
 *   `operatore`).
 * - `ollipayRegistered`: the user's `ollipay_status.reg_status` must be true.
 * - `deniedRedirect`: where a user who fails the permission check goes (default `menu`).
 *
 * The router guard (src/client/app/route-guard.ts) reads this table; nothing else decides access.
 */

import { extensions } from './extensions';

export type RouteGroup =
  | 'public'
  | 'root'
  | 'base-request'
  | 'ts'
  | 'ws'
  | 'aml'
  | 'bonus-benzina'
  | 'aml100'
  | 'eurete'
  | 'conv-fac'
  | 'conv-mba'
  | 'bitq'
  | 'salabam'
  | 'ollipay'
  | 'toduba'
  | 'appaga'
  | 'benefits'
  | 'conv-request-form'
  | 'helpdesk'
  | 'infos'
  | 'sellers'
  | 'backoffice-refazi'
  | 'richieste'
  | 'operatore';

export type PermissionRule = string | { readonly anyOf: readonly string[] };

export type RedirectTarget = 'menu' | 'home-refazi' | 'home-operatore' | 'login';

export interface RouteRule {
  readonly path: string;
  readonly group: RouteGroup;
  readonly access: 'public' | 'login';
  readonly permission?: PermissionRule;
  readonly thresholdOk?: true;
  readonly profile?: 'ref_aziendale' | 'operatore';
  readonly ollipayRegistered?: true;
  readonly deniedRedirect?: RedirectTarget;
}

/** Service groups: own permission and `threshold_ok` (002 §6). Path `/<group>/<name><suffix>`. */
const service = (
  group: RouteGroup,
  name: string,
  options: { suffix?: string; permission?: PermissionRule } = {},
) =>
  ({
    path: `/${group}/${name}${options.suffix ?? ''}`,
    group,
    access: 'login',
    permission: options.permission ?? name,
    thresholdOk: true,
  }) as const;

/** Request forms accept an optional id_acq_replay (001 §2). */
const REPLAY = '/{-$id_acq_replay}';

/** `/ts` partner pages: their own permission, or `return-url` (002 §6). */
const ts = (name: string) => service('ts', name, { permission: { anyOf: [name, 'return-url'] } });

/** `/eurete` needs `conv-eurete-buoni` or `conv-eurete-100` (002 §6). */
const EURETE = { anyOf: ['conv-eurete-buoni', 'conv-eurete-100'] } as const;

/** Pages that need only their own route permission (002 §6). */
const own = (group: RouteGroup, name: string, suffix = '') =>
  ({ path: `/${group}/${name}${suffix}`, group, access: 'login', permission: name }) as const;

/** `/sellers` children need `home-fornitori` (002 §6). */
const sellers = (name: string, suffix = '') =>
  ({
    path: `/sellers/${name}${suffix}`,
    group: 'sellers',
    access: 'login',
    permission: 'home-fornitori',
  }) as const;

/** Back office: profile `ref_aziendale`; a referent without the permission lands on home-refazi. */
const office = (name: string) =>
  ({
    path: `/backoffice-refazi/${name}`,
    group: 'backoffice-refazi',
    access: 'login',
    profile: 'ref_aziendale',
    permission: name,
    deniedRedirect: 'home-refazi',
  }) as const;

/** The provider's operator console (issue 26): profile `operatore`; others go to their home. */
const operator = (name: string, suffix = '') =>
  ({
    path: `/operatore/${name}${suffix}`,
    group: 'operatore',
    access: 'login',
    profile: 'operatore',
    permission: name,
    deniedRedirect: 'home-operatore',
  }) as const;

const declaredRoutes = {
  // Public routes (000 §2): they load the customer colour map first.
  login: { path: '/login/$', group: 'public', access: 'public' },
  reconnect: { path: '/reconnect', group: 'public', access: 'public' },
  'token-login': { path: '/token-login/$', group: 'public', access: 'public' },
  'password-lost': { path: '/password-lost/$', group: 'public', access: 'public' },
  'password-expired': { path: '/password-expired/$', group: 'public', access: 'public' },

  // Children of / (000 §2): login is enough.
  menu: { path: '/menu', group: 'root', access: 'login' },
  dashmovimenti: { path: '/dashmovimenti', group: 'root', access: 'login' },
  'user-profile': { path: '/user-profile', group: 'root', access: 'login' },
  'conv-redirect': { path: '/conv-redirect', group: 'root', access: 'login' },

  // /base-request (001 §2): each with an optional id_acq_replay.
  'conv-ondemand': service('base-request', 'conv-ondemand', { suffix: REPLAY }),
  'rimb-spese': service('base-request', 'rimb-spese', { suffix: REPLAY }),
  'rimb-interessi': service('base-request', 'rimb-interessi', { suffix: REPLAY }),
  'rimb-bollette': service('base-request', 'rimb-bollette', { suffix: REPLAY }),
  'rimb-aff-mutui': service('base-request', 'rimb-aff-mutui', { suffix: REPLAY }),
  'conv-previdenza-integrativa': service('base-request', 'conv-previdenza-integrativa', { suffix: REPLAY }),

  // /ts: partner portal login pages (001 §2, conv-redirect targets).
  'conv-attive': ts('conv-attive'),
  'conv-viaggi': ts('conv-viaggi'),
  'conv-viaggi-b': ts('conv-viaggi-b'),
  'conv-giftcard': ts('conv-giftcard'),
  'conv-gowelfare': ts('conv-gowelfare'),
  'conv-ticket': ts('conv-ticket'),
  'conv-home-activities': ts('conv-home-activities'),
  'conv-amazon-libri': ts('conv-amazon-libri'),
  'conv-booking': ts('conv-booking'),
  'conv-snowit': ts('conv-snowit'),
  'conv-eatinerari': ts('conv-eatinerari'),
  'conv-edicola': ts('conv-edicola'),

  // /ws: wish list.
  'conv-wishlist': service('ws', 'conv-wishlist'),

  // /aml: voucher home and retailer showcase, both need conv-aml.
  'conv-aml': service('aml', 'conv-aml'),
  'forn-aml': service('aml', 'forn-aml', { suffix: '/$id_fornitore', permission: 'conv-aml' }),

  // /aml100: voucher pages of the 100 family.
  'conv-aml-expedia': service('aml100', 'conv-aml-expedia'),
  'conv-aml-hoepli': service('aml100', 'conv-aml-hoepli'),

  // /bonus-benzina.
  'bonus-benzina': service('bonus-benzina', 'bonus-benzina'),

  // /eurete: mutual aid, either eurete permission opens the group.
  'conv-eurete-buoni': service('eurete', 'conv-eurete-buoni', { permission: EURETE }),
  'sez-eurete': service('eurete', 'sez-eurete', { suffix: '/$slug_name', permission: EURETE }),
  'conv-eurete-100': service('eurete', 'conv-eurete-100', { permission: EURETE }),
  'conv-assirete': service('eurete', 'conv-assirete', { permission: EURETE }),

  // Partner groups of one or a few pages.
  'conv-fac': service('conv-fac', 'conv-fac'),
  'conv-mba': service('conv-mba', 'conv-mba'),
  'conv-bitq-parchi': service('bitq', 'conv-bitq-parchi'),
  'conv-bitq-exp': service('bitq', 'conv-bitq-exp'),
  'conv-bitq-tour': service('bitq', 'conv-bitq-tour'),
  'conv-bitq-sport': service('bitq', 'conv-bitq-sport'),
  'conv-bitq-musei': service('bitq', 'conv-bitq-musei'),
  'conv-bitq-cinema': service('bitq', 'conv-bitq-cinema'),
  'conv-bitq-concerti': service('bitq', 'conv-bitq-concerti'),
  'conv-bitq-gaming': service('bitq', 'conv-bitq-gaming'),
  'conv-bitq-corsi': service('bitq', 'conv-bitq-corsi'),
  'conv-salabam-shop': service('salabam', 'conv-salabam-shop'),
  'conv-salabam-vadobay': service('salabam', 'conv-salabam-vadobay'),
  'conv-salabam-voli-vadobay': service('salabam', 'conv-salabam-voli-vadobay'),
  'conv-salabam-vacanze-vadobay': service('salabam', 'conv-salabam-vacanze-vadobay'),
  'conv-salabam-vivamod': service('salabam', 'conv-salabam-vivamod'),
  'conv-ollipay': { ...service('ollipay', 'conv-ollipay'), ollipayRegistered: true },
  'conv-toduba': service('toduba', 'conv-toduba'),
  'conv-appaga': service('appaga', 'conv-appaga'),

  // /benefits, /conv-request-form, /helpdesk, /infos: own permission only.
  'benefit-hub': own('benefits', 'benefit-hub'),
  'conv-bonusx': own('benefits', 'conv-bonusx'),
  'conv-request-form': {
    path: '/conv-request-form',
    group: 'conv-request-form',
    access: 'login',
    permission: 'conv-request-form',
  },
  'site-faq': own('helpdesk', 'site-faq'),
  'site-assistenza': own('helpdesk', 'site-assistenza'),
  'site-notifiche': own('helpdesk', 'site-notifiche'),
  'site-tutorial': own('helpdesk', 'site-tutorial'),
  'site-archivio-files': own('helpdesk', 'site-archivio-files'),
  'site-documentazione': own('infos', 'site-documentazione', '/{-$group_to_show}'),
  'site-normativa': own('infos', 'site-normativa'),
  'cond-servizio': own('infos', 'cond-servizio'),
  'cond-privacy': own('infos', 'cond-privacy'),

  // /sellers: conventions, all need home-fornitori.
  'home-fornitori': sellers('home-fornitori'),
  'vetrina-fornitore': sellers('vetrina-fornitore', '/$id_fornitore'),
  'vetrina-consorzio': sellers('vetrina-consorzio', '/$id_consorzio'),
  'vetrina-articolo': sellers('vetrina-articolo', '/$id_articolo'),
  'stato-voucher': sellers('stato-voucher'),
  'gestione-pin': sellers('gestione-pin'),

  // /backoffice-refazi (002 §2.8): referents only. home-refazi is the landing page of the group:
  // the profile is enough (a permission check there would send the referent to itself).
  'home-refazi': {
    path: '/backoffice-refazi/',
    group: 'backoffice-refazi',
    access: 'login',
    profile: 'ref_aziendale',
  },
  'office-transactionsdash': office('office-transactionsdash'),
  'office-scadenzario-azi': office('office-scadenzario-azi'),
  'office-piattapasto': office('office-piattapasto'),
  'office-cifratura-chain': office('office-cifratura-chain'),
  'office-import-anagrafiche-crediti': office('office-import-anagrafiche-crediti'),
  'office-ref-azi-piani-welfare': office('office-ref-azi-piani-welfare'),
  'office-ref-azi-buoni-pasto': office('office-ref-azi-buoni-pasto'),
  'office-consulenti': office('office-consulenti'),
  'office-mess-interna': office('office-mess-interna'),
  'office-user-files': office('office-user-files'),
  'office-incentive-info': office('office-incentive-info'),
  'office-incentive-toduba': office('office-incentive-toduba'),

  // Showcases (issue 13): the detail of a purchase with the code it delivered (login is enough; the
  // server answers only the purchase's owner).
  'dettaglio-acquisto': { path: '/acquisti/$id_acquisto', group: 'root', access: 'login' },

  // A request's whole life (issue 26): the employee's requests and each one's timeline.
  'mie-richieste': { path: '/richieste/', group: 'richieste', access: 'login' },
  'dettaglio-richiesta': { path: '/richieste/$id_acquisto', group: 'richieste', access: 'login' },

  // The provider's operator console (issue 26): its own sign-in page, then the operator's screens.
  'login-operatore': { path: '/operatore/accesso', group: 'public', access: 'public' },
  'home-operatore': { path: '/operatore/', group: 'operatore', access: 'login', profile: 'operatore' },
  'operatore-richiesta': operator('operatore-richiesta', '/$id_acquisto'),
  'operatore-pagamenti': operator('operatore-pagamenti'),
  'operatore-registro': operator('operatore-registro'),
  'operatore-importazioni': operator('operatore-importazioni'),
  'operatore-piattapasto': operator('operatore-piattapasto'),
  'operatore-fornitori': operator('operatore-fornitori'),
  'operatore-codici': operator('operatore-codici'),
} as const satisfies Record<string, RouteRule>;

/**
 * The route table: the routes above plus the installation's own (config/extensions; a built-in name wins).
 * Only the built-in names are `RouteName`s; the router guard, the menu and the server's access rule read
 * the whole table.
 */
export const routes: typeof declaredRoutes = { ...extensions.routes, ...declaredRoutes };

export type RouteName = keyof typeof declaredRoutes;

export const routeNames = Object.keys(routes) as RouteName[];

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(routes, name);
}

const PARAM = /^\$(\w+)$/;
const OPTIONAL_PARAM = /^\{-\$(\w+)\}$/;

/** The parameters of `path` read by `pattern` (`/aml/forn-aml/$id_fornitore`), or undefined if it is not there. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter((part) => part !== '');
  const have = path.split('/').filter((part) => part !== '');
  const read = (w: number, h: number, params: Record<string, string>): Record<string, string> | undefined => {
    if (w === want.length) return h === have.length ? params : undefined;
    const part = want[w]!;
    const optional = OPTIONAL_PARAM.exec(part);
    if (optional) {
      const name = optional[1]!;
      const taken = h < have.length ? read(w + 1, h + 1, { ...params, [name]: have[h]! }) : undefined;
      return taken ?? read(w + 1, h, params);
    }
    if (h === have.length) return undefined;
    const param = PARAM.exec(part);
    if (param) return read(w + 1, h + 1, { ...params, [param[1]!]: have[h]! });
    return part === have[h] ? read(w + 1, h + 1, params) : undefined;
  };
  const params = read(0, 0, {});
  if (!params) return undefined;
  try {
    return Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
  } catch {
    return undefined; // a malformed escape is no page
  }
}

/**
 * The spec's other names of five screens (issue 28): config/route-aliases.ts, a file of its own because the
 * root route reads them before every page, the login page's too, without this table.
 */
export { routeAliases } from './route-aliases';
