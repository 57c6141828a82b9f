/**
 * Spec conformance: the lists the specification names are declared in config/. Each list is a minimum:
 * config/ may declare more (a seventh form, another partner page, a fifth menu section) and this suite
 * still passes; the other suites of tests/config check every declaration, whatever their number, by
 * what it must be rather than by how many there are. The names are written out from the spec documents
 * of ../shared/spec (000 = shell and menu, 001 = requests and purchases, 002 = conventions, back office).
 */
import { describe, expect, it } from 'vitest';
import { forms } from '../../config/forms';
import type { FormDeclaration } from '../../config/forms/types';
import { menu } from '../../config/menu';
import { messages } from '../../config/messages-tables.it';
import { partners, voucherPortalLogins, type PartnerDeclaration } from '../../config/partners';
import { isRouteName, routes, type RouteRule } from '../../config/routes';
import { statusSets, type StatusEntry } from '../../config/status-sets';
import { textOf } from '../../config/texts';

const declaredForms: readonly FormDeclaration[] = forms;
const declaredPartners: readonly PartnerDeclaration[] = partners;
const rule = (name: string): RouteRule | undefined =>
  isRouteName(name) ? (routes[name] as RouteRule) : undefined;
const partner = (name: string) => declaredPartners.find((p) => p.route_name === name);
const byRouteName = <T extends { route_name: string }, V>(list: readonly T[], pick: (item: T) => V) =>
  Object.fromEntries(list.map((item) => [item.route_name, pick(item)]));

/** 001 §2 (route table) with the form kinds of 001 §3 "Request kinds (form_kind)". */
const SPEC_FORM_KINDS = {
  'conv-ondemand': 4,
  'rimb-spese': 1,
  'rimb-interessi': 3,
  'rimb-bollette': 13,
  'rimb-aff-mutui': 14,
  'conv-previdenza-integrativa': 7,
};

/**
 * The conv-redirect targets of 001 §2 but the wish list (its own call, 001 §7, and group /ws, 002 §6):
 * the /ts group of 002 §6, each on the partner SSO login create of 001 §7.
 */
const SPEC_TS_PAGES = [
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
];

/** 001 §7: "Service codes for partner SSO" and "Clusters". */
const SPEC_TS_SERVICES = [
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
];
const SPEC_TS_CLUSTERS = ['home', 'home-activities', 'eatinerari'];

/** 001 §7: "BitQ showcase ids". */
const SPEC_BITQ_IDS = {
  'conv-bitq-parchi': 151,
  'conv-bitq-exp': 113,
  'conv-bitq-tour': 122,
  'conv-bitq-sport': 14,
  'conv-bitq-musei': 18,
  'conv-bitq-cinema': 152,
  'conv-bitq-concerti': 19,
  'conv-bitq-gaming': 150,
  'conv-bitq-corsi': 115,
};

/** 001 §7: "Salabam services", one per conv-salabam-* page of 001 §2. */
const SPEC_SALABAM_SERVICES = {
  'conv-salabam-shop': 'salabam',
  'conv-salabam-vadobay': 'vadobay',
  'conv-salabam-voli-vadobay': 'voli-vadobay',
  'conv-salabam-vacanze-vadobay': 'vacanze-vadobay',
  'conv-salabam-vivamod': 'vivamod',
};

/**
 * 001 §2 route table: every partner login page (the conv-redirect targets; conv-fac, conv-mba,
 * conv-bonusx; the conv-bitq-* and conv-salabam-* pages).
 */
const SPEC_PARTNER_PAGES = [
  ...SPEC_TS_PAGES,
  'conv-wishlist',
  'conv-fac',
  'conv-mba',
  'conv-bonusx',
  ...Object.keys(SPEC_BITQ_IDS),
  ...Object.keys(SPEC_SALABAM_SERVICES),
];

/** 001 §2 (conv-aml; conv-aml-expedia and conv-aml-hoepli "of the 100 family") and §7 (service 200 or 100). */
const SPEC_VOUCHER_PORTAL_SERVICES = { 'conv-aml': 200, 'conv-aml-expedia': 100, 'conv-aml-hoepli': 100 };

