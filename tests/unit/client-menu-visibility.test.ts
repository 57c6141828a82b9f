/** Menu visibility (spec 000 §5 "Menu visibility", §2 payment-provider entry) over config/menu.ts. */
import { describe, expect, it } from 'vitest';
import { menu, type MenuConfig, type MenuLeafBadge, type MenuSubsectionBadge } from '../../config/menu';
import { isRouteName, routes, type RouteGroup, type RouteRule } from '../../config/routes';
import { literal } from '../../config/texts';
import {
  canShowRoute,
  findSubsection,
  visibleMenu,
  type MenuSession,
  type VisibleSection,
  type VisibleSubsection,
} from '../../src/client/engine/menu/menu-visibility';

function session(
  perms: string[],
  user: Partial<NonNullable<MenuSession['user']>> = {},
  isLogged = true,
): MenuSession {
  return {
    isLogged,
    userPerms: perms,
    user: {
      profile: 'utente',
      threshold_ok: true,
      ollipay_status: { profile: null, reg_status: false },
      ...user,
    },
  };
}

const topBadges = menu.flatMap((section) => section.section_menu);
const leafKey = (badge: MenuLeafBadge): string => badge.route_name ?? badge.direct_link;
const subroutesOf = (key: string): readonly MenuLeafBadge[] =>
  topBadges.find(
    (badge): badge is MenuSubsectionBadge =>
      badge.subsection_name !== undefined && badge.subsection_name === key,
  )?.subroutes ?? [];

/** A route any logged user may open: no permission, profile or registration asked (config/routes.ts). */
function loginOnly(name: string | undefined): boolean {
  if (name === undefined || !isRouteName(name)) return false;
  const rule: RouteRule = routes[name];
  return (
    rule.access === 'login' &&
    rule.permission === undefined &&
    rule.profile === undefined &&
    rule.ollipayRegistered === undefined
  );
}

/**
 * Badges that depend on no permission (direct links, login-only routes such as dashmovimenti): whatever
 * config/menu.ts adds of them, the lists below stay those the permissions decide.
 */
const ALWAYS_SHOWN = new Set(
  topBadges
    .flatMap((badge) => (badge.subsection_name !== undefined ? [...badge.subroutes] : [badge]))
    .filter((badge) => badge.direct_link !== undefined || loginOnly(badge.route_name))
    .map(leafKey),
);

/** Badge keys shown, without those every logged user sees. */
const keys = (sections: VisibleSection[]) => allKeys(sections).filter((key) => !ALWAYS_SHOWN.has(key));

/** The keys a subsection shows, without those every logged user sees. */
const shownIn = (subsection: VisibleSubsection | null | undefined) =>
  (subsection?.badges ?? []).map((badge) => badge.key).filter((key) => !ALWAYS_SHOWN.has(key));

/** The route names of a subsection that lie in a route group. */
const inGroup = (key: string, group: RouteGroup) =>
  subroutesOf(key).flatMap((badge) =>
    badge.route_name !== undefined && routes[badge.route_name].group === group ? [badge.route_name] : [],
  );

const allKeys = (sections: VisibleSection[]) =>
  sections.flatMap((section) =>
    section.badges.flatMap((badge) =>
      badge.kind === 'subsection' ? [badge.key, ...badge.badges.map((sub) => sub.key)] : [badge.key],
    ),
  );

describe('route badges', () => {
  it('are shown only with the permission of their route', () => {
    expect(keys(visibleMenu(menu, session(['menu'])))).toEqual([]);
    expect(keys(visibleMenu(menu, session(['site-faq', 'cond-privacy'])))).toEqual([
      'cond-privacy',
      'site-faq',
    ]);
  });

  it('of routes that need only the login (and direct links) are shown to every logged user, as the router opens them', () => {
    const outsideSubsections = topBadges
      .flatMap((badge) => (badge.subsection_name === undefined ? [leafKey(badge)] : []))
      .filter((key) => ALWAYS_SHOWN.has(key));
    expect(outsideSubsections).toContain('dashmovimenti');
    expect(allKeys(visibleMenu(menu, session([])))).toEqual(outsideSubsections);
  });

  it('follow the router rules: return-url opens the /ts partner pages, either eurete key the group', () => {
    const perms = ['tree-viaggi', 'return-url'];
    const viaggi = shownIn(findSubsection(visibleMenu(menu, session(perms)), 'tree-viaggi'));
    expect(viaggi).toEqual(inGroup('tree-viaggi', 'ts'));
    expect(viaggi).toEqual(
      expect.arrayContaining(['conv-viaggi', 'conv-viaggi-b', 'conv-booking', 'conv-snowit']),
    );
    const salute = shownIn(
      findSubsection(visibleMenu(menu, session(['tree-salute', 'conv-eurete-100'])), 'tree-salute'),
    );
    expect(salute).toEqual(inGroup('tree-salute', 'eurete'));
    expect(salute).toEqual(expect.arrayContaining(['conv-assirete', 'conv-eurete-buoni', 'conv-eurete-100']));
  });

  it('stay visible when only threshold_ok is missing (the page shows the alert) and agree with the router', () => {
    const user = { threshold_ok: false };
    expect(keys(visibleMenu(menu, session(['conv-ondemand'], user)))).toEqual(['conv-ondemand']);
    expect(canShowRoute('conv-ondemand', session(['conv-ondemand'], user))).toBe(true);
    expect(canShowRoute('conv-ondemand', session(['menu'], user))).toBe(false);
    // Back-office pages are never in the menu of an employee, whatever the permission map says.
    expect(canShowRoute('home-refazi', session(['home-refazi']))).toBe(false);
  });

  it('show nothing without a session', () => {
    expect(visibleMenu(menu, session(['site-faq'], {}, false))).toEqual([]);
    expect(visibleMenu(menu, { isLogged: true, userPerms: ['site-faq'], user: null })).toEqual([]);
  });
});

