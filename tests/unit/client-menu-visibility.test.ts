/** Menu visibility (spec 000 §5 "Menu visibility", §2 payment-provider entry) over config/menu.ts. */
import { describe, expect, it } from 'vitest';
import { menu, type MenuConfig } from '../../config/menu';
import {
  canShowRoute,
  findSubsection,
  visibleMenu,
  type MenuSession,
  type VisibleSection,
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

/** Badge keys shown, without dashmovimenti: its route needs only the login (config/routes.ts). */
const keys = (sections: VisibleSection[]) => allKeys(sections).filter((key) => key !== 'dashmovimenti');

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

  it('of routes that need only the login are shown to every logged user, as the router opens them', () => {
    expect(allKeys(visibleMenu(menu, session([])))).toEqual(['dashmovimenti']);
  });

  it('follow the router rules: return-url opens the /ts partner pages, either eurete key the group', () => {
    const perms = ['tree-viaggi', 'return-url'];
    const viaggi = findSubsection(visibleMenu(menu, session(perms)), 'tree-viaggi');
    expect(viaggi?.badges.map((badge) => badge.key)).toEqual([
      'conv-viaggi',
      'conv-viaggi-b',
      'conv-booking',
      'conv-snowit',
    ]);
    const salute = findSubsection(
      visibleMenu(menu, session(['tree-salute', 'conv-eurete-100'])),
      'tree-salute',
    );
    expect(salute?.badges.map((badge) => badge.key)).toEqual([
      'conv-assirete',
      'conv-eurete-buoni',
      'conv-eurete-100',
    ]);
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
    expect(rimborsi?.badges.map((badge) => badge.key)).toEqual(['rimb-spese', 'rimb-bollette']);
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

  it('is in the vouchers group only when the user is registered', () => {
    expect(buoni({ ollipay_status: { profile: 'wfm', reg_status: false } }).map((b) => b.key)).toEqual([
      'conv-aml',
    ]);
    expect(buoni({ ollipay_status: null }).map((b) => b.key)).toEqual(['conv-aml']);
    expect(buoni({ ollipay_status: { profile: 'wfm', reg_status: true } }).map((b) => b.key)).toEqual([
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
        section_title: 'X',
        section_menu: [
          { title: 'Ignota', image: '/menu/faq.svg', route_name: 'non-esiste' },
          { title: 'Script', image: '/menu/faq.svg', direct_link: 'javascript:alert(1)' },
          { title: 'Sito', image: '/menu/faq.svg', direct_link: 'https://example.org/' },
        ],
      },
    ] as unknown as MenuConfig;
    expect(keys(visibleMenu(config, session(['non-esiste'])))).toEqual(['https://example.org/']);
  });
});