/** 000 §2 "Home menu (employee)": use welfare credit; other advantages; information; assistance. */
const SPEC_MENU_SECTIONS = [
  { key: 'use-welfare-credit', title: 'Utilizza il tuo credito welfare' },
  { key: 'other-advantages', title: 'Altri vantaggi' },
  { key: 'information', title: 'Informazioni' },
  { key: 'assistance', title: 'Assistenza' },
];

/** 002 §2.8 "Referent back office": its routes, home-refazi and the twelve office-* pages. */
const SPEC_OFFICE_ROUTES = [
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

/** 002 §4.2 "Import job status": value -> display (the last two told apart by their variant). */
const SPEC_IMPORT_JOB_STATUSES = {
  IN_QUEUE: 'In Coda',
  IN_PROGRESS: 'In Lavorazione',
  VALIDATION_FAILED: 'Errori di Validazione',
  VALIDATION_COMPLETED: 'Validazione Completata',
  VALIDATION_COMPLETED_WITH_WARNINGS: 'Validazione Completata (Con Anomalie)',
  CANCELLED_BY_COMPANY_REFERENT: 'Annullato',
  REJECTED_BY_BACKOFFICE: 'Rifiutato dal Backoffice',
  ACCEPTED_BY_BACKOFFICE: 'Accettato dal Backoffice',
  IMPORTED_SUCCESSFULLY: 'Accettato dal Backoffice',
  IMPORT_FAILED: 'Accettato dal Backoffice',
};

/** 002 §4.1 "Piattapasto order status": value -> label. */
const SPEC_ORDER_STATUSES = {
  TO_VALIDATE: 'DA VALIDARE',
  VALID: 'VALIDO',
  STARTED: 'IN CORSO',
  COMPLETED: 'COMPLETATO',
  ERROR: 'ERRORE',
};

const labelOf = (entry: StatusEntry | undefined) =>
  entry === undefined
    ? undefined
    : typeof entry.label === 'string'
      ? messages[entry.label]
      : entry.label.literal;
const labelsOf = (values: Readonly<Record<string, StatusEntry>>) =>
  Object.fromEntries(Object.entries(values).map(([value, entry]) => [value, labelOf(entry)]));

describe('spec conformance: request forms (001)', () => {
  it('declares the six forms of 001 §2 with the form kinds of 001 §3', () => {
    expect(byRouteName(declaredForms, (form) => form.kind)).toMatchObject(SPEC_FORM_KINDS);
  });

  it('draws bills and rent/mortgage on art51c3, the others on the total, with the warnings of 001 §1, §5', () => {
    expect(
      byRouteName(declaredForms, (form) => ({ credit: form.credit, warning: form.amountWarning })),
    ).toMatchObject({
      'conv-ondemand': { credit: 'totale', warning: 'formAmountOverCredit' },
      'rimb-spese': { credit: 'totale', warning: 'formAmountOverCredit' },
      'rimb-interessi': { credit: 'totale', warning: 'formAmountOverCredit' },
      'rimb-bollette': { credit: 'art51c3', warning: 'formAmountOverCreditArt51c3' },
      'rimb-aff-mutui': { credit: 'art51c3', warning: 'formAmountOverCreditArt51c3' },
      'conv-previdenza-integrativa': { credit: 'totale', warning: 'formAmountOverCreditPension' },
    });
  });

  it('reads the purchase categories by kind (001 §7); the pension form has none (001 §2)', () => {
    expect(
      byRouteName(declaredForms, (form) => (form.categories === false ? null : form.categories.set)),
    ).toMatchObject({
      'conv-ondemand': 4,
      'rimb-spese': 1,
      'rimb-interessi': 3,
      'rimb-bollette': 13,
      'rimb-aff-mutui': 14,
      'conv-previdenza-integrativa': null,
    });
  });

  it('asks for the documents of 001 §5 "Required documents", with the file kinds of 001 §3', () => {
    // Each spec form's slots exactly (arrays match whole); forms beyond the six are not looked at.
    expect(byRouteName(declaredForms, (form) => form.slots.map((slot) => slot.file_kind))).toMatchObject({
      'conv-ondemand': ['doc_preven', 'doc_extra', 'doc_fam'],
      'rimb-spese': ['doc_pagam', 'doc_acq', 'doc_extra', 'doc_fam'],
      'rimb-interessi': ['doc_rata', 'doc_loan'],
      'rimb-bollette': ['doc_acq', 'doc_extr_p', 'doc_pagam', 'doc_extra'],
      'rimb-aff-mutui': ['doc_acq', 'doc_extr_p', 'doc_pagam', 'doc_loan'],
      'conv-previdenza-integrativa': [],
    });
  });
});

describe('spec conformance: partner login pages (001 §2, §7; 002 §6)', () => {
  it('declares a page, and a route, for every partner login page of 001 §2', () => {
    expect(declaredPartners.map((p) => p.route_name)).toEqual(expect.arrayContaining(SPEC_PARTNER_PAGES));
    for (const name of SPEC_PARTNER_PAGES) expect(rule(name), name).toBeDefined();
  });

  it('puts the /ts pages in group ts, on the partner SSO login with the services and clusters of 001 §7', () => {
    for (const name of SPEC_TS_PAGES) {
      expect(rule(name)?.group, name).toBe('ts');
      const page = partner(name);
      expect(page?.call.name, name).toBe('sso_login_partner');
      expect(SPEC_TS_SERVICES, name).toContain(page?.call.body?.service);
      expect(SPEC_TS_CLUSTERS, name).toContain(page?.call.body?.cluster);
    }
    expect(partner('conv-home-activities')?.call.body?.cluster).toBe('home-activities');
    expect(partner('conv-eatinerari')?.call.body?.cluster).toBe('eatinerari');
  });

  it('gives the bitq pages their showcase ids and the salabam pages their services', () => {
    const cats = byRouteName(declaredPartners, (p) =>
      p.handoff.kind === 'form-post' ? p.handoff.cat : null,
    );
    expect(cats).toMatchObject(SPEC_BITQ_IDS);
    const salabam = byRouteName(declaredPartners, (p) => p.call.body?.service);
    expect(salabam).toMatchObject(SPEC_SALABAM_SERVICES);
  });

  it('opens the voucher pages through the voucher-portal SSO login, service 200 or 100', () => {
    expect(byRouteName(voucherPortalLogins, (login) => login.call.body?.service)).toMatchObject(
      SPEC_VOUCHER_PORTAL_SERVICES,
    );
  });
});

describe('spec conformance: home menu (000 §2)', () => {
  it('has the four sections of the spec, in the spec’s order, with Italian titles', () => {
    const keys = menu.map((section) => section.key);
    const positions = SPEC_MENU_SECTIONS.map((spec) => keys.indexOf(spec.key));
    expect(positions).not.toContain(-1);
    // In order relative to each other; a section added elsewhere does not matter.
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const spec of SPEC_MENU_SECTIONS)
      expect(
        textOf(messages, menu.find((section) => section.key === spec.key)!.section_title),
        spec.key,
      ).toBe(spec.title);
  });
});

