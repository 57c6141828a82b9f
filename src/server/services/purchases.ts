/**
 * Purchases declared in config/purchases (ARCHITECTURE.md §4, §6), with no per-purchase code:
 * `POST /api/crea_acquisto/{name}` takes the body the portal's purchase engine builds, resolves the
 * amount from the declaration (fixed, one of the cuts, a free amount within its limits: the shared
 * `checkPurchase`), requires the declared ticks, refuses an amount above the declared balance with the
 * declaration's own warning, then debits that balance in one ledger transaction with the declared
 * movement kind, `oggetto` and `soggetto`, storing the Idempotency-Key answer in the same transaction.
 * A convention seller's purchase (the declaration's `seller`: an article, a consortium's voucher) first
 * finds the body's item for the user's company and adds its own writes to that transaction
 * (services/seller-purchases.ts).
 */
import type { Kysely } from 'kysely';
import { formatFormMessage } from '../../shared/catalogues/forms';
import { declaredText } from '../messages';
import { movementKindIds } from '../../../config/movement-kinds';
import type { PurchaseDeclaration } from '../../../config/purchases/types';
import { euro, formatCents, formatEuro } from '../../shared/money';
import { allowedCuts, amountFieldOf, checkPurchase, freeLimits } from '../../shared/purchases';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import type { Finish, StoredAnswer } from './idempotency';
import { balances, debitPurchase } from './ledger';
import { pinExists } from './sellers';
import type { Mailer } from '../plugins/mail';
import { findCatalogueProduct, type CatalogueProduct } from './catalogues';
import { deliverCode, mailCode, type Delivery } from './delivered-codes';
import { romeDate } from './calendar';
import { ensureInStock, expiryNote, stockKeyOf, takeCode, warnIfLow } from './voucher-stock';
import { loadApiSchemas } from '../plugins/schemas';
import {
  describeSeller,
  findSoldItem,
  sellerBodyFields,
  sellerProblems,
  type SoldItem,
} from './seller-purchases';

/** A wire amount ("25.00"); its range is the declaration's, checked by `checkPurchase`. */
const WIRE_AMOUNT = '^\\d{1,9}(\\.\\d{1,2})?$';

/**
 * A declaration the server can honour, or the reason it cannot: checked once at startup, so a wrong
 * declaration stops the server instead of debiting nonsense.
 */
export function purchaseDeclarationProblems(purchase: PurchaseDeclaration): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9][a-z0-9-]*$/.test(purchase.name)) problems.push('nome non in kebab-case');
  if (!(movementKindIds as readonly number[]).includes(purchase.movement.kind)) {
    problems.push(`tipo di movimento ${purchase.movement.kind} inesistente`);
  }
  try {
    const cuts = allowedCuts(purchase);
    if (cuts && (cuts.length === 0 || cuts.some((cut) => cut <= 0))) problems.push('tagli non validi');
    const limits = freeLimits(purchase);
    if (limits && !(limits.min > 0 && limits.step > 0 && limits.min <= limits.max)) {
      problems.push('limiti dell’importo libero non validi');
    }
  } catch (error) {
    problems.push((error as Error).message);
  }
  const sellerFields = purchase.seller ? Object.keys(sellerBodyFields(purchase.seller).properties) : [];
  // An article's product field is one of its seller's fields.
  const noAmountField = purchase.amount.kind === 'fixed' || sellerFields.includes(amountFieldOf(purchase));
  const fields = [
    ...Object.keys(purchase.body.constants ?? {}),
    ...purchase.ticks.map((tick) => tick.field),
    ...(noAmountField ? [] : [amountFieldOf(purchase)]),
    ...sellerFields,
  ];
  if (new Set(fields).size !== fields.length) problems.push('campi del corpo ripetuti');
  // A code stock is per product or per amount: a free amount would need a stock per cent.
  if (purchase.delivers && purchase.amount.kind === 'free')
    problems.push('codici consegnati con importo libero');
  if (purchase.delivers?.lowStock !== undefined && !(purchase.delivers.lowStock >= 0)) {
    problems.push('livello di scorta non valido');
  }
  problems.push(...sellerProblems(purchase));
  if (purchase.body.schema !== undefined)
    problems.push(...bodySchemaProblems(purchase, purchase.body.schema));
  return problems;
}

