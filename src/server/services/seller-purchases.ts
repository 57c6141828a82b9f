/**
 * The `seller` option of a declared purchase (config/purchases/types.ts `PurchaseSeller`; spec 002
 * §2.3-§2.5, §7): what is particular to the conventions' purchases, run by the generic purchase
 * (services/purchases.ts `submitPurchase`) with no per-purchase code.
 *
 * - `article`: the body names an article of a supplier (`id_articolo`, `id_fornitore`,
 *   `codice_articolo`); it is looked up among those the user's company sees (404), must match its
 *   supplier and code (400) and be available (409); its discounted price is the amount, and one unit of
 *   its availability is taken inside the debit's transaction (a concurrent purchase of the last unit
 *   undoes this one, debit included).
 * - `consortium-voucher`: the body names a consortium (`id_consorzio`, 404 when the user does not see
 *   it); the multi-use voucher is written inside the debit's transaction with a unique code, today's
 *   date, its expiry and the amount as its credit (services/sellers.ts redeems it).
 *
 * Like every movement, its oggetto says what was bought and its soggetto who sells it (the supplier,
 * the consortium): never the employee, whom a company's view of the movements names in its own column.
 */
import type { Kysely, Transaction } from 'kysely';
import type { PurchaseDeclaration, PurchaseSeller } from '../../../config/purchases/types';
import { parseCents } from '../../shared/money';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { addMonths, romeDate } from './calendar';
import { articleInfo, newVoucherCode, supplierInfo } from './sellers';

/** What a seller's purchase adds to the generic one, once the body's item is found. */
export interface SoldItem {
  /** The price the seller sets (an article's discounted price); absent: the declared amount. */
  readonly priceCents?: number;
  /** What follows the declared oggetto on the movement. */
  readonly oggetto: string;
  /** Who sells (the movement's soggetto). */
  readonly soggetto: string;
  /** Written on the purchase's payload besides the body. */
  readonly payload?: Readonly<Record<string, unknown>>;
  /** Inside the debit's transaction, after the credit lines are locked; throws to undo the purchase. */
  readonly inTransaction: (
    trx: Transaction<DB>,
    made: { purchaseId: number; userId: number; amountCents: number },
  ) => Promise<void>;
}

/** The body fields each seller reads (besides the declared amount field and ticks). */
const ARTICLE_FIELDS = {
  id_articolo: { type: 'integer', minimum: 1 },
  id_fornitore: { type: 'integer', minimum: 1 },
  codice_articolo: { type: 'string', maxLength: 40 },
} as const;
const CONSORTIUM_FIELDS = { id_consorzio: { type: 'integer', minimum: 1 } } as const;

/**
 * The JSON Schema properties of the seller's fields and those required by the schema (an article's are
 * not: a missing one answers "articolo da acquistare non definito").
 */
export function sellerBodyFields(seller: PurchaseSeller): {
  properties: Record<string, unknown>;
  required: string[];
} {
  if (seller.kind === 'article') return { properties: { ...ARTICLE_FIELDS }, required: [] };
  return { properties: { ...CONSORTIUM_FIELDS }, required: ['id_consorzio'] };
}

/** A declared seller the server can honour, or the reasons it cannot (checked at startup). */
export function sellerProblems(purchase: PurchaseDeclaration): string[] {
  const problems: string[] = [];
  const { seller, amount } = purchase;
  const articleAmount = amount.kind === 'product' && amount.catalogue === 'articoli';
  if (!seller)
    return articleAmount ? ['il catalogo `articoli` è venduto solo da un fornitore (`seller`)'] : [];
  if (purchase.delivers) problems.push('un acquisto di un fornitore non consegna codici');
  if (seller.kind === 'article') {
    if (!articleAmount || amount.field !== 'id_articolo') {
      problems.push(
        "l'articolo si paga al suo prezzo: importo `product` del catalogo `articoli` in `id_articolo`",
      );
    }
  } else {
    if (amount.kind === 'product') problems.push('il buono di un consorzio ha un importo dichiarato');
    if (!(Number.isInteger(seller.validityMonths) && seller.validityMonths > 0)) {
      problems.push('validità del buono non valida');
    }
    if (purchase.requiresPin !== true)
      problems.push('il buono di un consorzio si riscatta con il PIN: requiresPin');
  }
  return problems;
}

