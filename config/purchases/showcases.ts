/**
 * The purchases of the showcase screens (issue 13; spec 001 §2, §5, §7): the retailer voucher and the
 * fuel card (the price of a catalogue product, a code delivered), the app vouchers (one of the
 * denominations, at or below art. 51 c.3), the mutual-aid products (a section's from art. 51 c.3, the
 * supplementary health's from the total, then its SSO window).
 */
import { screenConstants } from '../screen-constants';
import type { ProductCatalogue, PurchaseBalance, PurchaseDeclaration, PurchaseText } from './types';

/** The app vouchers' denominations (`buoni_disp` of the toduba call, reused by appaga and ollipay). */
export const appVoucherCuts = ['5.00', '10.00', '25.00', '50.00', '100.00', '150.00'] as const;

/** A retailer's voucher (forn-aml), kind 5 from art. 51 c.3; its code arrives in the inbox and by mail. */
export const buonoAml = {
  name: 'buono-aml',
  route_name: 'forn-aml',
  title: 'purchaseVoucher',
  balance: 'art51c3',
  amount: { kind: 'product', catalogue: 'aml', field: 'product_code' },
  body: {},
  ticks: [],
  movement: { kind: 5, oggetto: 'purchaseVoucher' },
  texts: { overCredit: 'formAmountOverCreditArt51c3', success: 'formVoucherSuccess' },
  after: { kind: 'menu' },
  delivers: { kind: 'code', howTo: 'formVoucherHowTo' },
} as const satisfies PurchaseDeclaration;

/** The fuel card (bonus-benzina): once only, at most the year's limit, kind 12 from art. 51 c.3. */
export const bonusBenzina = {
  name: 'bonus-benzina',
  route_name: 'bonus-benzina',
  title: 'titleFuelBonus',
  balance: 'art51c3',
  amount: { kind: 'product', catalogue: 'benzina', field: 'product_code' },
  body: {},
  ticks: [],
  movement: { kind: 12, oggetto: 'titleFuelBonus' },
  texts: { overCredit: 'formAmountOverCreditArt51c3', success: 'formVoucherSuccess' },
  after: { kind: 'menu' },
  delivers: { kind: 'code', howTo: 'formFuelHowTo' },
} as const satisfies PurchaseDeclaration;

const appVoucher = (name: string, route_name: string, title: PurchaseText) =>
  ({
    name,
    route_name,
    title,
    balance: 'art51c3',
    amount: { kind: 'cuts', cuts: appVoucherCuts },
    body: { amountField: 'importo' },
    ticks: [],
    movement: { kind: 5, oggetto: title },
    texts: {
      overCredit: 'formAmountOverCreditArt51c3',
      success: 'formVoucherSuccess',
      amountMissing: 'formAppVoucherNoneChosen',
      noneOffered: 'formAppVoucherNoCredit',
    },
    after: { kind: 'menu' },
    delivers: { kind: 'code', howTo: 'formAppVoucherHowTo' },
  }) as const satisfies PurchaseDeclaration;

export const buonoOllipay = appVoucher('buono-ollipay', 'conv-ollipay', 'purchaseWfmVoucher');
export const buonoToduba = appVoucher('buono-toduba', 'conv-toduba', 'purchaseTodubaVoucher');
export const buonoAppaga = appVoucher('buono-appaga', 'conv-appaga', 'purchaseAppagaVoucher');

/** A mutual-aid product of a section (sez-eurete), from art. 51 c.3; its adhesion code is delivered. */
export const eureteSezione = {
  name: 'eurete',
  route_name: 'sez-eurete',
  title: 'titleEurete',
  balance: 'art51c3',
  amount: { kind: 'product', catalogue: 'eurete', field: 'product_slug' },
  body: {},
  ticks: [],
  movement: { kind: 6, oggetto: 'titleEurete' },
  texts: { overCredit: 'formAmountOverCreditArt51c3', success: 'formEureteSuccess' },
  after: { kind: 'menu' },
  delivers: { kind: 'code', howTo: 'formEureteHowTo' },
} as const satisfies PurchaseDeclaration;

/**
 * A product of the mutual-aid "100" page (conv-eurete-100, its fixed section `welfare_sociale_art100`):
 * art. 100 purposes, paid from the total like the other pages of the 100 family; its adhesion code is
 * delivered.
 */
export const eurete100 = {
  name: 'eurete-100',
  route_name: 'conv-eurete-100',
  title: 'formTitleEurete100',
  balance: 'totale',
  amount: { kind: 'product', catalogue: 'eurete-100', field: 'product_slug' },
  body: {},
  ticks: [],
  movement: { kind: 6, oggetto: 'formTitleEurete100' },
  texts: { overCredit: 'formAmountOverCredit', success: 'formEureteSuccess' },
  after: { kind: 'menu' },
  delivers: { kind: 'code', howTo: 'formEureteHowTo' },
} as const satisfies PurchaseDeclaration;

/** The supplementary health (conv-assirete, section `assistenza_sanitaria_integrativa`), from the total, then its SSO window. */
export const eureteSanitaria = {
  name: 'eurete-sanitaria',
  route_name: 'conv-assirete',
  title: 'titleHealth',
  balance: 'totale',
  amount: { kind: 'product', catalogue: 'eurete-sanitaria', field: 'product_slug' },
  body: {},
  ticks: [],
  movement: { kind: 8, oggetto: 'titleHealth' },
  texts: { overCredit: 'formAmountOverCredit', success: 'formEureteHealthSuccess' },
  after: { kind: 'sso-window', call: '/eurete_sso_link', bodyFields: ['product_slug'], urlField: 'sso_link' },
} as const satisfies PurchaseDeclaration;

export const showcasePurchases: readonly PurchaseDeclaration[] = [
  buonoAml,
  bonusBenzina,
  buonoOllipay,
  buonoToduba,
  buonoAppaga,
  eureteSezione,
  eurete100,
  eureteSanitaria,
];

/** The section the supplementary health buys from (re-exported for the server's catalogue). */
export const eureteHealthSection = screenConstants.eureteHealthSection;

/**
 * The mutual-aid sections with a page of their own, by the catalogue that sells them: the supplementary
 * health (conv-assirete) and the "100" page (conv-eurete-100). Every other section of the category is
 * sold by `eurete` from art. 51 c.3 and listed on conv-eurete-buoni.
 */
export const eureteOwnPageSections = {
  'eurete-sanitaria': screenConstants.eureteHealthSection,
  'eurete-100': screenConstants.eurete100Section,
} as const satisfies Partial<Record<ProductCatalogue, string>>;

/** The catalogue that sells a mutual-aid section's products. */
export function eureteCatalogueOf(sectionSlug: string): 'eurete' | keyof typeof eureteOwnPageSections {
  for (const [catalogue, slug] of Object.entries(eureteOwnPageSections)) {
    if (slug === sectionSlug) return catalogue as keyof typeof eureteOwnPageSections;
  }
  return 'eurete';
}

/** Which balance pays a mutual-aid section's products (the balance of the purchase of its catalogue). */
export function eureteBalanceOf(sectionSlug: string): PurchaseBalance {
  const catalogue = eureteCatalogueOf(sectionSlug);
  const purchase = showcasePurchases.find(
    (p) => p.amount.kind === 'product' && p.amount.catalogue === catalogue,
  );
  return purchase?.balance ?? 'art51c3';
}