/** A body schema of schemas/api named by the declaration must exist, be closed and hold what it sends. */
function bodySchemaProblems(purchase: PurchaseDeclaration, id: string): string[] {
  const schema = loadApiSchemas().find((candidate) => candidate.$id === id);
  if (!schema) return [`schema del corpo ${id} inesistente in schemas/api`];
  const problems: string[] = [];
  if (schema.additionalProperties !== false) problems.push(`lo schema ${id} accetta campi non dichiarati`);
  const properties = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
  const sent = Object.keys(derivedProperties(purchase).properties);
  const missing = sent.filter((field) => !properties.includes(field));
  if (missing.length > 0) problems.push(`lo schema ${id} non ha i campi ${missing.join(', ')}`);
  return problems;
}

/**
 * The body's JSON Schema, derived from the declaration (published in OpenAPI): the constants as
 * `const`, the amount as a wire string, the ticks as booleans, nothing else. Amount and ticks are not
 * `required` here: `checkPurchase` answers their absence with the purchase's own Italian texts.
 */
export function purchaseBodySchema(purchase: PurchaseDeclaration): Record<string, unknown> {
  // The contract written in schemas/api (checked at startup to hold the declared fields).
  if (purchase.body.schema !== undefined) return { $ref: `${purchase.body.schema}#` };
  const { properties, required } = derivedProperties(purchase);
  return { type: 'object', additionalProperties: false, properties, required };
}

function derivedProperties(purchase: PurchaseDeclaration): {
  properties: Record<string, unknown>;
  required: string[];
} {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [field, value] of Object.entries(purchase.body.constants ?? {})) {
    properties[field] = { const: value };
    required.push(field);
  }
  if (purchase.seller) {
    // The seller's own fields (an article's names its product: no product code besides them).
    const seller = sellerBodyFields(purchase.seller);
    Object.assign(properties, seller.properties);
    required.push(...seller.required);
  }
  if (purchase.amount.kind === 'product') {
    if (!purchase.seller) {
      properties[purchase.amount.field] = {
        type: ['string', 'null'],
        maxLength: 100,
        description: `Codice del prodotto (catalogo \`${purchase.amount.catalogue}\`): il prezzo è quello del catalogo.`,
      };
    }
  } else if (purchase.amount.kind !== 'fixed') {
    properties[amountFieldOf(purchase)] = {
      type: 'string',
      pattern: WIRE_AMOUNT,
      description: 'Importo scelto, in euro con il punto decimale (es. "25.00").',
    };
  }
  for (const tick of purchase.ticks) properties[tick.field] = { type: 'boolean' };
  return { properties, required };
}

/** A line of OpenAPI text describing how the amount is chosen. */
export function describeAmount(purchase: PurchaseDeclaration): string {
  const { amount } = purchase;
  if (amount.kind === 'fixed') return `importo fisso ${amount.importo}`;
  if (amount.kind === 'cuts')
    return `uno dei tagli ${amount.cuts.join(', ')} in \`${amountFieldOf(purchase)}\``;
  if (amount.kind === 'product')
    return `il prezzo del prodotto il cui codice è in \`${amount.field}\` (catalogo \`${amount.catalogue}\`)`;
  return `importo libero in \`${amountFieldOf(purchase)}\` da ${amount.min} a ${amount.max}, a passi di ${amount.step}`;
}

/** The line of OpenAPI text of what is bought: the amount, and what the seller adds. */
export function describePurchase(purchase: PurchaseDeclaration): string {
  if (purchase.seller?.kind === 'article') return describeSeller(purchase.seller);
  const amount = describeAmount(purchase);
  return purchase.seller ? `${describeSeller(purchase.seller)}; ${amount}` : amount;
}

/**
 * Where the over-credit warning goes: under the field the amount was chosen in, or as a whole when
 * nothing was chosen (a fixed amount, a seller's article: the page's article).
 */
function overCreditField(purchase: PurchaseDeclaration): string {
  if (purchase.amount.kind === 'fixed' || purchase.seller?.kind === 'article') return 'non_field_errors';
  return amountFieldOf(purchase);
}

export interface PurchaseInput {
  purchase: PurchaseDeclaration;
  userId: number;
  /** The body, already valid against `purchaseBodySchema`. */
  body: Record<string, unknown>;
  /** The Idempotency-Key answer store (services/idempotency.ts), called inside the debit's transaction. */
  finish: Finish;
  /** Sends the delivered code's mail after the answer (declarations with `delivers`). */
  mail?: Mailer;
  /** Warned when a stock of codes runs low (the support address); null: the warning is only recorded. */
  operatorEmail?: string | null;
  /** The user's company (a seller's items are those it sees); read from the user when absent. */
  companyId?: number;
}

