import { describe, expect, it } from 'vitest';
import { routeNames, routes, type RouteRule } from '../../config/routes';
import { checkRouteAccess, type AccessSession } from '../../src/shared/access/route-access';

type UserOverrides = Partial<NonNullable<AccessSession['user']>>;

function session({ perms = [], user = {} }: { perms?: string[]; user?: UserOverrides } = {}): AccessSession {
  return {
    isLogged: true,
    userPerms: perms,
    user: { profile: 'utente', threshold_ok: true, ollipay_status: { reg_status: false }, ...user },
  };
}

/** Route names named by the spec (000 §2, 001 §2, 002 §6 and §2.8). */
const SPEC_ROUTE_NAMES = [
  'menu',
  'dashmovimenti',
  'user-profile',
  'conv-redirect',
  'conv-ondemand',
  'rimb-spese',
  'rimb-interessi',
  'rimb-bollette',
  'rimb-aff-mutui',
  'conv-previdenza-integrativa',
  'conv-aml',
  'forn-aml',
  'conv-aml-expedia',
  'conv-aml-hoepli',
  'conv-eurete-100',
  'bonus-benzina',
  'conv-eurete-buoni',
  'sez-eurete',
  'conv-assirete',
  'conv-attive',
  'conv-viaggi',
  'conv-viaggi-b',
  'conv-giftcard',
  'conv-gowelfare',
  'conv-ticket',
  'conv-home-activities',
  'conv-amazon-libri',
  'conv-booking',
  'conv-snowit',
  'conv-eatinerari',
  'conv-edicola',
  'conv-wishlist',
  'conv-fac',
  'conv-mba',
  'conv-bonusx',
  'conv-bitq-parchi',
  'conv-bitq-exp',
  'conv-bitq-tour',
  'conv-bitq-sport',
  'conv-bitq-musei',
  'conv-bitq-cinema',
  'conv-bitq-concerti',
  'conv-bitq-gaming',
  'conv-bitq-corsi',
  'conv-salabam-shop',
  'conv-salabam-vadobay',
  'conv-salabam-voli-vadobay',
  'conv-salabam-vacanze-vadobay',
  'conv-salabam-vivamod',
  'conv-ollipay',
  'conv-toduba',
  'conv-appaga',
  'conv-request-form',
  'benefit-hub',
  'site-faq',
  'site-assistenza',
  'site-notifiche',
  'site-tutorial',
  'site-archivio-files',
  'site-documentazione',
  'site-normativa',
  'cond-servizio',
  'cond-privacy',
  'home-fornitori',
  'vetrina-fornitore',
  'vetrina-consorzio',
  'vetrina-articolo',
  'stato-voucher',
  'gestione-pin',
  'home-refazi',
  'office-transactionsdash',
  'office-scadenzario-azi',
  'office-piattapasto',
  'office-cifratura-chain',
  'office-import-anagrafiche-crediti',
  'office-ref-azi-piani-welfare',
  'office-ref-azi-buoni-pasto',
  'office-consulenti',
  'office-mess-interna',
  'office-user-files',
  'office-incentive-info',
  'office-incentive-toduba',
];

