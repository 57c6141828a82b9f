/**
 * The welcome mail of a person the portal made (a bulk import's new employee, a provisioned
 * referent): a set-password link on the password-lost page, the tax code as the second proof.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { formatMessage } from '../messages';
import type { DB, Profile } from '../db/schema';
import { authRules } from './auth-rules';
import { hashToken } from './sessions';
import { composeMail } from './sign-in';

export interface Welcome {
  email: string;
  /** Name and surname. */
  name: string;
  /** The customer's code (the link's page is the customer's). */
  customer: string;
  /** The password-lost token (a `password_resets` row of kind `lost`). */
  token: string;
}

/** A person the operator makes: no password and no second factor yet. */
export interface NewPerson {
  email: string;
  nome: string;
  cognome: string;
  cod_fisc: string;
  profile: Profile;
  company_id: number;
  customer_id: number;
}

/**
 * Inserts the person and the single-use token of the welcome link (inside the caller's transaction);
 * the mail goes after the commit, with `welcomeMail`.
 */
export async function insertNewPerson(
  trx: Kysely<DB>,
  person: NewPerson,
  customer: string,
  now: Date,
): Promise<{ id: number; welcome: Welcome }> {
  const { id } = await trx
    .insertInto('users')
    .values({
      ...person,
      password_hash: null,
      pass_expiry_date: null,
      totp_secret: null,
      otp_method: null,
      covip_fondo: null,
      ollipay_profile: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('password_resets')
    .values({ token_hash: hashToken(token), user_id: id, kind: 'lost', created_at: now })
    .execute();
  return { id, welcome: { email: person.email, name: `${person.nome} ${person.cognome}`, customer, token } };
}

export function welcomeMail(baseUrl: string, welcome: Welcome) {
  const link = `${baseUrl}/password-lost/${encodeURIComponent(welcome.customer)}/${welcome.token}`;
  return {
    to: welcome.email,
    subject: formatMessage('apiMailImportWelcomeSubject'),
    ...composeMail(
      welcome.name,
      [formatMessage('apiMailImportWelcomeText', { minutes: authRules.resetLinkMinutes })],
      link,
    ),
  };
}
