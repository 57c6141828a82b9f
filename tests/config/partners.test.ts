/**
 * config/partners.ts (spec 001 §2, §7; ARCHITECTURE.md §4 "Partners"): one declaration per partner login
 * page of config/routes.ts and the other way round, each valid (shared rules of src/shared/partners.ts),
 * the spec's services, clusters, bitq ids and salabam services, and every menu badge that points at a
 * partner page opening a declared one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { menu, type MenuLeafBadge } from '../../config/menu';
import {
  benefitHub,
  partnerProviders,
  partners,
  requestForm,
  voucherPortalLogins,
  type PartnerDeclaration,
} from '../../config/partners';
import { routes, type RouteRule } from '../../config/routes';
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
  it('declares every partner login page of config/routes.ts, and nothing else', () => {
    expect(partnerRouteNames).toHaveLength(30);
    expect(declared.map((partner) => partner.route_name).sort()).toEqual(partnerRouteNames);
  });

  it('holds only valid declarations (the server refuses to start otherwise), the fixture included', () => {
    expect(partnerDeclarationProblems(declared, partnerProviders)).toEqual([]);
    expect(partnerDeclarationProblems([...declared, ...voucherPortalLogins], partnerProviders)).toEqual([]);
    // The voucher portal's calls serve the voucher pages (001 §7: service 200 or 100).
    expect(voucherPortalLogins.map((login) => [login.route_name, login.call.body?.service])).toEqual([
      ['conv-aml', 200],
      ['conv-aml-expedia', 100],
      ['conv-aml-hoepli', 100],
    ]);
    for (const login of voucherPortalLogins) expect(routes).toHaveProperty([login.route_name]);
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

  it('uses the spec’s services and clusters on /ts, with comp_credito the balance on offer', () => {
    const services = new Set([
      'experience',
      'travel',
      'tantosvagotravel',
      'giftcard',
      'gowelfare.converter',
      'ticket',
      'amz_libri',
      'booking',
      'assirete',
      'welcometoitaly',
      'snowit',
      'zenais',
    ]);
    const clusters = new Set(['home', 'home-activities', 'eatinerari']);
    const ts = declared.filter(
      (partner) => (routes as Record<string, RouteRule>)[partner.route_name]?.group === 'ts',
    );
    expect(ts).toHaveLength(12);
    for (const partner of ts) {
      expect(partner.call.name, partner.route_name).toBe('sso_login_partner');
      expect(services.has(String(partner.call.body?.service)), partner.route_name).toBe(true);
      expect(clusters.has(partner.call.body?.cluster ?? ''), partner.route_name).toBe(true);
      expect(partner.call.body?.comp_credito, partner.route_name).toBe(partner.balance);
      expect(partner.handoff.kind, partner.route_name).toBe('form-post');
      expect(partner.conditions, partner.route_name).toBe(true);
    }
    expect(byRoute('conv-home-activities')?.call.body?.cluster).toBe('home-activities');
    expect(byRoute('conv-eatinerari')?.call.body?.cluster).toBe('eatinerari');
  });

  it('gives the bitq pages their showcase ids and the salabam pages their services (001 §7)', () => {
    const ids = Object.fromEntries(
      declared
        .filter((partner) => partner.provider === 'bitq')
        .map((partner) => [
          partner.route_name,
          partner.handoff.kind === 'form-post' ? partner.handoff.cat : null,
        ]),
    );
    expect(ids).toEqual({
      'conv-bitq-parchi': 151,
      'conv-bitq-exp': 113,
      'conv-bitq-tour': 122,
      'conv-bitq-sport': 14,
      'conv-bitq-musei': 18,
      'conv-bitq-cinema': 152,
      'conv-bitq-concerti': 19,
      'conv-bitq-gaming': 150,
      'conv-bitq-corsi': 115,
    });
    const salabam = Object.fromEntries(
      declared
        .filter((partner) => partner.provider === 'salabam')
        .map((partner) => [partner.route_name, [partner.call.body?.service, partner.handoff.kind]]),
    );
    expect(salabam).toEqual({
      'conv-salabam-shop': ['salabam', 'blank-window'],
      'conv-salabam-vadobay': ['vadobay', 'blank-window'],
      'conv-salabam-voli-vadobay': ['voli-vadobay', 'blank-window'],
      'conv-salabam-vacanze-vadobay': ['vacanze-vadobay', 'blank-window'],
      'conv-salabam-vivamod': ['vivamod', 'blank-window'],
    });
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
    expect(pointing.length).toBeGreaterThanOrEqual(30);
    for (const name of pointing) expect(byRoute(name), name).toBeDefined();
    expect(names).toContain(requestForm.route_name);
    expect(names).toContain(benefitHub.route_name);
  });

  it('documents every provider variable in the README configuration table', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const provider of partnerProviders) {
      expect(readme, provider.keyEnv).toContain(provider.keyEnv);
      expect(readme, provider.urlEnv).toContain(provider.urlEnv);
    }
  });
});
