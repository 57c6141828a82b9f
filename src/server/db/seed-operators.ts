/**
 * The demo's provider side (issue 26): two operators, for four eyes, and the provider's bank account,
 * made by the same provisioning a real installation runs (services/provisioning.ts), then given the
 * demo password and an active authenticator app (their TOTP secrets are in the README's demo table).
 * Chiara Neri pays (full IBANs, payout batches); Paolo Riva reviews only.
 */
import type { Kysely } from 'kysely';
import type { DB } from './schema';
import { provision } from '../services/provisioning';

export const DEMO_OPERATORS = [
  {
    email: 'chiara.neri@operatori.example.com',
    nome: 'Chiara',
    cognome: 'Neri',
    codice_fiscale: 'NRECHR85M41H501S',
    pagamenti: true,
    totpSecret: '354AUXGHTCGKAHL7ZNFYLPC4W2TEQCZW',
  },
  {
    email: 'paolo.riva@operatori.example.com',
    nome: 'Paolo',
    cognome: 'Riva',
    codice_fiscale: 'RVIPLA79A01F205N',
    pagamenti: false,
    totpSecret: 'FHLDUFCELOL6RBFEGWY2OCUMMICSCXA2',
  },
] as const;

export const DEMO_PROVIDER_ACCOUNT = {
  nome: 'Welfare Demo S.r.l.',
  iban: 'IT60X0542811101000000123456',
  bic: 'BPMOIT22XXX',
} as const;

/** Provisions the demo operators and account; answers their user ids (for the demo password). */
export async function seedOperators(db: Kysely<DB>, now: Date): Promise<number[]> {
  await provision(
    db,
    {
      customers: [],
      operators: DEMO_OPERATORS.map(({ totpSecret: _secret, ...entry }) => entry),
      accounts: [DEMO_PROVIDER_ACCOUNT],
    },
    { now },
  );
  const ids: number[] = [];
  for (const operator of DEMO_OPERATORS) {
    // The app is set up once: a secret an operator changed stays.
    const row = await db
      .updateTable('users')
      .set({ totp_secret: operator.totpSecret, otp_method: 'totp' })
      .where('email', '=', operator.email)
      .where('totp_secret', 'is', null)
      .returning('id')
      .executeTakeFirst();
    const id =
      row?.id ??
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', operator.email)
          .executeTakeFirstOrThrow()
      ).id;
    ids.push(id);
  }
  return ids;
}
