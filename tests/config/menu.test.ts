/**
 * config/menu.ts: every reference resolves (spec 000 §2 "Home menu", §3 "Menu structure"). The spec's
 * four sections are in spec-conformance.test.ts; here every section, however many, is checked.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { menu, type MenuBadge, type MenuLeafBadge } from '../../config/menu';
import { menuSubsectionKeys, profileGrants } from '../../config/permissions';
import { messages } from '../../config/messages-account.it';
import { isRouteName, routes } from '../../config/routes';
import { textOf, type TextRef } from '../../config/texts';
import { hasScreen } from './served-routes';

/** The tree- keys employees are granted (config/permissions.ts, written by the server at every start). */
const TREE_PERMISSIONS: string[] = profileGrants.utente.menuSubsections ? menuSubsectionKeys() : [];

const sections = menu;
const topBadges = sections.flatMap((section) => section.section_menu);
const subsections = topBadges.filter(
  (badge): badge is Extract<MenuBadge, { subsection_name: string }> => badge.subsection_name !== undefined,
);
const leaves: MenuLeafBadge[] = topBadges.flatMap((badge) =>
  badge.subsection_name !== undefined ? [...badge.subroutes] : [badge as MenuLeafBadge],
);
const allBadges: MenuBadge[] = [...topBadges, ...subsections.flatMap((s) => s.subroutes)];
/** A declared title as the user reads it. */
const text = (ref: TextRef<keyof typeof messages>) => textOf(messages, ref);
const routeNames = leaves.flatMap((badge) => (badge.route_name ? [badge.route_name] : []));

/** Route names of the three spec documents that a user reaches from the home (the list). */
const REACHED_FROM_HOME = [
  'rimb-spese',
  'rimb-interessi',
  'rimb-bollette',
  'rimb-aff-mutui',
  'conv-ondemand',
  'conv-previdenza-integrativa',
  'conv-aml',
  'conv-aml-expedia',
  'conv-aml-hoepli',
  'bonus-benzina',
  'conv-toduba',
  'conv-appaga',
  'conv-ollipay',
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
  'conv-eurete-buoni',
  'conv-eurete-100',
  'conv-assirete',
  'benefit-hub',
  'conv-bonusx',
  'home-fornitori',
  'conv-request-form',
  'dashmovimenti',
  'site-documentazione',
  'site-normativa',
  'cond-servizio',
  'cond-privacy',
  'site-tutorial',
  'site-archivio-files',
  'site-assistenza',
  'site-faq',
  'site-notifiche',
];

function sectionOf(routeName: string): string | undefined {
  return sections.find((section) =>
    section.section_menu.some(
      (badge) =>
        badge.route_name === routeName ||
        (badge.subsection_name !== undefined && badge.subroutes.some((sub) => sub.route_name === routeName)),
    ),
  )?.key;
}