describe('route gating rules (spec 002 §6)', () => {
  it('permission missing: the user goes to menu', () => {
    expect(checkRouteAccess('site-faq', session({ perms: ['menu'] }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
    expect(checkRouteAccess('site-faq', session({ perms: ['site-faq'] }))).toEqual({ ok: true });
  });

  it('threshold_ok false: alert thresholdNotOk and menu (conv-ondemand and rimb-interessi explicitly)', () => {
    for (const name of ['conv-ondemand', 'rimb-interessi', 'rimb-spese', 'conv-attive', 'bonus-benzina']) {
      const perms = [name];
      expect(checkRouteAccess(name, session({ perms, user: { threshold_ok: false } }))).toEqual({
        ok: false,
        redirect: 'menu',
        alert: 'thresholdNotOk',
      });
      expect(checkRouteAccess(name, session({ perms }))).toEqual({ ok: true });
    }
    // Pages that need only their own permission do not look at the threshold.
    expect(
      checkRouteAccess(
        'site-assistenza',
        session({ perms: ['site-assistenza'], user: { threshold_ok: false } }),
      ),
    ).toEqual({ ok: true });
  });

  it('return-url also opens the /ts group', () => {
    expect(checkRouteAccess('conv-viaggi', session({ perms: ['return-url'] }))).toEqual({ ok: true });
    expect(checkRouteAccess('conv-viaggi', session({ perms: ['conv-viaggi'] }))).toEqual({ ok: true });
    expect(checkRouteAccess('conv-viaggi', session({ perms: ['menu'] }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
    // …but only the /ts group.
    expect(checkRouteAccess('conv-wishlist', session({ perms: ['return-url'] }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
  });

  it('/aml needs conv-aml (the retailer showcase too)', () => {
    expect(checkRouteAccess('forn-aml', session({ perms: ['forn-aml'] }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
    expect(checkRouteAccess('forn-aml', session({ perms: ['conv-aml'] }))).toEqual({ ok: true });
    expect(checkRouteAccess('conv-aml', session({ perms: ['conv-aml'] }))).toEqual({ ok: true });
  });

  it('/eurete opens with either conv-eurete-buoni or conv-eurete-100', () => {
    expect(checkRouteAccess('sez-eurete', session({ perms: ['conv-eurete-buoni'] }))).toEqual({ ok: true });
    expect(checkRouteAccess('sez-eurete', session({ perms: ['conv-eurete-100'] }))).toEqual({ ok: true });
    expect(checkRouteAccess('conv-eurete-buoni', session({ perms: ['conv-eurete-100'] }))).toEqual({
      ok: true,
    });
    expect(checkRouteAccess('sez-eurete', session({ perms: ['sez-eurete'] }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
  });

  it('/ollipay also needs ollipay_status.reg_status true', () => {
    const perms = ['conv-ollipay'];
    expect(checkRouteAccess('conv-ollipay', session({ perms }))).toEqual({ ok: false, redirect: 'menu' });
    expect(checkRouteAccess('conv-ollipay', session({ perms, user: { ollipay_status: null } }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
    expect(
      checkRouteAccess('conv-ollipay', session({ perms, user: { ollipay_status: { reg_status: true } } })),
    ).toEqual({ ok: true });
  });

  it('/sellers needs home-fornitori', () => {
    for (const name of [
      'home-fornitori',
      'vetrina-fornitore',
      'vetrina-consorzio',
      'vetrina-articolo',
      'stato-voucher',
      'gestione-pin',
    ]) {
      expect(checkRouteAccess(name, session({ perms: [name === 'home-fornitori' ? 'menu' : name] }))).toEqual(
        { ok: false, redirect: 'menu' },
      );
      expect(checkRouteAccess(name, session({ perms: ['home-fornitori'] }))).toEqual({ ok: true });
    }
  });

  it('/backoffice-refazi is only for profile ref_aziendale: others go to menu', () => {
    const perms = ['home-refazi', 'office-consulenti'];
    expect(checkRouteAccess('home-refazi', session({ perms }))).toEqual({ ok: false, redirect: 'menu' });
    expect(checkRouteAccess('office-consulenti', session({ perms }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
    expect(checkRouteAccess('home-refazi', session({ perms, user: { profile: 'ref_aziendale' } }))).toEqual({
      ok: true,
    });
    expect(
      checkRouteAccess('office-consulenti', session({ perms, user: { profile: 'ref_aziendale' } })),
    ).toEqual({ ok: true });
  });

  it('a referent without the permission of a back-office page is sent to home-refazi', () => {
    const referent = { profile: 'ref_aziendale' };
    expect(checkRouteAccess('office-consulenti', session({ perms: ['menu'], user: referent }))).toEqual({
      ok: false,
      redirect: 'home-refazi',
    });
    // home-refazi itself is the landing page of the group: the profile is enough (no loop).
    expect(checkRouteAccess('home-refazi', session({ perms: [], user: referent }))).toEqual({ ok: true });
  });

  it('login required: without a session every gated route goes to login', () => {
    const anonymous: AccessSession = { isLogged: false, userPerms: [], user: null };
    for (const name of ['menu', 'user-profile', 'rimb-spese', 'site-notifiche', 'home-refazi']) {
      expect(checkRouteAccess(name, anonymous)).toEqual({ ok: false, redirect: 'login' });
    }
    expect(checkRouteAccess('menu', session())).toEqual({ ok: true });
    expect(checkRouteAccess('login', anonymous)).toEqual({ ok: true });
  });

  it('unknown route: denied (menu when logged, login otherwise)', () => {
    expect(checkRouteAccess('non-esiste', session({ perms: ['non-esiste'] }))).toEqual({
      ok: false,
      redirect: 'menu',
    });
    expect(checkRouteAccess('non-esiste', { isLogged: false, userPerms: [], user: null })).toEqual({
      ok: false,
      redirect: 'login',
    });
  });
});

describe('route table', () => {
  it('reads config/routes.ts unless a table is given (the server adds the routes of test-only forms)', () => {
    const table = {
      ...routes,
      'rimb-prova': {
        path: '/base-request/rimb-prova/{-$id_acq_replay}',
        group: 'base-request',
        access: 'login',
        permission: 'rimb-prova',
      },
    } satisfies Record<string, RouteRule>;
    const holder = session({ perms: ['rimb-prova'] });
    expect(checkRouteAccess('rimb-prova', holder)).toEqual({ ok: false, redirect: 'menu' });
    expect(checkRouteAccess('rimb-prova', holder, table)).toEqual({ ok: true });
    expect(checkRouteAccess('rimb-prova', session({ perms: ['menu'] }), table)).toEqual({
      ok: false,
      redirect: 'menu',
    });
    // The given table replaces config/routes.ts, it does not widen an unknown name.
    expect(checkRouteAccess('toString', holder, table)).toEqual({ ok: false, redirect: 'menu' });
  });
});

describe('route configuration', () => {
  it('declares every route name of the spec', () => {
    for (const name of SPEC_ROUTE_NAMES) expect(routeNames, name).toContain(name);
  });

  it('gives every route a path, and no two routes the same path', () => {
    const paths = routeNames.map((name) => (routes[name] as RouteRule).path);
    for (const [index, path] of paths.entries()) {
      expect(path, routeNames[index]).toMatch(/^\/[a-z0-9$/{}_-]*$/i);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts the groups of 002 §6 in their path, and the back office under /backoffice-refazi', () => {
    for (const name of routeNames) {
      const rule = routes[name] as RouteRule;
      if (rule.group === 'public' || rule.group === 'root' || rule.group === 'conv-request-form') continue;
      expect(rule.path.startsWith(`/${rule.group}/`), name).toBe(true);
      if (rule.group === 'backoffice-refazi') expect(rule.profile, name).toBe('ref_aziendale');
    }
    expect(routes['rimb-spese'].path).toBe('/base-request/rimb-spese/{-$id_acq_replay}');
    expect(routes['home-fornitori'].path).toBe('/sellers/home-fornitori');
    expect(routes['site-notifiche'].path).toBe('/helpdesk/site-notifiche');
    expect(routes['cond-servizio'].path).toBe('/infos/cond-servizio');
    expect(routes['benefit-hub'].path).toBe('/benefits/benefit-hub');
    expect(routes['office-consulenti'].path).toBe('/backoffice-refazi/office-consulenti');
  });
});
