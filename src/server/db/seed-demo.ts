/**
 * Demo data (ARCHITECTURE.md §8), loaded at every start in demo mode. Idempotent: everything is keyed
 * by a natural key (customer slug, company name, e-mail, line rif_esterno, purchase Idempotency-Key,
 * notification rif_esterno), so a second run adds nothing and changes nothing. State that demo users
 * change (consents, profile data) is only inserted when missing, never reset.
 *
 * Every demo user's password is DEMO_PASSWORD (hashed once per run, only for users without one); the
 * TOTP users (mario.rossi, laura.bianchi, anna.gallo) have their secret active, anna.gallo's password
 * is expired, giulia.verdi gets codes by e-mail and luca.neri is not enrolled yet (ENROLL_OTP).
 *
 * The home's data (info popup, carousel slides, notifications) comes from seed-home.ts; the request
 * forms' data (suppliers, funds, links, Mario's beneficiaries, IBANs, documents and the payloads and
 * forms of his requests, purchases.form_route) from seed-forms.ts; a year of
 * company data for the referent (360 more employees with their requests, the advances accounts) from
 * seed-history.ts.
 *
 * Money moves only through the ledger, so balances and movements agree:
 * mario.rossi ends with totale 1500.00, of which art51c3 800.00, after a year of movements of every
 * kind 1-14 (loads, purchases in every state, one rejected purchase given back).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedOperators } from './seed-operators';
import type { Kysely } from 'kysely';
import { ssoProviders } from '../../../config/sso-providers';
import { parseCents } from '../../shared/money';
import { builtInSkins } from '../services/skin-gallery';
import { addDays, addMonths, romeDate } from '../services/calendar';
import { addCredit, approvePurchase, debitPurchase, payPurchase, rejectPurchase } from '../services/ledger';
import { hashPassword } from '../services/passwords';
import { codiceFiscale, demoEmail, demoPeople } from './demo-people';
import { MARIO_COVIP, seedForms } from './seed-forms';
import { seedBackOffice, startConsultantKey } from './seed-backoffice';
import { historyEmployees, seedCompanyYear } from './seed-history';
import { seedHome } from './seed-home';
import { seedSellers } from './seed-sellers';
import { seedShowcases } from './seed-showcases';
import { fillDemoStocks } from '../services/voucher-stock';
import { seedPiattapasto } from './seed-piattapasto';
import { seedMessages } from './seed-messages';
import { seedImports } from './seed-import';
import type { CreditSourceKind, DB, OtpMethod, Profile, PurchaseStatus, Skin } from './schema';

/** Every demo user's password (ARCHITECTURE.md §8). */
export const DEMO_PASSWORD = 'Welfare!2026';

const SKIN_DIR = fileURLToPath(new URL('../../../skins/initech-seed/', import.meta.url));

const cents = (euro: string): number => {
  const value = parseCents(euro);
  if (value === null) throw new Error(`importo demo non valido: ${euro}`);
  return value;
};

/** Noon UTC of a day: safely inside the same day in Rome. */
const noon = (day: string): Date => new Date(`${day}T11:00:00Z`);

function loadInitechSkin(): Skin {
  const base = JSON.parse(readFileSync(`${SKIN_DIR}skin.json`, 'utf8')) as Skin;
  const dataUrl = (file: string) =>
    `data:image/svg+xml;base64,${readFileSync(`${SKIN_DIR}${file}`).toString('base64')}`;
  return { ...base, login_logo: dataUrl(base.login_logo), navbar_logo: dataUrl(base.navbar_logo) };
}

interface DemoUser {
  email: string;
  nome: string;
  cognome: string;
  female: boolean;
  birth: string;
  comune: string;
  profile: Profile;
  company: string;
  customer: string;
  otpMethod: OtpMethod | null;
  totpSecret: string | null;
  consent: boolean;
  thresholdOk: boolean;
  passExpiry: string | null;
  covipFondo?: string | null;
  previdenzaOk?: boolean;
  ollipay?: { profile: string; registered: boolean };
  isCessato?: boolean;
}

const CUSTOMERS = [
  { slug: 'userportal', name: 'Userportal' },
  { slug: 'acme', name: 'Acme' },
  { slug: 'globex', name: 'Globex' },
  { slug: 'initech', name: 'Initech S.r.l.' },
] as const;

