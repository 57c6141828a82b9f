/**
 * The rules of a declared purchase (config/purchases), one implementation run by the portal's purchase
 * engine before the summary and by the server before debiting: the amount the declaration allows
 * (fixed, one of the cuts, a free amount within min/max in steps from min), the ticked boxes, and the
 * body sent (`POST /api/crea_acquisto/{name}`). Errors are `field -> Italian messages`.
 */
import { formatFormMessage } from './catalogues/forms';
import { euro, type Money, formatCents, parseCents } from './money';
import type { PurchaseDeclaration } from '../../config/purchases/types';

export type PurchaseBody = Record<string, unknown>;
export type PurchaseErrors = Record<string, string[]>;

export interface PurchaseCheck {
  /** The amount debited, when the body names an allowed one. */
  readonly amountCents: number | null;
  readonly errors: PurchaseErrors;
}

const cents = (wire: string): number => {
  const value = parseCents(wire);
  // A declaration with a malformed amount is a programming error: config tests refuse it.
  if (value === null) throw new Error(`importo dichiarato non valido: ${wire}`);
  return value;
};

/** The amounts a declaration allows, in cents, for display and for the checks. */
export function allowedCuts(declaration: PurchaseDeclaration): number[] | null {
  const { amount } = declaration;
  if (amount.kind === 'fixed') return [cents(amount.importo)];
  if (amount.kind === 'cuts') return amount.cuts.map(cents);
  return null;
}

/** The free amount's limits in cents (null for the other kinds). */
export function freeLimits(
  declaration: PurchaseDeclaration,
): { min: number; max: number; step: number } | null {
  const { amount } = declaration;
  if (amount.kind !== 'free') return null;
  return { min: cents(amount.min), max: cents(amount.max), step: cents(amount.step) };
}

/** The `{min:euro}`, `{max:euro}`, `{step:euro}` of the free amount's texts (null for the other kinds). */
export function freeLimitParams(
  declaration: PurchaseDeclaration,
): { min: Money; max: Money; step: Money } | null {
  const limits = freeLimits(declaration);
  if (!limits) return null;
  return { min: euro(limits.min), max: euro(limits.max), step: euro(limits.step) };
}

/** The body field of a chosen amount (`importo` unless declared). */
export function amountFieldOf(declaration: PurchaseDeclaration): string {
  if (declaration.amount.kind === 'product') return declaration.amount.field;
  return declaration.body.amountField ?? 'importo';
}

/** A product of a catalogue as the purchase rules need it: its price (null: not in the catalogue). */
export interface PurchaseProduct {
  readonly priceCents: number;
}

function amountOf(
  declaration: PurchaseDeclaration,
  body: PurchaseBody,
  product: PurchaseProduct | null,
): PurchaseCheck {
  const { amount } = declaration;
  if (amount.kind === 'fixed') return { amountCents: cents(amount.importo), errors: {} };
  if (amount.kind === 'product') {
    const code = body[amount.field];
    // A code, or a catalogue's row id (an article's `id_articolo`).
    const named =
      typeof code === 'string' ? code.trim() !== '' : Number.isSafeInteger(code) && (code as number) > 0;
    // 001 §5: a product that is not defined (no code, or one its catalogue does not hold).
    if (!named || product === null || product.priceCents <= 0) {
      return { amountCents: null, errors: { [amount.field]: [formatFormMessage('formProductUndefined')] } };
    }
    return { amountCents: product.priceCents, errors: {} };
  }
  const field = amountFieldOf(declaration);
  const raw = body[field];
  const value = typeof raw === 'string' ? parseCents(raw) : null;
  if (value === null || value <= 0) {
    const missing = declaration.texts.amountMissing ?? 'formPurchaseAmountMissing';
    return { amountCents: null, errors: { [field]: [formatFormMessage(missing)] } };
  }
  if (amount.kind === 'cuts') {
    return allowedCuts(declaration)?.includes(value)
      ? { amountCents: value, errors: {} }
      : { amountCents: null, errors: { [field]: [formatFormMessage('formPurchaseAmountNotACut')] } };
  }
  const limits = freeLimits(declaration)!;
  const texts = freeLimitParams(declaration)!;
  if (value < limits.min || value > limits.max) {
    return {
      amountCents: null,
      errors: { [field]: [formatFormMessage('formPurchaseAmountOutOfRange', texts)] },
    };
  }
  if ((value - limits.min) % limits.step !== 0) {
    return { amountCents: null, errors: { [field]: [formatFormMessage('formPurchaseAmountStep', texts)] } };
  }
  return { amountCents: value, errors: {} };
}

/**
 * The amount and the ticks of a body against its declaration (the balance is the ledger's check). A
 * product purchase passes the product its code names (the showcase's item, the server's catalogue row).
 */
export function checkPurchase(
  declaration: PurchaseDeclaration,
  body: PurchaseBody,
  product: PurchaseProduct | null = null,
): PurchaseCheck {
  const { amountCents, errors } = amountOf(declaration, body, product);
  for (const tick of declaration.ticks) {
    if (body[tick.field] !== true) errors[tick.field] = [formatFormMessage('formPurchaseTickMissing')];
  }
  return { amountCents, errors };
}

export interface PurchaseChoice {
  /** The amount chosen (wire string), for cuts and free amounts. */
  readonly amount?: string | null;
  /** Ticked boxes by field. */
  readonly ticked?: Readonly<Record<string, boolean>>;
  /** The chosen product's code, for a product purchase. */
  readonly product?: string | null;
}

/** The body the portal sends: the declared constants, the chosen amount and the ticked boxes. */
export function purchaseBody(declaration: PurchaseDeclaration, choice: PurchaseChoice): PurchaseBody {
  const body: PurchaseBody = { ...(declaration.body.constants ?? {}) };
  if (declaration.amount.kind === 'product') {
    body[declaration.amount.field] = choice.product ?? null;
  } else if (declaration.amount.kind !== 'fixed') {
    const typed = choice.amount ? parseCents(choice.amount) : null;
    // Sent in the wire format ("25.00") whatever the user typed ("25", "25.5").
    body[amountFieldOf(declaration)] = typed === null ? (choice.amount ?? null) : formatCents(typed);
  }
  for (const tick of declaration.ticks) body[tick.field] = choice.ticked?.[tick.field] === true;
  return body;
}

/** The path of the purchase's call, under the API base. */
export function purchaseCall(declaration: PurchaseDeclaration): string {
  return `/crea_acquisto/${encodeURIComponent(declaration.name)}`;
}
