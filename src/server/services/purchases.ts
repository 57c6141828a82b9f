/**
 * Purchases declared in config/purchases (ARCHITECTURE.md §4, §6), with no per-purchase code:
 * `POST /api/crea_acquisto/{name}` takes the body the portal's purchase engine builds, resolves the
 * amount from the declaration (fixed, one of the cuts, a free amount within its limits: the shared
 * `checkPurchase`), requires the declared ticks, refuses an amount above the declared balance with the
 * declaration's own warning, then debits that balance in one ledger transaction with the declared
 * movement kind, `oggetto` and `soggetto`, storing the Idempotency-Key answer in the same transaction.
 */
import type { Kysely } from 'kysely';
import { formatFormMessage } from '../../shared/catalogues/forms';
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
  const fields = [
    ...Object.keys(purchase.body.constants ?? {}),
    ...purchase.ticks.map((tick) => tick.field),
    ...(purchase.amount.kind === 'fixed' ? [] : [amountFieldOf(purchase)]),
  ];
  if (new Set(fields).size !== fields.length) problems.push('campi del corpo ripetuti');
  // A code stock is per product or per amount: a free amount would need a stock per cent.
  if (purchase.delivers && purchase.amount.kind === 'free')
    problems.push('codici consegnati con importo libero');
  if (purchase.delivers?.lowStock !== undefined && !(purchase.delivers.lowStock >= 0)) {
    problems.push('livello di scorta non valido');
  }
  return problems;
}

/**
 * The body's JSON Schema, derived from the declaration (published in OpenAPI): the constants as
 * `const`, the amount as a wire string, the ticks as booleans, nothing else. Amount and ticks are not
 * `required` here: `checkPurchase` answers their absence with the purchase's own Italian texts.
 */
export function purchaseBodySchema(purchase: PurchaseDeclaration): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [field, value] of Object.entries(purchase.body.constants ?? {})) {
    properties[field] = { const: value };
    required.push(field);
  }
  if (purchase.amount.kind === 'product') {
    properties[purchase.amount.field] = {
      type: ['string', 'null'],
      maxLength: 100,
      description: `Codice del prodotto (catalogo \`${purchase.amount.catalogue}\`): il prezzo è quello del catalogo.`,
    };
  } else if (purchase.amount.kind !== 'fixed') {
    properties[amountFieldOf(purchase)] = {
      type: 'string',
      pattern: WIRE_AMOUNT,
      description: 'Importo scelto, in euro con il punto decimale (es. "25.00").',
    };
  }
  for (const tick of purchase.ticks) properties[tick.field] = { type: 'boolean' };
  return { type: 'object', additionalProperties: false, properties, required };
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
}

/** Checks and debits one purchase; answers 201 {id_acquisto} or throws the error answer. */
export async function submitPurchase(db: Kysely<DB>, input: PurchaseInput): Promise<StoredAnswer> {
  const { purchase, userId, body } = input;
  // A product purchase: the price is the catalogue's, never the body's.
  let product: CatalogueProduct | null = null;
  if (purchase.amount.kind === 'product') {
    const code = body[purchase.amount.field];
    if (typeof code === 'string' && code.trim() !== '') {
      product = await findCatalogueProduct(db, purchase.amount.catalogue, code, userId);
    }
  }
  const { amountCents, errors } = checkPurchase(purchase, body, product);
  if (Object.keys(errors).length > 0 || amountCents === null) throw new ApiError(400, errors);

  // The identifying PIN of gestione-pin (002 §2.6, §5; services/sellers.ts).
  if (purchase.requiresPin && !(await pinExists(db, userId))) {
    throw new ApiError(400, { non_field_errors: [formatFormMessage('formPurchasePinMissing')] });
  }

  // The warning the portal shows, answered before anything is written; the ledger checks again under
  // its lock (409) for a balance spent meanwhile.
  const available = await balances(db, userId);
  const creditCents = purchase.balance === 'art51c3' ? available.art51c3 : available.totale;
  if (amountCents > creditCents) {
    const field = purchase.amount.kind === 'fixed' ? 'non_field_errors' : amountFieldOf(purchase);
    throw new ApiError(400, {
      [field]: [formatFormMessage(purchase.texts.overCredit, { n: euro(creditCents) })],
    });
  }

  // A code comes from the supplier's stock: an empty one refuses before anything is debited.
  const today = romeDate();
  const stock = purchase.delivers ? stockKeyOf(purchase, product?.code ?? null, amountCents) : null;
  if (stock) await ensureInStock(db, purchase, stock, today);

  let soggetto = product?.soggetto ?? purchase.movement.soggetto;
  if (soggetto === undefined) {
    const user = await db
      .selectFrom('users')
      .select(['nome', 'cognome'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    soggetto = `${user.nome} ${user.cognome}`.trim();
  }
  const oggetto = product ? `${purchase.movement.oggetto}: ${product.name}` : purchase.movement.oggetto;

  let delivered: Delivery | null = null;
  const { purchase: made } = await debitPurchase(db, {
    userId,
    kind: purchase.movement.kind,
    amountCents,
    source: purchase.balance,
    oggetto,
    soggetto,
    payload: { ...body, acquisto: purchase.name },
    beforeCommit: async (trx, row) => {
      await product?.recheck?.(trx);
      if (purchase.delivers && stock) {
        // The last code may have gone meanwhile: the refusal undoes this transaction, debit included.
        const taken = await takeCode(trx, purchase, stock, row.id, today);
        const delivery: Delivery = {
          purchaseId: row.id,
          userId,
          productCode: product?.code ?? `${purchase.name}-${formatCents(amountCents)}`,
          productName: product?.name ?? `${purchase.title} ${formatEuro(amountCents)}`,
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