const COMPANIES = [
  { nome: 'Acme S.p.A.', customer: 'acme', localita: 'Milano' },
  { nome: 'Acme Servizi S.r.l.', customer: 'acme', localita: 'Bergamo' },
  { nome: 'Globex S.p.A.', customer: 'globex', localita: 'Torino' },
  { nome: 'Initech S.r.l.', customer: 'initech', localita: 'Bologna' },
  { nome: 'Userportal demo company', customer: 'userportal', localita: 'Roma' },
] as const;

const MAIN_USERS: DemoUser[] = [
  {
    email: 'mario.rossi@example.com',
    nome: 'Mario',
    cognome: 'Rossi',
    female: false,
    birth: '1980-01-01',
    comune: 'H501',
    profile: 'utente',
    company: 'Acme S.p.A.',
    customer: 'acme',
    otpMethod: 'totp',
    totpSecret: 'AGZACCMVTYGVEVCVFMPR5M3TNZ7XNOFN',
    consent: true,
    thresholdOk: true,
    passExpiry: null,
    covipFondo: MARIO_COVIP,
    previdenzaOk: true,
    ollipay: { profile: 'wfm', registered: true },
  },
  {
    email: 'giulia.verdi@example.com',
    nome: 'Giulia',
    cognome: 'Verdi',
    female: true,
    birth: '1988-08-14',
    comune: 'F205',
    profile: 'utente',
    company: 'Userportal demo company',
    customer: 'userportal',
    otpMethod: 'email',
    totpSecret: null,
    consent: true,
    thresholdOk: true,
    passExpiry: null,
  },
  {
    email: 'luca.neri@example.com',
    nome: 'Luca',
    cognome: 'Neri',
    female: false,
    birth: '1992-03-22',
    comune: 'L219',
    profile: 'utente',
    company: 'Globex S.p.A.',
    customer: 'globex',
    otpMethod: null,
    totpSecret: null,
    consent: false,
    thresholdOk: false,
    passExpiry: null,
  },
  {
    email: 'laura.bianchi@example.com',
    nome: 'Laura',
    cognome: 'Bianchi',
    female: true,
    birth: '1975-11-05',
    comune: 'F205',
    profile: 'ref_aziendale',
    company: 'Acme S.p.A.',
    customer: 'acme',
    otpMethod: 'totp',
    totpSecret: '4O6MPI2SDZCLF2RE5ZNLJ5ZRGCIBRD5F',
    consent: true,
    thresholdOk: true,
    passExpiry: null,
  },
  {
    email: 'anna.gallo@example.com',
    nome: 'Anna',
    cognome: 'Gallo',
    female: true,
    birth: '1984-06-30',
    comune: 'A944',
    profile: 'utente',
    company: 'Initech S.r.l.',
    customer: 'initech',
    otpMethod: 'totp',
    totpSecret: 'VWREACPMWYZ34NB2STLL3G3SOHMZI3BN',
    consent: true,
    thresholdOk: true,
    // Expired: the sign-in issue sends her through the expired-password renewal.
    passExpiry: '2020-01-01',
  },
];

/** Company employees for the referent's screens: 24 at Acme S.p.A., 12 at Acme Servizi. */
function companyEmployees(): DemoUser[] {
  const groups = [
    { company: 'Acme S.p.A.', domain: 'acme.example.com', people: demoPeople(24, 0) },
    { company: 'Acme Servizi S.r.l.', domain: 'acmeservizi.example.com', people: demoPeople(12, 24) },
  ];
  return groups.flatMap((group) =>
    group.people.map((p, i) => ({
      email: demoEmail(p, group.domain),
      ...p,
      profile: 'utente' as const,
      company: group.company,
      customer: 'acme',
      otpMethod: i % 3 === 0 ? ('email' as const) : null,
      totpSecret: null,
      consent: i % 4 !== 3,
      thresholdOk: true,
      passExpiry: null,
      isCessato: i === 5 || i === 17,
    })),
  );
}

export interface PurchasePlan {
  key: string;
  daysAgo: number;
  kind: number;
  amount: string;
  source: CreditSourceKind;
  oggetto: string;
  soggetto: string;
  status: PurchaseStatus;
}

