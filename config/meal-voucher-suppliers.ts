/**
 * Meal-voucher suppliers (Piattapasto, spec 002 §2.8, §4.1; issue 24): how the portal reaches each one.
 * The known supplier codes are `screenConstants.piattapastoSuppliers` (pellegrini, repas, toduba); this
 * file gives each of them its connection, and the compiler refuses a code without one or one too many.
 *
 * Each supplier holds one key shared with the portal (environment variable `keyEnv`, at least 32
 * characters) and the base address of its service (`urlEnv`, http:// or https://, no query). Both or
 * neither: one without the other stops the start naming the missing one. With both, confirmed orders of
 * that supplier go to it over HTTP (in demo mode too, so a demo can be pointed at a real supplier);
 * without them the demo supplier this server simulates takes them in demo mode, and outside demo mode
 * the order ends in ERROR ("Nessun collegamento con il fornitore dei buoni pasto è configurato.").
 *
 * The protocol (client: src/server/services/meal-voucher-http.ts; the supplier's side, served for any
 * supplier implementation: src/server/services/meal-voucher-supplier-server.ts). JSON in UTF-8, `<url>`
 * the base address without trailing slashes:
 *
 * - `POST <url>/ordini`, body a `SupplierOrder` (src/server/services/piattapasto.ts):
 *   `{ rif_ordine, fornitore, codice_cliente, valore_buono (cents), iva_buono (percent or null),
 *   righe: [{ email, nome, cod_fisc, nbuoni }] }`. `rif_ordine` (1-100 characters of letters, digits,
 *   `.`, `_`, `-`) is the idempotency key: the same reference received again answers the first outcome
 *   and issues nothing more. Answers:
 *   200 `{ rif_fornitore, rifiutati: [{ email, nome, errore }] }`: the supplier's reference and the
 *       employees it refused with its Italian reason, the others got their vouchers;
 *   422 `{ errore }`: the whole order refused, the Italian reason shown to the referent (the order ends
 *       in ERROR; never retried);
 *   400 a body that is not an order, 401 a request not signed as below, 413 a body over
 *       `mealVoucherMaxBodyBytes` (a chunked one is cut off instead), 5xx the supplier's own trouble.
 * - `GET <url>/ordini/<rif_ordine>`: 200 the outcome as above, 404 `{ errore }` never received.
 *
 * Signatures, both ways, hex HMAC-SHA256 with the shared key (its UTF-8 bytes) as the HMAC key:
 * - every request carries `X-Welfare-Timestamp` (Unix seconds), `X-Welfare-Nonce` (16-128 characters of
 *   `A-Z a-z 0-9 _ -`, new for every request, retries included) and `X-Welfare-Signature` over
 *   `<timestamp>.<nonce>.<METHOD>.<path>.<raw body>`, where `<path>` is the request target's path as
 *   sent (with the base address's own path, percent-encoding kept, no query) and the body is empty for
 *   a GET. The supplier refuses (401) a missing or wrong signature, a timestamp more than
 *   `mealVoucherClockSkewSeconds` away from its clock and a nonce it has seen before;
 * - every answer, errors included, carries `X-Welfare-Timestamp` (the answer's own), `X-Welfare-Nonce`
 *   (the request's, echoed) and `X-Welfare-Signature` over `<timestamp>.<nonce>.<status>.<raw body>`.
 *   The portal takes nothing from an answer without a valid signature for its own nonce within the same
 *   window, nor from one whose body is not the documented shape.
 *
 * The portal gives up a call after `mealVoucherRequestTimeoutMs` and follows no redirect. A network
 * error, a timeout, any status but 200/422 (404 on the GET), an unsigned or badly signed or malformed
 * answer are transport errors: the order's job tries again later (the same reference, so nothing is
 * issued twice) and, after its last attempt, the order ends in ERROR saying the sending failed.
 */
import type { screenConstants } from './screen-constants';

export type MealVoucherSupplierCode = (typeof screenConstants.piattapastoSuppliers)[number];

export interface MealVoucherSupplierConnection {
  /** Environment variable of the shared key (at least 32 characters). */
  readonly keyEnv: string;
  /** Environment variable of the service's base address (http:// or https://). */
  readonly urlEnv: string;
}

export const mealVoucherSupplierConnections = {
  pellegrini: { keyEnv: 'MEAL_VOUCHER_KEY_PELLEGRINI', urlEnv: 'MEAL_VOUCHER_URL_PELLEGRINI' },
  repas: { keyEnv: 'MEAL_VOUCHER_KEY_REPAS', urlEnv: 'MEAL_VOUCHER_URL_REPAS' },
  toduba: { keyEnv: 'MEAL_VOUCHER_KEY_TODUBA', urlEnv: 'MEAL_VOUCHER_URL_TODUBA' },
} as const satisfies Record<MealVoucherSupplierCode, MealVoucherSupplierConnection>;

/** Accepted distance between a signature's timestamp and the receiver's clock, both ways. */
export const mealVoucherClockSkewSeconds = 300;
/** The portal gives up a call to a supplier after this long (the job tries again later). */
export const mealVoucherRequestTimeoutMs = 15_000;
/** The largest body either side reads (an order of the most rows a CSV may have fits well within). */
export const mealVoucherMaxBodyBytes = 8 * 1024 * 1024;
