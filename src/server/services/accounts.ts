/**
 * The provider's operator and the people of an installation (issue 24, `npm run admin`): an employee
 * added one by one, an account disabled and enabled again, a second factor reset (with a mail), and
 * the lists of customers (with their login options), companies and users with their state.
 */
import { sql, type Kysely } from 'kysely';
import { formatMessage } from '../messages';
import { isValidTaxCode, normalizeTaxCode } from '../../shared/validators/codice-fiscale';
import { OPERATOR_CUSTOMER } from './operators';
import type { DB, OtpMethod } from '../db/schema';
import { revokeUserSessions } from './sessions';
import { composeMail, otpTypeOf } from './sign-in';
import { insertNewPerson, type Welcome } from './welcome-mail';

/** An operator's mistake, said in Italian. */
export class AccountError extends Error {}

export interface NewEmployee {
  email: string;
  nome: string;
  cognome: string;
  codiceFiscale: string;
  /** The partita IVA of a provisioned company. */
  partitaIva: string;
}

/** An employee of a provisioned company, with the welcome mail's token. */
export async function addEmployee(db: Kysely<DB>, input: NewEmployee, now = new Date()): Promise<Welcome> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AccountError(`Indirizzo e-mail non valido: ${input.email}`);
  if (!isValidTaxCode(input.codiceFiscale))
    throw new AccountError(`Codice fiscale non valido: ${input.codiceFiscale}`);
  if (!input.nome.trim() || !input.cognome.trim()) throw new AccountError('Nome e cognome sono obbligatori.');
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .selectFrom('companies as co')
      .innerJoin('customers as c', 'c.id', 'co.customer_id')
      .select(['co.id_azienda', 'co.customer_id', 'c.slug'])
      .where('co.partita_iva', '=', input.partitaIva)
      .executeTakeFirst();
    if (!company) throw new AccountError(`Nessuna azienda con partita IVA ${input.partitaIva}.`);
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new AccountError(`Esiste già un utente ${email}.`);
    const person = {
      email,
      nome: input.nome.trim(),
      cognome: input.cognome.trim(),
      cod_fisc: normalizeTaxCode(input.codiceFiscale),
      profile: 'utente' as const,
      company_id: company.id_azienda,
      customer_id: company.customer_id,
    };
    return (await insertNewPerson(trx, person, company.slug, now)).welcome;
  });
}

async function userOf(db: Kysely<DB>, email: string) {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select(['u.id', 'u.email', 'u.nome', 'u.cognome', 'u.disabled_at', 'c.slug as customer'])
    .where('u.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new AccountError(`Utente non trovato: ${email}`);
  return user;
}

/** Disables an account (its sessions end at once) or enables it again; false when it already was so. */
export async function setDisabled(
  db: Kysely<DB>,
  email: string,
  disabled: boolean,
  now = new Date(),
): Promise<boolean> {
  const user = await userOf(db, email);
  if ((user.disabled_at !== null) === disabled) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ disabled_at: disabled ? now : null })
      .where('id', '=', user.id)
      .execute();
    if (disabled) await revokeUserSessions(trx, user.id, now);
  });
  return true;
}

/**
 * Forgets a user's second factor (the next sign-in enrols again) and ends the sessions; the mail that
 * tells the user, with the login page's address.
 */
export async function resetSecondFactor(db: Kysely<DB>, email: string, baseUrl: string, now = new Date()) {
  const user = await userOf(db, email);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ otp_method: null, totp_secret: null, totp_last_step: null })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(trx, user.id, now);
  });
  return {
    to: user.email,
    subject: formatMessage('apiMailOtpResetSubject'),
    ...composeMail(
      `${user.nome} ${user.cognome}`,
      [formatMessage('apiMailOtpResetText')],
      `${baseUrl}/login/${encodeURIComponent(user.customer)}`,
    ),
  };
}

/** The operator's name of a second factor. */
export const SECOND_FACTOR_LABELS: Record<OtpMethod, string> = { totp: 'app (TOTP)', email: 'e-mail' };

/** Customers with their login options and how many companies and users they have. */
export function listCustomers(db: Kysely<DB>) {
  return (
    db
      .selectFrom('customers as c')
      .select([
        'c.slug',
        'c.name',
        'c.second_factors',
        'c.sso_providers',
        sql<number>`(SELECT count(*) FROM companies AS co WHERE co.customer_id = c.id)::int`.as('companies'),
        sql<number>`(SELECT count(*) FROM users AS u WHERE u.customer_id = c.id)::int`.as('users'),
      ])
      // The provider's own (its operators) is not a customer.
      .where('c.slug', '<>', OPERATOR_CUSTOMER)
      .orderBy('c.slug')
      .execute()
  );
}

/** Companies (of one customer, when given) with their employees. */
export function listCompanies(db: Kysely<DB>, customer?: string) {
  let query = db
    .selectFrom('companies as co')
    .innerJoin('customers as c', 'c.id', 'co.customer_id')
    .select([
      'co.partita_iva',
      'co.nome',
      'c.slug as customer',
      sql<number>`(SELECT count(*) FROM users AS u WHERE u.company_id = co.id_azienda)::int`.as('users'),
    ])
    .where('c.slug', '<>', OPERATOR_CUSTOMER)
    .orderBy('c.slug')
    .orderBy('co.nome');
  if (customer) query = query.where('c.slug', '=', customer);
  return query.execute();
}

export type UserState = 'attivo' | 'cessato' | 'disabilitato' | 'in attesa della password';

/** Users (of a customer, of a company by partita IVA) with profile, state and second factor. */
export async function listUsers(db: Kysely<DB>, filter: { customer?: string; partitaIva?: string } = {}) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .innerJoin('companies as co', 'co.id_azienda', 'u.company_id')
    .select([
      'u.email',
      'u.nome',
      'u.cognome',
      'u.profile',
      'c.slug as customer',
      'co.nome as company',
      'u.is_cessato',
      'u.disabled_at',
      'u.password_hash',
      'u.otp_method',
      'u.totp_secret',
      'c.second_factors',
    ])
    .orderBy('u.email');
  if (filter.customer) query = query.where('c.slug', '=', filter.customer);
  if (filter.partitaIva) query = query.where('co.partita_iva', '=', filter.partitaIva);
  return (await query.execute()).map((u) => ({
    email: u.email,
    name: `${u.nome} ${u.cognome}`,
    profile: u.profile,
    customer: u.customer,
    company: u.company,
    state: (u.disabled_at
      ? 'disabilitato'
      : u.is_cessato
        ? 'cessato'
        : u.password_hash
          ? 'attivo'
          : 'in attesa della password') satisfies UserState,
    // What the next sign-in asks, within the customer's login options.
    secondFactor: { MAIL_OTP: 'codice via e-mail', AUTH_OTP: 'app (TOTP)', ENROLL_OTP: 'da attivare' }[
      otpTypeOf(u)
    ],
  }));
}