/** Mario's year: ordinary purchases total 1300.00, art. 51 c.3 purchases 400.00 (see the module comment). */
export const MARIO_PURCHASES: PurchasePlan[] = [
  {
    key: 'seed-mario-p00',
    daysAgo: 600,
    kind: 6,
    amount: '250.00',
    source: 'totale',
    oggetto: 'Soggiorno termale',
    soggetto: 'Terme di Salsomaggiore',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p01',
    daysAgo: 335,
    kind: 1,
    amount: '120.00',
    source: 'totale',
    oggetto: 'Rimborso spese mediche',
    soggetto: 'Farmacia Centrale',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p02',
    daysAgo: 305,
    kind: 7,
    amount: '250.00',
    source: 'totale',
    oggetto: 'Versamento previdenza complementare',
    soggetto: 'Fondo Pensione Cometa',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p03',
    daysAgo: 300,
    kind: 5,
    amount: '100.00',
    source: 'art51c3',
    oggetto: 'Buono acquisto Amazon',
    soggetto: 'Amazon',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p04',
    daysAgo: 275,
    kind: 2,
    amount: '50.00',
    source: 'totale',
    oggetto: 'Ricarica carta Hype',
    soggetto: 'Hype',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p05',
    daysAgo: 245,
    kind: 6,
    amount: '75.00',
    source: 'totale',
    oggetto: 'Abbonamento palestra',
    soggetto: 'Gym Center Milano',
    status: 'rifiutato',
  },
  {
    key: 'seed-mario-p06',
    daysAgo: 240,
    kind: 3,
    amount: '180.00',
    source: 'totale',
    oggetto: 'Interessi mutuo prima casa',
    soggetto: 'Banca Popolare di Milano',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p07',
    daysAgo: 210,
    kind: 13,
    amount: '120.00',
    source: 'art51c3',
    oggetto: 'Bolletta energia elettrica',
    soggetto: 'Enel Energia',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p08',
    daysAgo: 205,
    kind: 8,
    amount: '100.00',
    source: 'totale',
    oggetto: 'Piano sanitario integrativo',
    soggetto: 'Cassa Assistenza Assirete',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p09',
    daysAgo: 190,
    kind: 9,
    amount: '50.00',
    source: 'totale',
    oggetto: 'Buoni pasto elettronici',
    soggetto: 'Piattapasto',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p10',
    daysAgo: 150,
    kind: 4,
    amount: '300.00',
    source: 'totale',
    oggetto: 'Centro estivo per i figli',
    soggetto: 'Centro estivo Arcobaleno',
    status: 'approvato',
  },
  {
    key: 'seed-mario-p11',
    daysAgo: 120,
    kind: 11,
    amount: '50.00',
    source: 'art51c3',
    oggetto: 'Preventivo abbonamento trasporto',
    soggetto: 'ATM Milano',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p12',
    daysAgo: 90,
    kind: 6,
    amount: '120.00',
    source: 'totale',
    oggetto: 'Biglietti parco divertimenti',
    soggetto: 'Gardaland',
    status: 'pagato',
  },
  {
    key: 'seed-mario-p13',
    daysAgo: 60,
    kind: 12,
    amount: '50.00',
    source: 'art51c3',
    oggetto: 'Bonus carburante',
    soggetto: 'Q8',
    status: 'approvato',
  },
  {
    key: 'seed-mario-p14',
    daysAgo: 30,
    kind: 1,
    amount: '130.00',
    source: 'totale',
    oggetto: 'Libri scolastici',
    soggetto: 'Libreria Mondadori',
    status: 'inserito',
  },
  {
    key: 'seed-mario-p15',
    daysAgo: 15,
    kind: 14,
    amount: '80.00',
    source: 'art51c3',
    oggetto: 'Canone di affitto',
    soggetto: 'Immobiliare Navigli',
    status: 'inserito',
  },
];

export interface SeedOptions {
  /** The seed's "today" (tests); default now. */
  now?: Date;
}