describe('subsections (tree- keys)', () => {
  it('need their tree- key', () => {
    const withoutTree = visibleMenu(menu, session(['rimb-spese', 'rimb-bollette']));
    expect(keys(withoutTree)).toEqual([]);
    const withTree = visibleMenu(menu, session(['tree-rimborsi', 'rimb-spese', 'rimb-bollette']));
    const rimborsi = findSubsection(withTree, 'tree-rimborsi');
    expect(shownIn(rimborsi)).toEqual(['rimb-spese', 'rimb-bollette']);
    expect(rimborsi?.sectionTitle).toBe('Utilizza il tuo credito welfare');
  });

  it('need at least one allowed subroute', () => {
    const sections = visibleMenu(menu, session(['tree-rimborsi', 'tree-buoni', 'site-faq']));
    expect(findSubsection(sections, 'tree-rimborsi')).toBeNull();
    expect(findSubsection(sections, 'tree-buoni')).toBeNull();
    expect(keys(sections)).toEqual(['site-faq']);
  });

  it('carry the tree-buoni warning', () => {
    const sections = visibleMenu(menu, session(['tree-buoni', 'conv-aml']));
    expect(findSubsection(sections, 'tree-buoni')?.warning).toBe('menuBuoniWarning');
  });
});

describe('payment-provider entry (ollipay)', () => {
  const perms = ['tree-buoni', 'conv-aml', 'conv-ollipay'];
  const buoni = (user: Partial<NonNullable<MenuSession['user']>>) =>
    findSubsection(visibleMenu(menu, session(perms, user)), 'tree-buoni')?.badges ?? [];
  const buoniKeys = (user: Partial<NonNullable<MenuSession['user']>>) =>
    shownIn(findSubsection(visibleMenu(menu, session(perms, user)), 'tree-buoni'));

  it('is in the vouchers group only when the user is registered', () => {
    expect(buoniKeys({ ollipay_status: { profile: 'wfm', reg_status: false } })).toEqual(['conv-aml']);
    expect(buoniKeys({ ollipay_status: null })).toEqual(['conv-aml']);
    expect(buoniKeys({ ollipay_status: { profile: 'wfm', reg_status: true } })).toEqual([
      'conv-aml',
      'conv-ollipay',
    ]);
  });

  it('is labelled Welfare Di Marca for profile wfm, otherwise Ollipay', () => {
    const title = (profile: string | null) =>
      buoni({ ollipay_status: { profile, reg_status: true } }).find((b) => b.key === 'conv-ollipay')?.title;
    expect(title('wfm')).toBe('Welfare Di Marca');
    expect(title('standard')).toBe('Ollipay');
    expect(title(null)).toBe('Ollipay');
    expect(title('toString')).toBe('Ollipay');
  });
});

describe('robustness', () => {
  it('ignores permissions naming routes or subsections the configuration lacks', () => {
    const perms = ['site-faq', 'conv-futura', 'tree-futuro', 'tree-', '__proto__', 'constructor'];
    expect(keys(visibleMenu(menu, session(perms)))).toEqual(['site-faq']);
    expect(findSubsection(visibleMenu(menu, session(perms)), 'tree-futuro')).toBeNull();
  });

  it('hides badges of unknown routes and unsafe links of a configuration', () => {
    const config = [
      {
        key: 'x',
        section_title: literal('X'),
        section_menu: [
          { title: literal('Ignota'), image: '/menu/faq.svg', route_name: 'non-esiste' },
          { title: literal('Script'), image: '/menu/faq.svg', direct_link: 'javascript:alert(1)' },
          { title: literal('Sito'), image: '/menu/faq.svg', direct_link: 'https://example.org/' },
        ],
      },
    ] as unknown as MenuConfig;
    expect(keys(visibleMenu(config, session(['non-esiste'])))).toEqual(['https://example.org/']);
  });
});
