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
 * Outside demo mode no real supplier is wired here: the order ends in ERROR with
 * "Nessun collegamento con il fornitore dei buoni pasto è configurato."
 */
import type { Kysely } from 'kysely';
import type { DB, PiattapastoOrderError } from '../db/schema';
import { formatMessage } from '../messages';
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