export async function seedDemo(db: Kysely<DB>, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const today = romeDate(now);
  const consultantKey = await startConsultantKey(db);

  // Customers and their server skins: reference data, kept up to date. Every demo customer takes
  // tokens of every SSO provider (the demo's `sso-token` links work for anyone).
  const initechSkin = JSON.stringify(loadInitechSkin());
  const sso_providers = ssoProviders.map((p) => p.slug);
  for (const c of CUSTOMERS) {
    const skin = c.slug === 'initech' ? initechSkin : null;
    await db
      .insertInto('customers')
      .values({ slug: c.slug, name: c.name, skin, sso_providers })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ name: c.name, skin }))
      .execute();
  }
  // The demo customers of the other built-in skins (the skin gallery links to their login pages).
  const named = new Set<string>(CUSTOMERS.map((c) => c.slug));
  const skinCustomers = builtInSkins()
    .filter(({ customer }) => !named.has(customer))
    .map(({ customer, skin }) => ({ slug: customer, name: skin.display_name, sso_providers }));
  if (skinCustomers.length > 0) {
    await db
      .insertInto('customers')
      .values(skinCustomers)
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  const customerIds = new Map(
    (await db.selectFrom('customers').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
  );
  const idOf = <K, V>(map: Map<K, V>, key: K): V => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`seed: chiave mancante ${String(key)}`);
    return value;
  };

  for (const c of COMPANIES) {
    await db
      .insertInto('companies')
      .values({ nome: c.nome, localita: c.localita, customer_id: idOf(customerIds, c.customer) })
      .onConflict((oc) => oc.column('nome').doNothing())
      .execute();
  }
  const companyIds = new Map(
    (await db.selectFrom('companies').select(['id_azienda', 'nome']).execute()).map((c) => [
      c.nome,
      c.id_azienda,
    ]),
  );

  // Users: inserted when missing; what a demo user changed stays.
  const everyone = [...MAIN_USERS, ...companyEmployees()];
  await db
    .insertInto('users')
    .values(
      everyone.map((u) => ({
        email: u.email,
        nome: u.nome,
        cognome: u.cognome,
        cod_fisc: codiceFiscale(u.cognome, u.nome, u.birth, u.female, u.comune),
        profile: u.profile,
        company_id: idOf(companyIds, u.company),
        customer_id: idOf(customerIds, u.customer),
        threshold_ok: u.thresholdOk,
        covip_fondo: u.covipFondo ?? null,
        previdenza_is_ok: u.previdenzaOk ?? false,
        ollipay_profile: u.ollipay?.profile ?? null,
        ollipay_reg_status: u.ollipay?.registered ?? false,
        password_hash: null,
        pass_expiry_date: u.passExpiry,
        totp_secret: u.totpSecret,
        otp_method: u.otpMethod,
        is_cessato: u.isCessato ?? false,
      })),
    )
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  // The referent's large company: several hundred more employees (seed-history.ts gives them a year).
  const bulk = historyEmployees();
  await db
    .insertInto('users')
    .values(
      bulk.map((u) => ({
        email: u.email,
        nome: u.nome,
        cognome: u.cognome,
        cod_fisc: u.cod_fisc,
        company_id: idOf(companyIds, u.company),
        customer_id: idOf(customerIds, 'acme'),
        password_hash: null,
        pass_expiry_date: null,
        totp_secret: null,
        otp_method: null,
        covip_fondo: null,
        ollipay_profile: null,
        is_cessato: u.isCessato,
      })),
    )
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const userIds = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where(
          'email',
          'in',
          everyone.map((u) => u.email),
        )
        .execute()
    ).map((u) => [u.email, u.id]),
  );
  const userId = (email: string) => idOf(userIds, email);
  const bulkIds = (
    await db
      .selectFrom('users')
      .select('id')
      .where(
        'email',
        'in',
        bulk.map((u) => u.email),
      )
      .execute()
  ).map((u) => u.id);
  await seedPasswords(db, [...userIds.values(), ...bulkIds], now);

  const consenting = everyone.filter((u) => u.consent);
  await db
    .insertInto('user_privacy')
    .values(
      consenting.map((u) => ({
        user_id: userId(u.email),
        privacy_servizio: true,
        privacy_dati_personali: true,
        decalogo_sicurezza: true,
        signature: `${u.nome} ${u.cognome}`,
      })),
    )
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();

  const laura = userId('laura.bianchi@example.com');
  await db
    .insertInto('referent_companies')
    .values([
      { user_id: laura, company_id: idOf(companyIds, 'Acme S.p.A.') },
      { user_id: laura, company_id: idOf(companyIds, 'Acme Servizi S.r.l.') },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'company_id']).doNothing())
    .execute();

  await seedMario(db, userId('mario.rossi@example.com'), today);
  await seedOthers(db, userId, today);
  await seedForms(db, { marioId: userId('mario.rossi@example.com'), now });
  await seedEmployeesCredit(db, userId, today);
  await seedCompanyYear(db, { today, companyIds });
  await seedBackOffice(db, { today, companyIds, consultantKey }); // referent back office (issue 16)
  // Its extra employees (two who left, a new hire) sign in with the demo password like every other.
  const backOfficeIds = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', '%@backoffice.%.example.com')
    .execute();
  await seedPasswords(
    db,
    backOfficeIds.map((u) => u.id),
    now,
  );
  // The provider's two demo operators and its bank account (issue 26), provisioned like a real one's.
  await seedPasswords(db, await seedOperators(db, now), now);
  await seedHome(db, {
    userId,
    customerId: (slug) => idOf(customerIds, slug),
    today,
    now,
    colleagues: companyEmployees()
      .filter((e) => e.company === 'Acme S.p.A.' && !e.isCessato)
      .slice(0, 3)
      .map((e) => userId(e.email)),
  });
  // Conventions (issue 14): categories, suppliers, consortia, articles, laura's vouchers.
  await seedSellers(db, { userId, companyId: (name) => idOf(companyIds, name) });
  await seedShowcases(db);
  // The suppliers' codes the showcase purchases hand out (issue 24): every stock topped up.
  await fillDemoStocks(db, now);
  await seedMessages(db, userId('laura.bianchi@example.com'));
  // Piattapasto (issue 17): settings of laura's companies and past orders.
  await seedPiattapasto(db, {
    companyId: (name) => idOf(companyIds, name),
    referentId: userId('laura.bianchi@example.com'),
    now,
  });
  // bulk credit import (issue 17): laura's past imports
  await seedImports(db, {
    companyId: (name) => idOf(companyIds, name),
    uploaderId: userId('laura.bianchi@example.com'),
    now,
  });
}

