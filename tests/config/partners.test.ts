/**
 * config/partners.ts (spec 001 §2, §7; ARCHITECTURE.md §4 "Partners"): one declaration per partner login
 * page of config/routes.ts and a route for every declaration, each valid (shared rules of
 * src/shared/partners.ts) and shaped as its kind of page requires, and every menu badge that points at a
 * partner page opening a declared one. The spec's own pages, services, clusters, bitq ids and salabam
 * services are in spec-conformance.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { menu, type MenuLeafBadge } from '../../config/menu';
import {
  benefitHub,
  partnerDescription,
  partnerProviders,
  partnerTitle,
  partners,
  requestForm,
  voucherPortalLogins,
  type PartnerDeclaration,
} from '../../config/partners';
import { isRouteName, routes, type RouteRule } from '../../config/routes';
import { partnerDeclarationProblems } from '../../src/shared/partners';
import { convProva, providerProva } from '../fixtures/partners/partner-prova';

/** The route groups of partner login pages (002 §6), and the one partner page of /benefits. */
const PARTNER_GROUPS = ['ts', 'ws', 'conv-fac', 'conv-mba', 'bitq', 'salabam'];
const partnerRouteNames = Object.entries(routes as Record<string, RouteRule>)
  .filter(([name, rule]) => PARTNER_GROUPS.includes(rule.group) || name === 'conv-bonusx')
  .map(([name]) => name)
  .sort();
const declared: readonly PartnerDeclaration[] = partners;
const byRoute = (name: string) => declared.find((partner) => partner.route_name === name);

describe('config/partners.ts', () => {
  it('declares every partner login page of config/routes.ts, and only pages of config/routes.ts', () => {
    expect(partnerRouteNames.length).toBeGreaterThan(0);
    for (const name of partnerRouteNames) expect(byRoute(name), name).toBeDefined();
    for (const partner of declared) expect(isRouteName(partner.route_name), partner.route_name).toBe(true);
  });

  it('holds only valid declarations (the server refuses to start otherwise), the fixture included', () => {
    expect(partnerDeclarationProblems(declared, partnerProviders)).toEqual([]);
    expect(partnerDeclarationProblems([...declared, ...voucherPortalLogins], partnerProviders)).toEqual([]);
    // The voucher portal's calls serve the voucher pages (001 §7: service 200 or 100).
    for (const login of voucherPortalLogins) {
      expect([200, 100], login.route_name).toContain(login.call.body?.service);
      expect(routes).toHaveProperty([login.route_name]);
    }
    expect(
      partnerDeclarationProblems([...declared, convProva], [...partnerProviders, providerProva]),
    ).toEqual([]);
    // The rules bite: a form hand-off on a call that answers no enc_data, an unknown provider, a repeat.
    const wrong: PartnerDeclaration = { ...convProva, call: { name: 'wishlist_login' }, provider: 'nessuno' };
    expect(partnerDeclarationProblems([wrong, wrong], partnerProviders)).toEqual([
      'conv-prova: partner nessuno inesistente',
      'conv-prova: il passaggio form-post non usa la risposta di wishlist_login',
      'conv-prova: dichiarata due volte',
      'conv-prova: partner nessuno inesistente',
      'conv-prova: il passaggio form-post non usa la risposta di wishlist_login',
    ]);
  });

  it('posts a service and a cluster from every /ts page, with comp_credito the balance on offer', () => {
    const ts = declared.filter(
      (partner) => (routes as Record<string, RouteRule>)[partner.route_name]?.group === 'ts',
    );
    expect(ts.length).toBeGreaterThan(0);
    for (const partner of ts) {
      expect(partner.call.name, partner.route_name).toBe('sso_login_partner');
      expect(String(partner.call.body?.service ?? '').trim(), partner.route_name).not.toBe('');
      expect((partner.call.body?.cluster ?? '').trim(), partner.route_name).not.toBe('');
      expect(partner.call.body?.comp_credito, partner.route_name).toBe(partner.balance);
      expect(partner.handoff.kind, partner.route_name).toBe('form-post');
      expect(partner.conditions, partner.route_name).toBe(true);
    }
  });

  it('gives each bitq page a showcase id of its own and each salabam page a service (001 §7)', () => {
    const bitq = declared.filter((partner) => partner.provider === 'bitq');
    const cats = bitq.map((partner) => (partner.handoff.kind === 'form-post' ? partner.handoff.cat : null));
    for (const [index, cat] of cats.entries()) {
      expect(Number.isInteger(cat) && cat! > 0, bitq[index]!.route_name).toBe(true);
    }
    expect(new Set(cats).size).toBe(cats.length);
    for (const partner of declared.filter((p) => p.provider === 'salabam')) {
      expect(partner.call.name, partner.route_name).toBe('salabam_login');
      expect(String(partner.call.body?.service ?? '').trim(), partner.route_name).not.toBe('');
      expect(partner.handoff.kind, partner.route_name).toBe('blank-window');
    }
    expect(byRoute('conv-wishlist')?.handoff.kind).toBe('link');
    expect(byRoute('conv-bonusx')).toMatchObject({ conditions: false, handoff: { kind: 'bonusx' } });
    expect(byRoute('conv-fac')?.call.name).toBe('partner_login');
    expect(byRoute('conv-mba')?.call.name).toBe('partner_login');
  });

  it('opens a declared page from every menu badge that points at a partner page', () => {
    const leaves = menu
      .flatMap((section) => section.section_menu)
      .flatMap((badge) =>
        badge.subsection_name !== undefined ? [...badge.subroutes] : [badge as MenuLeafBadge],
      );
    const names = leaves.flatMap((badge) => (badge.route_name ? [badge.route_name as string] : []));
    const pointing = names.filter((name) => partnerRouteNames.includes(name));
    // The spec's pages each have a badge: menu.test.ts (REACHED_FROM_HOME).
    expect(pointing.length).toBeGreaterThan(0);
    for (const name of pointing) expect(byRoute(name), name).toBeDefined();
    expect(names).toContain(requestForm.route_name);
    expect(names).toContain(benefitHub.route_name);
  });

  it('never doubles a word in a voucher page line ("I buoni di Buoni Expedia", issue 28)', () => {
    for (const page of voucherPortalLogins) {
      expect(partnerDescription(page), page.route_name).not.toMatch(/buoni di buoni/i);
      expect(partnerDescription(page).toLowerCase(), page.route_name).toContain(
        partnerTitle(page).toLowerCase(),
      );
    }
    const expedia = voucherPortalLogins.find((page) => page.route_name === 'conv-aml-expedia');
    expect(partnerDescription(expedia!)).toBe('I Buoni Expedia, pagati con il credito welfare.');
  });

  it('documents every provider variable in the README configuration table', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const provider of partnerProviders) {
      expect(readme, provider.keyEnv).toContain(provider.keyEnv);
      expect(readme, provider.urlEnv).toContain(provider.urlEnv);
    }
  });
});