describe('spec conformance: referent back office (002 §2.8, §6)', () => {
  it('declares every back-office route of 002 §2.8, for referents only, under /backoffice-refazi', () => {
    for (const name of SPEC_OFFICE_ROUTES) {
      expect(rule(name), name).toMatchObject({ group: 'backoffice-refazi', profile: 'ref_aziendale' });
      expect(rule(name)?.path, name).toMatch(/^\/backoffice-refazi\//);
    }
  });
});

describe('spec conformance: status sets (002 §4)', () => {
  it('labels the import job statuses of 002 §4.2, the last two by a success and a danger variant', () => {
    const jobs = statusSets['import-job'].values;
    expect(labelsOf(jobs)).toMatchObject(SPEC_IMPORT_JOB_STATUSES);
    expect(jobs.IMPORTED_SUCCESSFULLY.tone).toBe('success');
    expect(jobs.IMPORT_FAILED.tone).toBe('danger');
  });

  it('labels the Piattapasto order statuses of 002 §4.1', () => {
    expect(labelsOf(statusSets['piattapasto-order'].values)).toMatchObject(SPEC_ORDER_STATUSES);
  });

  it('tells a valid voucher from one that is not (002 §4.3, is_valid)', () => {
    expect(Object.keys(statusSets['voucher-validity'].values)).toEqual(
      expect.arrayContaining(['true', 'false']),
    );
  });
});