/**
 * Demo users without a password get DEMO_PASSWORD (argon2id of its SHA-256, one hash per run, and only
 * when some user needs it: a second run costs no hashing). A password a demo user changed stays.
 */
async function seedPasswords(db: Kysely<DB>, ids: number[], now: Date): Promise<void> {
  const missing = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('password_hash', 'is', null)
    .execute();
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const targets = missing.map((u) => u.id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', 'in', targets)
      .where('password_hash', 'is', null)
      .execute();
    await trx
      .insertInto('password_history')
      .values(targets.map((id) => ({ user_id: id, password_hash: passwordHash, created_at: now })))
      .execute();
  });
}

/** Mario's credit lines as of `today` (the calendar sweep checks them on every day of a year). */
export function marioLines(today: string) {
  return [
    // Last year's credit, expired with 50.00 unused: shown in the credit status as expired, 0.00 spendable.
    {
      rif: 'seed-mario-2024',
      fonte: 2,
      art: false,
      amount: '300.00',
      from: addMonths(today, -24),
      to: addDays(addMonths(today, -12), -1),
      oggetto: 'Piano welfare anno precedente',
    },
    {
      rif: 'seed-mario-ccnl',
      fonte: 1,
      art: false,
      amount: '1000.00',
      from: addMonths(today, -12),
      to: addMonths(today, 6),
      oggetto: 'Credito welfare da CCNL',
    },
    {
      rif: 'seed-mario-art51',
      fonte: 7,
      art: true,
      amount: '1200.00',
      from: addMonths(today, -12),
      to: addMonths(today, 9),
      oggetto: 'Credito art. 51 c.3 (fringe benefit)',
    },
    {
      rif: 'seed-mario-pdr',
      fonte: 4,
      art: false,
      amount: '1000.00',
      from: addMonths(today, -6),
      to: addMonths(today, 12),
      oggetto: 'Conversione premio di risultato',
    },
  ];
}

async function seedMario(db: Kysely<DB>, userId: number, today: string): Promise<void> {
  for (const l of marioLines(today)) {
    await addCredit(db, {
      userId,
      amountCents: cents(l.amount),
      fonte: l.fonte,
      isArt51c3: l.art,
      dataDecorrenza: l.from,
      dataScadenza: l.to,
      oggetto: l.oggetto,
      soggetto: 'Acme S.p.A.',
      rifEsterno: l.rif,
      at: noon(l.from),
    });
  }
  for (const p of MARIO_PURCHASES) await seedPurchase(db, userId, today, p);
}

/**
 * When a planned purchase is made (`daysAgo` days before `today`, at noon) and when an operator acts
 * on it: a week later, or today for a recent request.
 */
export function purchaseTimes(
  today: string,
  plan: Pick<PurchasePlan, 'daysAgo'>,
): { at: Date; actedAt: Date } {
  return {
    at: noon(addDays(today, -plan.daysAgo)),
    actedAt: noon(addDays(today, -Math.max(0, plan.daysAgo - 7))),
  };
}