async function companyOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('company_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.company_id;
}

/** Checks and debits one purchase; answers 201 {id_acquisto} or throws the error answer. */
export async function submitPurchase(db: Kysely<DB>, input: PurchaseInput): Promise<StoredAnswer> {
  const { purchase, userId, body } = input;
  // A seller's item first: what the body names must be there for the user's company (else its refusal).
  const sold: SoldItem | null = purchase.seller
    ? await findSoldItem(db, purchase.seller, body, input.companyId ?? (await companyOf(db, userId)))
    : null;
  // A product purchase: the price is the catalogue's (or the seller's), never the body's.
  let product: CatalogueProduct | null = null;
  if (sold) {
    if (sold.priceCents !== undefined) {
      product = { code: '', priceCents: sold.priceCents, name: sold.oggetto, soggetto: sold.soggetto };
    }
  } else if (purchase.amount.kind === 'product') {
    const code = body[purchase.amount.field];
    if (typeof code === 'string' && code.trim() !== '') {
      product = await findCatalogueProduct(db, purchase.amount.catalogue, code, userId);
    }
  }
  const { amountCents, errors } = checkPurchase(purchase, body, product);
  if (Object.keys(errors).length > 0 || amountCents === null) throw new ApiError(400, errors);

  // The identifying PIN of gestione-pin (002 §2.6, §5; services/sellers.ts); a seller's purchase
  // answers as the conventions' calls do (`detail`).
  if (purchase.requiresPin && !(await pinExists(db, userId))) {
    if (sold) throw ApiError.of(400, 'formPurchasePinMissing');
    throw new ApiError(400, { non_field_errors: [formatFormMessage('formPurchasePinMissing')] });
  }

  // The warning the portal shows, answered before anything is written; the ledger checks again under
  // its lock (409) for a balance spent meanwhile.
  const available = await balances(db, userId);
  const creditCents = purchase.balance === 'art51c3' ? available.art51c3 : available.totale;
  if (amountCents > creditCents) {
    throw new ApiError(400, {
      [overCreditField(purchase)]: [formatFormMessage(purchase.texts.overCredit, { n: euro(creditCents) })],
    });
  }

  // A code comes from the supplier's stock: an empty one refuses before anything is debited.
  const today = romeDate();
  const stock = purchase.delivers ? stockKeyOf(purchase, product?.code ?? null, amountCents) : null;
  if (stock) await ensureInStock(db, purchase, stock, today);

  let soggetto = sold?.soggetto ?? product?.soggetto ?? purchase.movement.soggetto;
  if (soggetto === undefined) {
    const user = await db
      .selectFrom('users')
      .select(['nome', 'cognome'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    soggetto = `${user.nome} ${user.cognome}`.trim();
  }
  const declared = declaredText(purchase.movement.oggetto);
  const oggetto = sold ? `${declared} ${sold.oggetto}` : product ? `${declared}: ${product.name}` : declared;

  let delivered: Delivery | null = null;
  const { purchase: made } = await debitPurchase(db, {
    userId,
    kind: purchase.movement.kind,
    amountCents,
    source: purchase.balance,
    oggetto,
    soggetto,
    payload: { ...body, ...sold?.payload, acquisto: purchase.name },
    beforeCommit: async (trx, row) => {
      await product?.recheck?.(trx);
      await sold?.inTransaction(trx, { purchaseId: row.id, userId, amountCents });
      if (purchase.delivers && stock) {
        // The last code may have gone meanwhile: the refusal undoes this transaction, debit included.
        const taken = await takeCode(trx, purchase, stock, row.id, today);
        const delivery: Delivery = {
          purchaseId: row.id,
          userId,
          productCode: product?.code ?? `${purchase.name}-${formatCents(amountCents)}`,
          productName: product?.name ?? `${declaredText(purchase.title)} ${formatEuro(amountCents)}`,
          istruzioni: formatFormMessage(purchase.delivers.howTo) + expiryNote(taken.expiresOn),
          code: taken.code,
          expiresOn: taken.expiresOn,
        };
        await deliverCode(trx, delivery);
        delivered = delivery;
      }
      await input.finish(trx, { status: 201, body: { id_acquisto: row.id } });
    },
  });
  if (delivered && input.mail) {
    mailCode(db, input.mail, delivered);
    if (stock) warnIfLow(db, input.mail, input.operatorEmail ?? null, purchase, stock, today);
  }
  return { status: 201, body: { id_acquisto: made.id } };
}