/** A line of OpenAPI text saying what the seller adds. */
export function describeSeller(seller: PurchaseSeller): string {
  if (seller.kind === 'article') {
    return (
      'l’articolo `id_articolo` del fornitore `id_fornitore` con codice `codice_articolo` (campi mancanti: 400 ' +
      '«articolo da acquistare non definito»; fornitore o codice diversi: 400; articolo non visibile: 404; ' +
      'esaurito: 409), al prezzo scontato, una unità (la disponibilità cala di uno)'
    );
  }
  return (
    `un buono multiuso del consorzio \`id_consorzio\` (non visibile: 404), valido ${seller.validityMonths} mesi, ` +
    'con un codice e credito iniziale e residuo pari all’importo, riscattato presso gli affiliati con il PIN ' +
    'del titolare'
  );
}

const integer = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/** Finds the body's item for the user's company, or throws the seller's refusal. */
export async function findSoldItem(
  db: Kysely<DB>,
  seller: PurchaseSeller,
  body: Record<string, unknown>,
  companyId: number,
): Promise<SoldItem> {
  if (seller.kind === 'article') {
    const idArticolo = integer(body.id_articolo);
    const idFornitore = integer(body.id_fornitore);
    const codice = typeof body.codice_articolo === 'string' ? body.codice_articolo : undefined;
    if (
      idArticolo === undefined ||
      idFornitore === undefined ||
      codice === undefined ||
      codice.trim() === ''
    ) {
      throw ApiError.of(400, 'formProductUndefined');
    }
    const article = await articleInfo(db, companyId, idArticolo);
    if (article.id_fornitore !== idFornitore || article.codice_articolo !== codice) {
      throw ApiError.of(400, 'apiSellersArticleMismatch');
    }
    if (article.disponibilita_max < 1) throw ApiError.of(409, 'apiSellersArticleSoldOut');
    const supplier = await supplierInfo(db, companyId, idFornitore);
    const name = `${supplier.nome} ${supplier.cognome}`.trim();
    return {
      priceCents: parseCents(article.prezzo_scontato)!,
      oggetto: `${article.codice_articolo} - ${name}`,
      soggetto: name,
      payload: { descrizione: article.descrizione },
      inTransaction: async (trx) => {
        // One unit fewer on sale; none left (a concurrent purchase took it): the whole purchase is undone.
        const taken = await trx
          .updateTable('conv_articles')
          .set((eb) => ({ disponibilita_max: eb('disponibilita_max', '-', 1) }))
          .where('id', '=', article.id)
          .where('disponibilita_max', '>', 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw ApiError.of(409, 'apiSellersArticleSoldOut');
      },
    };
  }
  const idConsorzio = integer(body.id_consorzio);
  if (idConsorzio === undefined) throw ApiError.of(404, 'apiSellersConsortiumNotFound');
  const consortium = await supplierInfo(db, companyId, idConsorzio, { consortium: true });
  return {
    oggetto: consortium.nome,
    soggetto: `${consortium.nome} ${consortium.cognome}`.trim(),
    inTransaction: async (trx, made) => {
      const today = romeDate();
      await trx
        .insertInto('voucher_multiuso')
        .values({
          id_acquisto: made.purchaseId,
          user_id: made.userId,
          id_consorzio: idConsorzio,
          codice: newVoucherCode(),
          data_produzione: today,
          data_scadenza: addMonths(today, seller.validityMonths),
          credito_iniziale: made.amountCents,
          credito_residuo: made.amountCents,
        })
        .execute();
    },
  };
}
