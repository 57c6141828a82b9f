/**
 * The meal-voucher suppliers over HTTP (issue 24): the portal's client of the signed protocol documented
 * in config/meal-voucher-suppliers.ts, and what both sides share (the signatures, the shapes of an
 * order, an outcome and a refusal). The supplier's side is meal-voucher-supplier-server.ts.
 *
 * The client keeps `sendOrder`'s contract (services/piattapasto.ts): a 422 of the supplier is its refusal
 * of the whole order (`SupplierError`, the order ends in ERROR with the supplier's reason); anything else
 * that is not a valid signed answer (network, timeout, 5xx, a wrong signature, a body of another shape)
 * is a `SupplierTransportError`, which the job retries with the same reference.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Ajv } from 'ajv';
import {
  mealVoucherClockSkewSeconds,
  mealVoucherMaxBodyBytes,
  mealVoucherRequestTimeoutMs,
} from '../../../config/meal-voucher-suppliers';
import { screenConstants } from '../../../config/screen-constants';
import type { MealVoucherSupplierSecret, MealVoucherSupplierSecrets } from '../plugins/env';
import { formatMessage } from '../messages';
import {
  SupplierError,
  type MealVoucherSupplier,
  type SupplierOrder,
  type SupplierOutcome,
} from './piattapasto';

// ---------------------------------------------------------------------------------------------
// What both sides share

/** The signature headers, lower case (as Node reports them). */
export const SIGNATURE_HEADERS = {
  timestamp: 'x-welfare-timestamp',
  nonce: 'x-welfare-nonce',
  signature: 'x-welfare-signature',
} as const;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const TIMESTAMP_PATTERN = /^\d{1,12}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
/** `rif_ordine`: the idempotency key, also a path segment of the GET. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

/** A request's nonce: new for every request, retries included. */
export const newNonce = (): string => randomBytes(16).toString('base64url');

function hmac(key: string, head: string, body: string | Buffer): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(head, 'utf8').update(body).digest('hex');
}

/** A request's signature: over `<timestamp>.<nonce>.<METHOD>.<path>.<raw body>`. */
export function signRequest(
  key: string,
  request: { timestamp: string; nonce: string; method: string; path: string; body: string | Buffer },
): string {
  return hmac(key, `${request.timestamp}.${request.nonce}.${request.method}.${request.path}.`, request.body);
}

/** An answer's signature: over `<timestamp>.<request nonce>.<status>.<raw body>`. */
export function signAnswer(
  key: string,
  answer: { timestamp: string; nonce: string; status: number; body: string | Buffer },
): string {
  return hmac(key, `${answer.timestamp}.${answer.nonce}.${answer.status}.`, answer.body);
}

/** Compares two signatures in constant time; a malformed one never matches. */
export function signatureMatches(expected: string, given: string): boolean {
  if (!SIGNATURE_PATTERN.test(given) || !SIGNATURE_PATTERN.test(expected)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** The timestamp is Unix seconds within `mealVoucherClockSkewSeconds` of the clock (ms). */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!TIMESTAMP_PATTERN.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= mealVoucherClockSkewSeconds;
}

const ajv = new Ajv({ allowUnionTypes: true });
const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

// Extra properties are allowed (a newer version of either side may add some) and dropped on reading.
const orderSchema = {
  type: 'object',
  required: ['rif_ordine', 'fornitore', 'codice_cliente', 'valore_buono', 'iva_buono', 'righe'],
  properties: {
    rif_ordine: { type: 'string', pattern: REFERENCE_PATTERN.source },
    fornitore: text(50, 1),
    codice_cliente: { type: ['string', 'null'], maxLength: 100 },
    valore_buono: { type: 'integer', minimum: 1, maximum: 10_000_000 },
    iva_buono: { type: ['number', 'null'], minimum: 0, maximum: 100 },
    righe: {
      type: 'array',
      minItems: 1,
      maxItems: screenConstants.piattapastoCsvMaxRows,
      items: {
        type: 'object',
        required: ['email', 'nome', 'cod_fisc', 'nbuoni'],
        properties: {
          email: text(320, 1),
          nome: text(300),
          cod_fisc: text(32),
          nbuoni: { type: 'integer', minimum: 1, maximum: 999 },
        },
      },
    },
  },
} as const;

const outcomeSchema = {
  type: 'object',
  required: ['rif_fornitore', 'rifiutati'],
  properties: {
    rif_fornitore: text(200, 1),
    rifiutati: {
      type: 'array',
      maxItems: screenConstants.piattapastoCsvMaxRows,
      items: {
        type: 'object',
        required: ['email', 'nome', 'errore'],
        properties: { email: text(320), nome: text(300), errore: text(1000, 1) },
      },
    },
  },
} as const;

const refusalSchema = {
  type: 'object',
  required: ['errore'],
  properties: { errore: text(1000, 1) },
} as const;

const orderShape = ajv.compile<SupplierOrder>(orderSchema);
const outcomeShape = ajv.compile<SupplierOutcome>(outcomeSchema);
const refusalShape = ajv.compile<{ errore: string }>(refusalSchema);

/** The order a request body carries (its known fields only), or null when it is not one. */
export function readSupplierOrder(data: unknown): SupplierOrder | null {
  if (!orderShape(data)) return null;
  return {
    rif_ordine: data.rif_ordine,
    fornitore: data.fornitore,
    codice_cliente: data.codice_cliente,
    valore_buono: data.valore_buono,
    iva_buono: data.iva_buono,
    righe: data.righe.map((r) => ({ email: r.email, nome: r.nome, cod_fisc: r.cod_fisc, nbuoni: r.nbuoni })),
  };
}

/** The outcome an answer carries (its known fields only), or null when it is not one. */
export function readSupplierOutcome(data: unknown): SupplierOutcome | null {
  if (!outcomeShape(data)) return null;
  return {
    rif_fornitore: data.rif_fornitore,
    rifiutati: data.rifiutati.map((r) => ({ email: r.email, nome: r.nome, errore: r.errore })),
  };
}

// ---------------------------------------------------------------------------------------------
// The client

/** No valid answer from the supplier (network, timeout, status, signature, shape): the job retries. */
export class SupplierTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SupplierTransportError';
  }
}