async function seedPurchase(
  db: Kysely<DB>,
  userId: number,
  today: string,
  plan: PurchasePlan,
): Promise<void> {
  const { at, actedAt } = purchaseTimes(today, plan);
  const { purchase } = await debitPurchase(db, {
    userId,
    kind: plan.kind,
    amountCents: cents(plan.amount),
    source: plan.source,
    oggetto: plan.oggetto,
    soggetto: plan.soggetto,
    payload: { demo: true },
    idempotencyKey: plan.key,
    at,
  });
  const later = actedAt;
  if (purchase.status !== 'inserito' || plan.status === 'inserito') return;
  if (plan.status === 'rifiutato')
    await rejectPurchase(db, purchase.id, { at: later, motivo: 'Documentazione non conforme' });
  if (plan.status === 'approvato') await approvePurchase(db, purchase.id, later);
  if (plan.status === 'pagato') {
    await approvePurchase(db, purchase.id, later);
    await payPurchase(db, purchase.id, later);
  }
}

async function seedOthers(db: Kysely<DB>, userId: (email: string) => number, today: string): Promise<void> {
  const loads = [
    {
      email: 'giulia.verdi@example.com',
      rif: 'seed-giulia-reg',
      fonte: 2,
      art: false,
      amount: '450.00',
      months: -4,
    },
    {
      email: 'luca.neri@example.com',
      rif: 'seed-luca-ccnl',
      fonte: 1,
      art: false,
      amount: '400.00',
      months: -2,
    },
    {
      email: 'luca.neri@example.com',
      rif: 'seed-luca-art51',
      fonte: 7,
      art: true,
      amount: '200.00',
      months: -2,
    },
    {
      email: 'laura.bianchi@example.com',
      rif: 'seed-laura-acc',
      fonte: 3,
      art: false,
      amount: '600.00',
      months: -5,
    },
    {
      email: 'laura.bianchi@example.com',
      rif: 'seed-laura-art51',
      fonte: 7,
      art: true,
      amount: '200.00',
      months: -5,
    },
    {
      email: 'anna.gallo@example.com',
      rif: 'seed-anna-ccnl',
      fonte: 1,
      art: false,
      amount: '350.00',
      months: -3,
    },
    {
      email: 'anna.gallo@example.com',
      rif: 'seed-anna-art51',
      fonte: 7,
      art: true,
      amount: '150.00',
      months: -3,
    },
  ];
  for (const l of loads) {
    const from = addMonths(today, l.months);
    await addCredit(db, {
      userId: userId(l.email),
      amountCents: cents(l.amount),
      fonte: l.fonte,
      isArt51c3: l.art,
      dataDecorrenza: from,
      dataScadenza: addMonths(today, 12 + l.months),
      oggetto: l.art ? 'Credito art. 51 c.3 (fringe benefit)' : 'Credito welfare',
      rifEsterno: l.rif,
      at: noon(from),
    });
  }
  // Giulia spent 150.00 of 450.00: 300.00 left, none of it art. 51 c.3.
  await seedPurchase(db, userId('giulia.verdi@example.com'), today, {
    key: 'seed-giulia-p01',
    daysAgo: 20,
    kind: 1,
    amount: '150.00',
    source: 'totale',
    oggetto: 'Rimborso retta asilo nido',
    soggetto: 'Asilo nido Il Girotondo',
    status: 'pagato',
  });
}

/** Each Acme employee has an ordinary and an art. 51 c.3 line, expiring at varied dates. */
async function seedEmployeesCredit(
  db: Kysely<DB>,
  userId: (email: string) => number,
  today: string,
): Promise<void> {
  const expiries = [6, 45, 120, 200, 330];
  const employees = companyEmployees();
  for (const [i, e] of employees.entries()) {
    const id = userId(e.email);
    const from = addMonths(today, -3);
    const to = addDays(today, expiries[i % expiries.length] ?? 330);
    await addCredit(db, {
      userId: id,
      amountCents: (300 + ((i * 137) % 1200)) * 100,
      fonte: i % 2 === 0 ? 1 : 4,
      dataDecorrenza: from,
      dataScadenza: to,
      oggetto: i % 2 === 0 ? 'Credito welfare da CCNL' : 'Conversione premio di risultato',
      soggetto: e.company,
      rifEsterno: 'seed-emp-ord',
      at: noon(from),
    });
    await addCredit(db, {
      userId: id,
      amountCents: (i % 3 === 0 ? 2000 : 1000) * 100,
      fonte: 7,
      isArt51c3: true,
      dataDecorrenza: from,
      dataScadenza: to,
      oggetto: 'Credito art. 51 c.3 (fringe benefit)',
      soggetto: e.company,
      rifEsterno: 'seed-emp-art51',
      at: noon(from),
    });
  }
}
