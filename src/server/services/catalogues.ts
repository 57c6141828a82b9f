/**
 * The product catalogues of the showcase purchases (config/purchases `amount.kind: 'product'`, issue 13):
 * a purchase names a code, the catalogue answers the price and the names written on the movement, or
 * null for a code it does not hold for this purchase (001 §5: "articolo da acquistare non definito").
 * A catalogue may refuse with its own reason (a second fuel card, a card above the year's limit, the
 * mutual-aid disclaimer not accepted) and may check again inside the debit's transaction, after the
 * user's credit lines are locked, so two purchases at once cannot both pass a "once only" rule.
 */
import { sql, type Kysely } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import { eureteCatalogueOf } from '../../../config/purchases/showcases';
import type { ProductCatalogue } from '../../../config/purchases/types';
import { fuelBonusLimit, taxYear } from '../../shared/legal-figures';
import { euro } from '../../shared/money';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';

export interface CatalogueProduct {
  readonly code: string;
  readonly priceCents: number;
  /** Written as the movement's `oggetto`. */
  readonly name: string;
  /** Written as the movement's `soggetto` (the retailer), when the catalogue knows it. */
  readonly soggetto?: string;
  /** Runs inside the debit's transaction, after the lines are locked; throws to refuse. */
  readonly recheck?: (trx: Kysely<DB>) => Promise<void>;
}

/** The purchase name the fuel card is bought under (config/purchases/showcases.ts). */
export const FUEL_PURCHASE = 'bonus-benzina';

/** Fuel cards bought by the user and not rejected (the card can be bought once: 001 §9). */
export async function fuelCardsBought(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'rifiutato')
    .where(sql<string>`payload->>'acquisto'`, '=', FUEL_PURCHASE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user accepted the mutual-aid disclaimer (001 §2). */
export async function eureteAccepted(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('eurete_agreements')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

function fuelRefusal(key: 'formFuelAlreadyBought'): ApiError {
  return new ApiError(400, { product_code: [formatMessage(key)] });
}

export async function findCatalogueProduct(
  db: Kysely<DB>,
  catalogue: ProductCatalogue,
  code: string,
  userId: number,
  now = new Date(),
): Promise<CatalogueProduct | null> {
  // The conventions' articles are priced by their seller (services/seller-purchases.ts), never by code.
  if (catalogue === 'articoli') return null;
  if (catalogue === 'aml') {
    const row = await db
      .selectFrom('aml_products as p')
      .innerJoin('aml_retailers as r', 'r.id', 'p.retailer_id')
      .select(['p.product_code', 'p.name', 'p.price', 'r.name as retailer'])
      .where('p.product_code', '=', code)
      .executeTakeFirst();
    return row
      ? {
          code: row.product_code,
          priceCents: Number(row.price),
          // The product's name says the amount, the retailer says where it is spent.
          name: `${row.retailer} – ${row.name}`,
          soggetto: row.retailer,
        }
      : null;
  }
  if (catalogue === 'benzina') {
    const row = await db
      .selectFrom('fuel_cards')
      .select(['product_code', 'name', 'price'])
      .where('product_code', '=', code)
      .executeTakeFirst();
    if (!row) return null;
    const year = taxYear(now);
    const limit = fuelBonusLimit(year);
    if (Number(row.price) > limit) {
      throw new ApiError(400, {
        product_code: [formatMessage('formFuelOverLimit', { limit: euro(limit), year })],
      });
    }
    if ((await fuelCardsBought(db, userId)) > 0) throw fuelRefusal('formFuelAlreadyBought');
    return {
      code: row.product_code,
      priceCents: Number(row.price),
      name: row.name,
      // The purchase just written counts: a second one in the same instant is refused here.
      recheck: async (trx) => {
        if ((await fuelCardsBought(trx, userId)) > 1) throw fuelRefusal('formFuelAlreadyBought');
      },
    };
  }
  // Mutual aid: a product of a section this catalogue sells (`eurete`: any section without a page of
  // its own; `eurete-sanitaria`, `eurete-100`: their fixed section only).
  const row = await db
    .selectFrom('eurete_products as p')
    .innerJoin('eurete_sections as s', 's.id', 'p.section_id')
    .select(['p.slug_name', 'p.nome', 'p.costo', 's.nome as sezione', 's.slug_name as section_slug'])
    .where('p.slug_name', '=', code)
    .where('s.id_categ', '=', screenConstants.eureteSectionsCategory)
    .executeTakeFirst();
  if (!row || eureteCatalogueOf(row.section_slug) !== catalogue) return null;
  if (!(await eureteAccepted(db, userId))) {
    throw new ApiError(403, { detail: formatMessage('formEureteDisclaimerRequired') });
  }
  return { code: row.slug_name, priceCents: Number(row.costo), name: row.nome, soggetto: row.sezione };
}