export interface HttpMealVoucherOptions {
  /** Per supplier code: its key and base address; null or absent = not configured. */
  suppliers: MealVoucherSupplierSecrets;
  /** Milliseconds before a call is given up (default `mealVoucherRequestTimeoutMs`). */
  timeoutMs?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/** The body of an answer, refused past the size limit (a supplier does not fill the portal's memory). */
async function readBody(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > mealVoucherMaxBodyBytes) {
    await response.body?.cancel();
    throw new Error(`risposta di ${declared} byte, oltre il limite`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > mealVoucherMaxBodyBytes) {
      await reader.cancel();
      throw new Error('risposta oltre il limite di dimensione');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const reasonOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * The HTTP client of the meal-voucher suppliers, dispatching on the order's supplier code. A supplier
 * without its key and address is not configured: its orders are refused as today
 * (`apiPiattaSupplierNotConfigured`) and it never received anything (`outcome` null).
 */
export function httpMealVoucherSupplier(options: HttpMealVoucherOptions): MealVoucherSupplier {
  const timeoutMs = options.timeoutMs ?? mealVoucherRequestTimeoutMs;
  const now = options.now ?? Date.now;
  const secretOf = (fornitore: string): MealVoucherSupplierSecret | null =>
    Object.hasOwn(options.suppliers, fornitore) ? (options.suppliers[fornitore] ?? null) : null;

  /** One signed call; its status and parsed JSON body once the answer's signature checked out. */
  async function call(
    fornitore: string,
    secret: MealVoucherSupplierSecret,
    method: 'GET' | 'POST',
    path: string,
    body: string | null,
  ): Promise<{ status: number; data: unknown }> {
    const url = new URL(secret.url + path);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = newNonce();
    const headers: Record<string, string> = {
      accept: 'application/json',
      [SIGNATURE_HEADERS.timestamp]: timestamp,
      [SIGNATURE_HEADERS.nonce]: nonce,
      [SIGNATURE_HEADERS.signature]: signRequest(secret.key, {
        timestamp,
        nonce,
        method,
        path: url.pathname,
        body: body ?? '',
      }),
    };
    if (body !== null) headers['content-type'] = 'application/json; charset=utf-8';
    let response: Response;
    let raw: Buffer;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body !== null ? { body } : {}),
        // The body's reading is bounded too: the signal aborts the stream.
        signal: AbortSignal.timeout(timeoutMs),
        // The path is signed: a redirect would be another request, never followed.
        redirect: 'error',
      });
      raw = await readBody(response);
    } catch (error) {
      throw new SupplierTransportError(
        `fornitore ${fornitore}: ${method} ${url.pathname} senza risposta (${reasonOf(error)})`,
        { cause: error },
      );
    }
    const status = response.status;
    const answerTimestamp = response.headers.get(SIGNATURE_HEADERS.timestamp) ?? '';
    const signed =
      response.headers.get(SIGNATURE_HEADERS.nonce) === nonce &&
      timestampFresh(answerTimestamp, now()) &&
      signatureMatches(
        signAnswer(secret.key, { timestamp: answerTimestamp, nonce, status, body: raw }),
        response.headers.get(SIGNATURE_HEADERS.signature) ?? '',
      );
    if (!signed) {
      throw new SupplierTransportError(
        `fornitore ${fornitore}: risposta HTTP ${status} a ${method} ${url.pathname} senza una firma valida`,
      );
    }
    let data: unknown;
    try {
      data = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null;
    } catch {
      data = undefined; // not JSON: no shape matches it
    }
    return { status, data };
  }

  const unexpected = (fornitore: string, what: string, status: number) =>
    new SupplierTransportError(`fornitore ${fornitore}: risposta inattesa a ${what} (HTTP ${status})`);

  return {
    async send(order) {
      const secret = secretOf(order.fornitore);
      if (!secret) throw new SupplierError(formatMessage('apiPiattaSupplierNotConfigured'));
      const { status, data } = await call(order.fornitore, secret, 'POST', '/ordini', JSON.stringify(order));
      if (status === 200) {
        const outcome = readSupplierOutcome(data);
        if (outcome) return outcome;
      }
      if (status === 422 && refusalShape(data)) throw new SupplierError(data.errore);
      throw unexpected(order.fornitore, `l'ordine ${order.rif_ordine}`, status);
    },
    async outcome(rifOrdine, fornitore) {
      // The job always names the supplier; without it there is nobody to ask.
      if (fornitore === undefined) {
        throw new SupplierTransportError(`ordine ${rifOrdine}: fornitore non indicato`);
      }
      const secret = secretOf(fornitore);
      if (!secret) return null;
      const { status, data } = await call(
        fornitore,
        secret,
        'GET',
        `/ordini/${encodeURIComponent(rifOrdine)}`,
        null,
      );
      if (status === 404) return null;
      if (status === 200) {
        const outcome = readSupplierOutcome(data);
        if (outcome) return outcome;
      }
      throw unexpected(fornitore, `la richiesta dell'esito di ${rifOrdine}`, status);
    },
  };
}
