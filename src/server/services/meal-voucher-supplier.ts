/**
 * The meal-voucher supplier a confirmed Piattapasto order is sent to (services/piattapasto.ts).
 *
 * In demo mode the server plays the supplier (ARCHITECTURE.md §8): `demoMealVoucherSupplier` keeps
 * what it received in `demo_meal_voucher_orders` (090-piattapasto.sql) and follows fixed rules:
 * - a supplier with a client code (pellegrini, repas) refuses the whole order when the code is
 *   missing or starts with `X` ("Codice cliente sconosciuto al fornitore.");
 * - it refuses an employee without a codice fiscale ("Codice fiscale mancante.") and one who would
 *   get more than `DEMO_MONTHLY_CAP` vouchers in the order ("Numero di buoni oltre il massimo mensile
 *   del fornitore (22).");
 * - it issues the vouchers of the others and answers a reference `<SUPPLIER>-<number>`;
 * - it tells what became of a `rif_ordine` (`outcome`: null if never received); the same reference
 *   received again answers the first outcome and issues nothing more (`times_received` counts).
 *
 * Which supplier an order goes to (`mealVoucherSupplierFor`, the one choice of the server's job and of
 * the operator command), per supplier code: with its MEAL_VOUCHER_KEY_* and MEAL_VOUCHER_URL_* set, the
 * real supplier over the signed HTTP protocol of config/meal-voucher-suppliers.ts (meal-voucher-http.ts;
 * in demo mode too); else, in demo mode, the demo supplier; else none (`unconfiguredSupplier`): the
 * order ends in ERROR with "Nessun collegamento con il fornitore dei buoni pasto è configurato."
 */
import type { Kysely } from 'kysely';
import type { DB, PiattapastoOrderError } from '../db/schema';
import { formatMessage } from '../messages';
import type { MealVoucherSupplierSecrets } from '../plugins/env';
import { httpMealVoucherSupplier } from './meal-voucher-http';
import { SupplierError, type MealVoucherSupplier, type SupplierOutcome } from './piattapasto';

/** The demo supplier's most vouchers per employee in one monthly order. */
export const DEMO_MONTHLY_CAP = 22;

export function demoMealVoucherSupplier(db: Kysely<DB>): MealVoucherSupplier {
  return {
    async outcome(rifOrdine) {
      const known = await db
        .selectFrom('demo_meal_voucher_orders')
        .select('esito')
        .where('rif_ordine', '=', rifOrdine)
        .executeTakeFirst();
      return known?.esito ?? null;
    },
    async send(order): Promise<SupplierOutcome> {
      const known = await db
        .selectFrom('demo_meal_voucher_orders')
        .select('esito')
        .where('rif_ordine', '=', order.rif_ordine)
        .executeTakeFirst();
      if (!known && order.fornitore !== 'toduba' && !/^[^Xx]/.test(order.codice_cliente ?? '')) {
        throw new SupplierError(formatMessage('apiPiattaSupplierClientCode'));
      }
      const rifiutati: PiattapastoOrderError[] = [];
      let issued = 0;
      for (const row of order.righe) {
        if (!row.cod_fisc.trim()) {
          rifiutati.push({
            email: row.email,
            nome: row.nome,
            errore: formatMessage('apiPiattaSupplierNoTaxCode'),
          });
        } else if (row.nbuoni > DEMO_MONTHLY_CAP) {
          rifiutati.push({
            email: row.email,
            nome: row.nome,
            errore: formatMessage('apiPiattaSupplierMonthlyCap', { max: DEMO_MONTHLY_CAP }),
          });
        } else {
          issued += row.nbuoni;
        }
      }
      const rifFornitore = `${order.fornitore.toUpperCase()}-${order.rif_ordine.replace(/\D/g, '')}`;
      const esito = { rif_fornitore: rifFornitore, rifiutati };
      // One row per reference: a second delivery keeps the first outcome and counts itself.
      const stored = await db
        .insertInto('demo_meal_voucher_orders')
        .values({
          rif_ordine: order.rif_ordine,
          fornitore: order.fornitore,
          codice_cliente: order.codice_cliente,
          rif_fornitore: rifFornitore,
          esito: JSON.stringify(esito),
          buoni_emessi: issued,
        })
        .onConflict((oc) =>
          oc.column('rif_ordine').doUpdateSet((eb) => ({
            times_received: eb('demo_meal_voucher_orders.times_received', '+', 1),
          })),
        )
        .returning('esito')
        .executeTakeFirstOrThrow();
      return stored.esito;
    },
  };
}

/** Outside demo mode: no supplier connection is configured, the order ends in ERROR saying so. */
export const unconfiguredSupplier: MealVoucherSupplier = {
  send() {
    return Promise.reject(new SupplierError(formatMessage('apiPiattaSupplierNotConfigured')));
  },
  outcome() {
    return Promise.resolve(null);
  },
};

/**
 * The supplier the orders are sent to, chosen per supplier code: its HTTP client when its variables are
 * set (demo mode or not), else the demo supplier in demo mode, else none.
 */
export function mealVoucherSupplierFor(
  config: { demo: boolean; mealVoucherSuppliers: MealVoucherSupplierSecrets },
  db: Kysely<DB>,
): MealVoucherSupplier {
  const http = httpMealVoucherSupplier({ suppliers: config.mealVoucherSuppliers });
  const otherwise = config.demo ? demoMealVoucherSupplier(db) : unconfiguredSupplier;
  const configured = (fornitore: string | undefined) =>
    fornitore !== undefined &&
    Object.hasOwn(config.mealVoucherSuppliers, fornitore) &&
    config.mealVoucherSuppliers[fornitore] != null;
  return {
    send: (order) => (configured(order.fornitore) ? http : otherwise).send(order),
    outcome: (rifOrdine, fornitore) =>
      (configured(fornitore) ? http : otherwise).outcome(rifOrdine, fornitore),
  };
}
