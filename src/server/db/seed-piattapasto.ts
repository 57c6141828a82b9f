/**
 * Demo data of Piattapasto (issue 17; spec 002 §2.8, §4.1, §5) for laura.bianchi's companies:
 * - Acme S.p.A.: complete settings (repas, 8,00 € a voucher, VAT 4%, client code RP-10452) and three
 *   past orders: one COMPLETED two months ago, one ERROR last month (an employee without codice
 *   fiscale refused by the supplier), one TO_VALIDATE left under review;
 * - Acme Servizi S.r.l.: incomplete settings (pellegrini without client code), so the screen shows
 *   the alert and keeps the upload disabled.
 * Idempotent: settings are written only when missing, orders carry a natural key (`rif_esterno`).
 */
import type { Kysely } from 'kysely';
import type { DB, PiattapastoOrderError, PiattapastoOrderStatus } from './schema';

const DAY = 86_400_000;

interface OrderSeed {
  key: string;
  status: PiattapastoOrderStatus;
  daysAgo: number;
  vouchers: number[];
  errors?: 'no-tax-code';
}

const ORDERS: OrderSeed[] = [
  { key: 'seed-piatta-1', status: 'COMPLETED', daysAgo: 62, vouchers: [20, 18, 21] },
  { key: 'seed-piatta-2', status: 'ERROR', daysAgo: 31, vouchers: [19, 20], errors: 'no-tax-code' },
  { key: 'seed-piatta-3', status: 'TO_VALIDATE', daysAgo: 0, vouchers: [22, 21] },
];

export async function seedPiattapasto(
  db: Kysely<DB>,
  options: { companyId: (name: string) => number; referentId: number; now: Date },
): Promise<void> {
  const acme = options.companyId('Acme S.p.A.');
  const servizi = options.companyId('Acme Servizi S.r.l.');
  await db
    .insertInto('piattapasto_settings')
    .values([
      {
        company_id: acme,
        valore_buono: 800,
        iva_buono: 40,
        codice_cliente: 'RP-10452',
        fornitore: 'repas',
        updated_by: options.referentId,
      },
      {
        company_id: servizi,
        valore_buono: 700,
        iva_buono: null,
        codice_cliente: null,
        fornitore: 'pellegrini',
        updated_by: options.referentId,
      },
    ])
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();

  const employees = await db
    .selectFrom('users')
    .select(['id', 'nome', 'cognome', 'email', 'cod_fisc'])
    .where('company_id', '=', acme)
    .where('profile', '=', 'utente')
    .where('is_cessato', '=', false)
    .orderBy('cod_fisc', 'desc')
    .orderBy('id')
    .execute();
  const withTaxCode = employees.filter((e) => e.cod_fisc.trim() !== '');
  const withoutTaxCode = employees.find((e) => e.cod_fisc.trim() === '');

  for (const seed of ORDERS) {
    const exists = await db
      .selectFrom('piattapasto_orders')
      .select('id')
      .where('company_id', '=', acme)
      .where('rif_esterno', '=', seed.key)
      .executeTakeFirst();
    if (exists) continue;
    const people = withTaxCode.slice(0, seed.vouchers.length);
    if (seed.errors === 'no-tax-code' && withoutTaxCode) people[people.length - 1] = withoutTaxCode;
    if (people.length < seed.vouchers.length) continue;
    const created = new Date(options.now.getTime() - seed.daysAgo * DAY);
    const done = seed.status === 'COMPLETED' || seed.status === 'ERROR';
    const refused: PiattapastoOrderError[] =
      seed.errors && withoutTaxCode
        ? [
            {
              email: withoutTaxCode.email,
              nome: `${withoutTaxCode.nome} ${withoutTaxCode.cognome}`,
              errore: 'Codice fiscale mancante.',
            },
          ]
        : [];
    const order = await db
      .insertInto('piattapasto_orders')
      .values({
        company_id: acme,
        created_by: options.referentId,
        created,
        status: seed.status,
        fornitore: 'repas',
        codice_cliente: 'RP-10452',
        valore_buono: 800,
        iva_buono: 40,
        file_name: `ordine_${created.toISOString().slice(0, 10)}.csv`,
        confirmed_by: done ? options.referentId : null,
        confirmed_at: done ? new Date(created.getTime() + 5 * 60_000) : null,
        start_time: done ? new Date(created.getTime() + 6 * 60_000) : null,
        stop_time: done ? new Date(created.getTime() + 6 * 60_000 + 2_000) : null,
        json_error_detail: JSON.stringify(refused),
        rif_fornitore: done ? `REPAS-S${seed.key.slice(-1)}` : null,
        rif_esterno: seed.key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('piattapasto_order_rows')
      .values(
        people.map((p, i) => ({
          order_id: order.id,
          riga: i + 2,
          user_id: p.id,
          nome: `${p.nome} ${p.cognome}`,
          email: p.email,
          nbuoni: seed.vouchers[i] ?? 1,
          val_buoni: (seed.vouchers[i] ?? 1) * 800,
        })),
      )
      .execute();
  }
}