describe('config/menu.ts', () => {
  it('gives every section a key and a title of its own, and at least one badge', () => {
    const keys = sections.map((section) => section.key);
    expect(new Set(keys).size).toBe(keys.length);
    const titles = sections.map((section) => text(section.section_title));
    expect(new Set(titles).size).toBe(titles.length);
    for (const section of sections) {
      expect(section.key.trim(), text(section.section_title)).not.toBe('');
      expect(text(section.section_title).trim(), section.key).not.toBe('');
      expect(section.section_menu.length, section.key).toBeGreaterThan(0);
    }
  });

  it('names only route names of config/routes.ts, of pages behind login', () => {
    for (const name of routeNames) {
      expect(isRouteName(name), name).toBe(true);
      expect(routes[name].access, name).toBe('login');
    }
  });

  it('has a badge for every route the spec reaches from the home, in the right section', () => {
    for (const name of REACHED_FROM_HOME) expect(routeNames, name).toContain(name);
    const information = ['dashmovimenti', 'site-documentazione', 'site-normativa', 'cond-servizio'];
    for (const name of [...information, 'cond-privacy', 'site-tutorial', 'site-archivio-files'])
      expect(sectionOf(name), name).toBe('information');
    for (const name of ['site-assistenza', 'site-faq', 'site-notifiche'])
      expect(sectionOf(name), name).toBe('assistance');
    for (const name of ['benefit-hub', 'conv-bonusx', 'home-fornitori', 'conv-request-form'])
      expect(sectionOf(name), name).toBe('other-advantages');
    for (const name of ['rimb-spese', 'conv-aml', 'conv-ollipay', 'conv-viaggi', 'conv-bitq-cinema'])
      expect(sectionOf(name), name).toBe('use-welfare-credit');
  });

  it('opens a screen from every badge: a file route, a back-office page, a request form or a registry page (none "Pagina non trovata")', () => {
    expect(routeNames.filter((name) => !hasScreen(name))).toEqual([]);
    // The check itself: a route name without a page of its own fails it.
    expect(hasScreen('conv-redirect')).toBe(true);
    expect(hasScreen('dettaglio-acquisto')).toBe(true);
    expect(hasScreen('office-consulenti')).toBe(true);
    expect(hasScreen('office-transactionsdash')).toBe(true);
    expect(hasScreen('nessuna-pagina')).toBe(false);
  });

  it('groups related badges in tree- subsections, with the keys the server grants', () => {
    expect(TREE_PERMISSIONS).toContain('tree-buoni');
    expect(subsections.length).toBeGreaterThanOrEqual(5);
    for (const sub of subsections) {
      expect(sub.subsection_name).toMatch(/^tree-[a-z0-9-]+$/);
      expect(TREE_PERMISSIONS, sub.subsection_name).toContain(sub.subsection_name);
      expect(sub.subroutes.length, sub.subsection_name).toBeGreaterThan(0);
    }
    const buoni = subsections.find((sub) => sub.subsection_name === 'tree-buoni');
    expect(buoni?.subroutes.map((sub) => sub.route_name)).toEqual(
      expect.arrayContaining(['conv-aml', 'bonus-benzina', 'conv-toduba', 'conv-appaga', 'conv-ollipay']),
    );
    expect(buoni?.warning).toBe('menuBuoniWarning');
  });

  it('gives every badge a title, an image that exists in public/ and exactly one target', () => {
    for (const badge of allBadges) {
      expect(text(badge.title).trim(), JSON.stringify(badge)).not.toBe('');
      expect(badge.image).toMatch(/^\/menu\/[a-z0-9-]+\.svg$/);
      const file = `public${badge.image}`;
      expect(existsSync(file), file).toBe(true);
      const targets = [badge.route_name, badge.direct_link, badge.subsection_name].filter(
        (target) => target !== undefined,
      );
      expect(targets, text(badge.title)).toHaveLength(1);
      if (badge.direct_link !== undefined) expect(badge.direct_link).toMatch(/^https:\/\//);
    }
  });

  it('keeps the images small, hand-written SVG without scripts', () => {
    const images = new Set(allBadges.map((badge) => badge.image));
    for (const image of images) {
      const file = `public${image}`;
      expect(statSync(file).size, file).toBeLessThan(1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24"/);
      expect(svg, file).not.toMatch(/<script|on[a-z]+=|href=/i);
    }
  });

  it('has no duplicate badge and no duplicate title within a group', () => {
    const targets = allBadges.map((badge) => badge.route_name ?? badge.direct_link ?? badge.subsection_name);
    expect(new Set(targets).size).toBe(targets.length);
    for (const group of [...sections.map((s) => s.section_menu), ...subsections.map((s) => s.subroutes)]) {
      const titles = group.map((badge) => text(badge.title));
      expect(new Set(titles).size, titles.join(', ')).toBe(titles.length);
    }
  });

  it('labels the payment-provider badge by ollipay profile', () => {
    const ollipay = leaves.find((badge) => badge.route_name === 'conv-ollipay');
    expect(text(ollipay!.title)).toBe('Ollipay');
    expect(ollipay?.route_name && text(ollipay.title_by_ollipay_profile!.wfm!)).toBe('Welfare Di Marca');
  });

  it('refers only to existing message keys', () => {
    for (const sub of subsections) if (sub.warning) expect(messages[sub.warning], sub.warning).toBeTruthy();
  });
});
