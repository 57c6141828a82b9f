/**
 * The showcase calls' reads (issue 13, spec 001 §3, §7): voucher retailers and a retailer's products
 * (one page sorted by price, searched by name), the fuel card on offer, the app voucher denominations
 * within the credit, mutual-aid sections and a section's products the user's credit can buy. Money
 * leaves as wire strings; page sizes are the showcase declarations' (config/showcases).
 */
import { sql, type Kysely } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import { appVoucherCuts, eureteBalanceOf, eureteOwnPageSections } from '../../../config/purchases/showcases';
import { formatCents, parseCents } from '../../shared/money';
import { fuelBonusLimit, taxYear } from '../../shared/legal-figures';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import type { WireTypes } from '../../../schemas/wire-types.gen';
import { fuelCardsBought } from './catalogues';
import { balances } from './ledger';
import { pageOf, type PageSlice } from './paging';

/** `%` and `_` typed by the user match themselves in ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function amlRetailers(db: Kysely<DB>): Promise<WireTypes['aml-rivenditori']> {
  const rows = await db
    .selectFrom('aml_retailers')
    .select(['id', 'name', 'image_url'])
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return {
    count: rows.length,
    results: rows.map((r) => ({ RetailerId: Number(r.id), Name: r.name, ImageUrl: r.image_url })),
  };
}

export async function amlRetailer(db: Kysely<DB>, id: number): Promise<WireTypes['aml-rivenditore']> {
  const r = await db.selectFrom('aml_retailers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw ApiError.of(404, 'apiRetailerNotFound');
  return {
    RetailerId: Number(r.id),
    Name: r.name,
    ImageUrl: r.image_url,
    MerchantShortDescription: r.short_description,
    MerchantLongDescription: r.long_description,
  };
}

export interface ProductQuery {
  retailerId: number;
  filter: string;
  /** Cheapest first (`price_sort` true, the spec's), else by name. */
  priceSort: boolean;
}

/** One page of a retailer's products; the search is the name containing the text (trigram index). */
export async function amlProducts(
  db: Kysely<DB>,
  query: ProductQuery,
  slice: PageSlice,
): Promise<WireTypes['aml-prodotti']> {
  const retailer = await amlRetailer(db, query.retailerId);
  const base = () => {
    let q = db.selectFrom('aml_products').where('retailer_id', '=', query.retailerId);
    if (query.filter !== '') q = q.where('name', 'ilike', likePattern(query.filter));
    return q;
  };
  const page = await pageOf(
    slice,
    async () =>
      (
        await base()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    async ({ limit, offset }) => {
      let q = base().select(['product_code', 'name', 'price', 'image_url']);
      q = query.priceSort ? q.orderBy('price').orderBy('id') : q.orderBy('name').orderBy('id');
      return q.limit(limit).offset(offset).execute();
    },
  );
  return {
    count: page.count,
    results: page.results.map((p) => ({
      ProductCode: p.product_code,
      Name: p.name,
      Price: formatCents(Number(p.price)),
      ImageUrl: p.image_url,
      MerchantName: retailer.Name,
      MerchantImage150x150: retailer.ImageUrl,
      MerchantShortDescription: retailer.MerchantShortDescription,
      MerchantLongDescription: retailer.MerchantLongDescription,
    })),
  };
}

/**
 * The fuel card on offer (001 §4: 200 a card, 204 none): the dearest card within the year's limit and
 * the user's art. 51 c.3 credit, unless a card was bought already (once only).
 */
export async function fuelCardOnOffer(
  db: Kysely<DB>,
  userId: number,
  now = new Date(),
): Promise<WireTypes['carta-carburante'] | null> {
  if ((await fuelCardsBought(db, userId)) > 0) return null;
  const year = taxYear(now);
  const limit = fuelBonusLimit(year);
  const credit = (await balances(db, userId)).art51c3;
  const card = await db
    .selectFrom('fuel_cards')
    .select(['product_code', 'name', 'price', 'image_url'])
    .where('price', '<=', Math.min(limit, credit))
    .orderBy('price', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!card) return null;
  return {
    product_code: card.product_code,
    nome: card.name,
    importo: formatCents(Number(card.price)),
    immagine: card.image_url,
    limite: formatCents(limit),
    anno: year,
  };
}

/** The app voucher denominations at or below the user's art. 51 c.3 credit (`buoni_disp`). */
export async function appVoucherOffer(db: Kysely<DB>, userId: number): Promise<string[]> {
  const credit = (await balances(db, userId)).art51c3;
  return appVoucherCuts.filter((cut) => (parseCents(cut) ?? Infinity) <= credit);
}

/**
 * Mutual-aid sections of a category, but those with a page of their own (the supplementary health,
 * conv-assirete; the "100" page, conv-eurete-100).
 */
export async function eureteSections(
  db: Kysely<DB>,
  idCateg: number,
  slice: PageSlice,
): Promise<WireTypes['eurete-sezioni']> {
  const base = () =>
    db
      .selectFrom('eurete_sections')
      .where('id_categ', '=', idCateg)
      .where('slug_name', 'not in', Object.values(eureteOwnPageSections));
  const page = await pageOf(
    slice,
    async () =>
      (
        await base()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ({ limit, offset }) =>
      base()
        .select(['slug_name', 'nome', 'descrizione', 'icona'])
        .orderBy('position')
        .orderBy('nome')
        .limit(limit)
        .offset(offset)
        .execute(),
  );
  return page;
}

export async function eureteSection(db: Kysely<DB>, slug: string): Promise<WireTypes['eurete-sezione']> {
  const row = await db
    .selectFrom('eurete_sections')
    .select(['slug_name', 'nome', 'descrizione', 'icona'])
    .where('slug_name', '=', slug)
    .where('id_categ', '=', screenConstants.eureteSectionsCategory)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiEureteSectionNotFound');
  return row;
}

/**
 * One page of a section's products the user's credit can buy, cheapest first (001 §2: "Nessun elemento
 * acquistabile con il credito Art51c3 a disposizione"): art. 51 c.3 for a section, the total for the
 * sections with a page of their own (supplementary health, the "100" page): the balance of the purchase
 * that sells the section (config/purchases/showcases.ts `eureteBalanceOf`).
 */
export async function eureteProducts(
  db: Kysely<DB>,
  userId: number,
  slug: string,
  slice: PageSlice,
): Promise<WireTypes['eurete-prodotti']> {
  await eureteSection(db, slug);
  const credit = await balances(db, userId);
  const within = credit[eureteBalanceOf(slug)];
  const base = () =>
    db
      .selectFrom('eurete_products as p')
      .innerJoin('eurete_sections as s', 's.id', 'p.section_id')
      .where('s.slug_name', '=', slug)
      .where('p.costo', '<=', within);
  const page = await pageOf(
    slice,
    async () =>
      (
        await base()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ({ limit, offset }) =>
      base()
        .select([
          'p.slug_name',
          'p.nome',
          'p.costo',
          'p.descrizione',
          'p.icona',
          'p.url_scheda',
          'p.url_regolamento',
        ])
        .orderBy('p.costo')
        .orderBy('p.id')
        .limit(limit)
        .offset(offset)
        .execute(),
  );
  return {
    count: page.count,
    results: page.results.map((p) => ({ ...p, costo: formatCents(Number(p.costo)) })),
  };
}

/** Whether the user bought this supplementary-health product (the SSO link follows that purchase only). */
export async function boughtHealthProduct(db: Kysely<DB>, userId: number, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '!=', 'rifiutato')
    .where(sql<string>`payload->>'acquisto'`, '=', 'eurete-sanitaria')
    .where(sql<string>`payload->>'product_slug'`, '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}
