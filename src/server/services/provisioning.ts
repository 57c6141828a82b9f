/**
 * Provisioning (issue 24): the customers (with their login options: second factors, SSO providers),
 * companies and referents of an installation, the provider's operators and bank accounts (issue 26), from a JSON document (schemas/admin/provisioning.json)
 * read by `npm run admin -- provision FILE`. Idempotent by natural keys (customer code, partita IVA,
 * e-mail): the same document twice changes nothing, a changed field is updated, login options left out
 * stay as they are, nothing is taken away without `prune` (and then only referents' management of
 * companies: customers and companies carry money and history and are never deleted here). A document
 * with any problem is refused whole, every problem named by its JSON path, nothing written. Each new
 * person gets the welcome mail with a set-password link, as the bulk import's new employees do.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql, type Kysely, type Transaction } from 'kysely';
import { findSsoProvider, ssoProviders } from '../../../config/sso-providers';
import type { Provisioning } from '../../../schemas/wire-types.gen';
import { isValidTaxCode, normalizeTaxCode } from '../../shared/validators/codice-fiscale';
import { isValidIban } from '../../shared/validators/iban';
import { isValidVatNumber } from '../../shared/validators/partita-iva';
import { OPERATOR_CUSTOMER } from './operators';
import type { DB, OtpMethod } from '../db/schema';
import { insertNewPerson, type Welcome } from './welcome-mail';

const SCHEMA_FILE = fileURLToPath(new URL('../../../schemas/admin/provisioning.json', import.meta.url));
/** The customer's skin, by reference. */
const SKIN_SCHEMA_FILE = fileURLToPath(new URL('../../../schemas/api/skin.json', import.meta.url));

/** JSON with its keys sorted, to compare a value with what jsonb gives back (keys reordered). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** Ajv's complaint in Italian, for the operator. */
function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `manca il campo «${String(params.missingProperty)}»`;
    case 'additionalProperties':
      return `campo non previsto «${String(params.additionalProperty)}»`;
    case 'type':
      return `tipo non valido (atteso ${String(params.type)})`;
    case 'pattern':
      return 'formato non valido';
    case 'format':
      return params.format === 'email' ? 'indirizzo e-mail non valido' : 'formato non valido';
    case 'minLength':
      return 'non può essere vuoto';
    case 'maxLength':
      return `al massimo ${String(params.limit)} caratteri`;
    case 'uniqueItems':
      return 'voci ripetute';
    case 'enum':
      return `valore non ammesso (ammessi: ${(params.allowedValues as unknown[]).join(', ')})`;
    case 'minItems':
      return params.limit === 1 ? 'non può essere vuoto' : `almeno ${String(params.limit)} valori`;
    default:
      return error.message ?? 'valore non valido';
  }
}

/** Every problem of a document: its schema, then the checksums and the references between entries. */
export function provisioningProblems(document: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema(JSON.parse(readFileSync(SKIN_SCHEMA_FILE, 'utf8')) as object);
    validator = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  }
  if (!validator(document))
    return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${describe(e)}`);
  const doc = document as Provisioning;
  const problems: string[] = [];
  const seen = {
    codes: new Map<string, string>(),
    vat: new Map<string, string>(),
    names: new Map<string, string>(),
    emails: new Map<string, string>(),
  };
  const once = (map: Map<string, string>, key: string, path: string, what: string) => {
    const first = map.get(key);
    if (first) problems.push(`${path}: ${what} già presente in ${first}`);
    else map.set(key, path);
  };
  doc.customers.forEach((customer, i) => {
    const at = `/customers/${i}`;
    once(seen.codes, customer.code, `${at}/code`, `il codice «${customer.code}»`);
    if (customer.code === OPERATOR_CUSTOMER)
      problems.push(`${at}/code: il codice «${OPERATOR_CUSTOMER}» è riservato agli operatori del fornitore`);
    customer.login?.sso_providers?.forEach((slug, s) => {
      if (!findSsoProvider(slug))
        problems.push(
          `${at}/login/sso_providers/${s}: provider di single sign-on sconosciuto «${slug}» ` +
            `(disponibili: ${ssoProviders.map((p) => p.slug).join(', ')})`,
        );
    });
    const own = new Set(customer.companies.map((c) => c.partita_iva));
    customer.companies.forEach((company, j) => {
      const path = `${at}/companies/${j}`;
      if (!isValidVatNumber(company.partita_iva))
        problems.push(`${path}/partita_iva: partita IVA non valida (cifra di controllo errata)`);
      once(seen.vat, company.partita_iva, `${path}/partita_iva`, `la partita IVA ${company.partita_iva}`);
      once(
        seen.names,
        company.ragione_sociale.trim().toLowerCase(),
        `${path}/ragione_sociale`,
        `la ragione sociale «${company.ragione_sociale}»`,
      );
      const code = company.codice_fiscale;
      if (code !== undefined && !(code.length === 11 ? isValidVatNumber(code) : isValidTaxCode(code)))
        problems.push(`${path}/codice_fiscale: codice fiscale non valido`);
    });
    customer.referents.forEach((referent, k) => {
      const path = `${at}/referents/${k}`;
      once(seen.emails, referent.email.toLowerCase(), `${path}/email`, `l'indirizzo ${referent.email}`);
      if (!isValidTaxCode(referent.codice_fiscale))
        problems.push(`${path}/codice_fiscale: codice fiscale non valido`);
      if (!own.has(referent.company))
        problems.push(`${path}/company: la partita IVA ${referent.company} non è tra le aziende del cliente`);
      referent.manages.forEach((vat, m) => {
        if (!own.has(vat))
          problems.push(`${path}/manages/${m}: la partita IVA ${vat} non è tra le aziende del cliente`);
      });
    });
  });
  doc.operators?.forEach((operator, k) => {
    const path = `/operators/${k}`;
    once(seen.emails, operator.email.toLowerCase(), `${path}/email`, `l'indirizzo ${operator.email}`);
    if (!isValidTaxCode(operator.codice_fiscale))
      problems.push(`${path}/codice_fiscale: codice fiscale non valido`);
  });
  const ibans = new Map<string, string>();
  doc.accounts?.forEach((account, k) => {
    const path = `/accounts/${k}`;
    if (!isValidIban(account.iban))
      problems.push(`${path}/iban: IBAN non valido (cifre di controllo errate)`);
    once(ibans, account.iban, `${path}/iban`, `l'IBAN ${account.iban}`);
  });
  return problems;
}

/** A document refused whole: every problem, by its JSON path. */
export class ProvisioningError extends Error {
  constructor(readonly problems: string[]) {
    super(`Documento di provisioning rifiutato:\n- ${problems.join('\n- ')}`);
  }
}

export interface ProvisioningResult {
  /** One line per entry that changed, in Italian. */
  changes: string[];
  /** The new people, for their welcome mails (sent after the commit). */
  welcomes: Welcome[];
}

/** Arbitrary constant shared by every operator ("prov" in ASCII): two provisionings take turns. */
const PROVISIONING_LOCK_ID = 0x70726f76;

/**
 * Makes the database say what the document says (after `provisioningProblems` found nothing), in one
 * transaction; a conflict with what the database holds (a company's partita IVA or an e-mail of another
 * customer) refuses the whole document.
 */
export async function provision(
  db: Kysely<DB>,
  document: Provisioning,
  options: { prune?: boolean; now?: Date } = {},
): Promise<ProvisioningResult> {
  const problems = provisioningProblems(document);
  if (problems.length > 0) throw new ProvisioningError(problems);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${PROVISIONING_LOCK_ID})`.execute(trx);
    const result: ProvisioningResult = { changes: [], welcomes: [] };
    const conflicts: string[] = [];
    for (const [i, customer] of document.customers.entries())
      await provisionCustomer(trx, customer, `/customers/${i}`, result, conflicts, options);
    // A document without an operators section leaves the operators alone, with --prune too: a
    // customers-only document must not disable every operator.
    if (document.operators !== undefined)
      await provisionOperators(trx, document.operators, result, conflicts, options);
    await provisionAccounts(trx, document.accounts ?? [], result);
    if (conflicts.length > 0) throw new ProvisioningError(conflicts);
    return result;
  });
}

type CustomerEntry = Provisioning['customers'][number];

const SECOND_FACTORS: readonly OtpMethod[] = ['totp', 'email'];

/**
 * The login options the document declares, in a fixed order (the order of the lists means nothing:
 * the same options in another order are no change); what it leaves out is absent, kept as it is.
 */
function loginOptionsOf(customer: CustomerEntry): { second_factors?: OtpMethod[]; sso_providers?: string[] } {
  const declared = customer.login ?? {};
  return {
    ...(declared.second_factors && {
      second_factors: SECOND_FACTORS.filter((f) => declared.second_factors!.includes(f)),
    }),
    ...(declared.sso_providers && {
      sso_providers: ssoProviders
        .map((p) => p.slug as string)
        .filter((slug) => declared.sso_providers!.includes(slug)),
    }),
  };
}

async function provisionCustomer(
  trx: Transaction<DB>,
  customer: CustomerEntry,
  at: string,
  result: ProvisioningResult,
  conflicts: string[],
  options: { prune?: boolean; now?: Date },
): Promise<void> {
  const existing = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'skin', 'second_factors', 'sso_providers'])
    .where('slug', '=', customer.code)
    .executeTakeFirst();
  // The skin under the customer's own code, whatever the document says.
  const skin = customer.skin ? { ...customer.skin, customer: customer.code } : null;
  const login = loginOptionsOf(customer);
  let customerId: number;
  if (!existing) {
    customerId = (
      await trx
        .insertInto('customers')
        .values({ slug: customer.code, name: customer.name, skin: skin && JSON.stringify(skin), ...login })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    result.changes.push(`cliente ${customer.code}: creato`);
  } else {
    customerId = existing.id;
    if (existing.name !== customer.name || canonical(existing.skin ?? null) !== canonical(skin)) {
      await trx
        .updateTable('customers')
        .set({ name: customer.name, skin: skin && JSON.stringify(skin) })
        .where('id', '=', customerId)
        .execute();
      result.changes.push(`cliente ${customer.code}: aggiornato`);
    }
    const options = {
      second_factors: login.second_factors ?? existing.second_factors,
      sso_providers: login.sso_providers ?? existing.sso_providers,
    };
    if (
      canonical(options.second_factors) !== canonical(existing.second_factors) ||
      canonical(options.sso_providers) !== canonical(existing.sso_providers)
    ) {
      await trx.updateTable('customers').set(options).where('id', '=', customerId).execute();
      result.changes.push(
        `cliente ${customer.code}: opzioni di accesso aggiornate (secondo fattore: ` +
          `${options.second_factors.join(', ')}; single sign-on: ${options.sso_providers.join(', ') || 'nessuno'})`,
      );
    }
  }

  const companyIds = new Map<string, number>();
  for (const [j, company] of customer.companies.entries()) {
    const path = `${at}/companies/${j}`;
    const wanted = {
      nome: company.ragione_sociale,
      codice_fiscale: company.codice_fiscale ?? null,
      localita: company.localita ?? null,
    };
    const found = await trx
      .selectFrom('companies')
      .select(['id_azienda', 'nome', 'codice_fiscale', 'localita', 'customer_id'])
      .where('partita_iva', '=', company.partita_iva)
      .executeTakeFirst();
    const sameName = await trx
      .selectFrom('companies')
      .select(['id_azienda', 'partita_iva'])
      .where('nome', '=', company.ragione_sociale)
      .executeTakeFirst();
    if (sameName && sameName.partita_iva !== company.partita_iva) {
      conflicts.push(
        `${path}/ragione_sociale: esiste già un'azienda «${company.ragione_sociale}» con un'altra partita IVA`,
      );
      continue;
    }
    if (found && found.customer_id !== customerId) {
      conflicts.push(
        `${path}/partita_iva: la partita IVA ${company.partita_iva} è di un'azienda di un altro cliente`,
      );
      continue;
    }
    if (!found) {
      const made = await trx
        .insertInto('companies')
        .values({ ...wanted, partita_iva: company.partita_iva, customer_id: customerId })
        .returning('id_azienda')
        .executeTakeFirstOrThrow();
      companyIds.set(company.partita_iva, made.id_azienda);
      result.changes.push(`azienda ${company.partita_iva} (${company.ragione_sociale}): creata`);
      continue;
    }
    companyIds.set(company.partita_iva, found.id_azienda);
    if (
      found.nome !== wanted.nome ||
      found.codice_fiscale !== wanted.codice_fiscale ||
      found.localita !== wanted.localita
    ) {
      await trx.updateTable('companies').set(wanted).where('id_azienda', '=', found.id_azienda).execute();
      result.changes.push(`azienda ${company.partita_iva} (${company.ragione_sociale}): aggiornata`);
    }
  }

  const declared = new Set<number>();
  for (const [k, referent] of customer.referents.entries()) {
    const path = `${at}/referents/${k}`;
    const companyId = companyIds.get(referent.company);
    if (companyId === undefined) continue; // its company was refused above
    const email = referent.email.toLowerCase();
    const wanted = {
      nome: referent.nome,
      cognome: referent.cognome,
      cod_fisc: normalizeTaxCode(referent.codice_fiscale),
      company_id: companyId,
      profile: 'ref_aziendale' as const,
    };
    const found = await trx
      .selectFrom('users')
      .select(['id', 'nome', 'cognome', 'cod_fisc', 'company_id', 'profile', 'customer_id'])
      .where('email', '=', email)
      .executeTakeFirst();
    let userId: number;
    if (found && found.customer_id !== customerId) {
      conflicts.push(`${path}/email: ${email} è un utente di un altro cliente`);
      continue;
    }
    if (!found) {
      const made = await insertNewPerson(
        trx,
        { ...wanted, email, customer_id: customerId },
        customer.code,
        options.now ?? new Date(),
      );
      userId = made.id;
      result.welcomes.push(made.welcome);
      result.changes.push(`referente ${email}: creato`);
    } else {
      userId = found.id;
      if (
        found.nome !== wanted.nome ||
        found.cognome !== wanted.cognome ||
        found.cod_fisc !== wanted.cod_fisc ||
        found.company_id !== wanted.company_id ||
        found.profile !== wanted.profile
      ) {
        await trx.updateTable('users').set(wanted).where('id', '=', userId).execute();
        result.changes.push(`referente ${email}: aggiornato`);
      }
    }
    declared.add(userId);
    const manages = referent.manages.flatMap((vat) => {
      const id = companyIds.get(vat);
      return id === undefined ? [] : [id];
    });
    const current = (
      await trx.selectFrom('referent_companies').select('company_id').where('user_id', '=', userId).execute()
    ).map((r) => r.company_id);
    const missing = manages.filter((id) => !current.includes(id));
    if (missing.length > 0) {
      await trx
        .insertInto('referent_companies')
        .values(missing.map((company_id) => ({ user_id: userId, company_id })))
        .execute();
      result.changes.push(`referente ${email}: gestisce ${missing.length} aziende in più`);
    }
    const extra = current.filter((id) => !manages.includes(id));
    if (options.prune && extra.length > 0) {
      await trx
        .deleteFrom('referent_companies')
        .where('user_id', '=', userId)
        .where('company_id', 'in', extra)
        .execute();
      result.changes.push(`referente ${email}: non gestisce più ${extra.length} aziende`);
    }
  }

  if (options.prune) {
    // Referents of this customer the document no longer names: no back office any more.
    const others = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('customer_id', '=', customerId)
      .where('profile', '=', 'ref_aziendale')
      .execute();
    for (const user of others.filter((u) => !declared.has(u.id))) {
      await trx.deleteFrom('referent_companies').where('user_id', '=', user.id).execute();
      await trx.updateTable('users').set({ profile: 'utente' }).where('id', '=', user.id).execute();
      result.changes.push(`referente ${user.email}: non più referente`);
    }
  }
}

type OperatorEntry = NonNullable<Provisioning['operators']>[number];

/**
 * The provider's operators: users of the reserved operators' customer with profile `operatore`, and
 * what each may do. With `prune`, an operator the document no longer names is disabled (their actions
 * stay in the audit log under their name).
 */
async function provisionOperators(
  trx: Transaction<DB>,
  operators: readonly OperatorEntry[],
  result: ProvisioningResult,
  conflicts: string[],
  options: { prune?: boolean; now?: Date },
): Promise<void> {
  const home = await trx
    .selectFrom('customers as cu')
    .innerJoin('companies as c', 'c.customer_id', 'cu.id')
    .select(['cu.id as customer_id', 'c.id_azienda'])
    .where('cu.slug', '=', OPERATOR_CUSTOMER)
    .orderBy('c.id_azienda')
    .executeTakeFirstOrThrow();
  const declared = new Set<number>();
  for (const [k, operator] of operators.entries()) {
    const path = `/operators/${k}`;
    const email = operator.email.toLowerCase();
    const customerIds: number[] = [];
    for (const [c, code] of (operator.clienti ?? []).entries()) {
      const customer = await trx
        .selectFrom('customers')
        .select('id')
        .where('slug', '=', code)
        .executeTakeFirst();
      if (!customer || code === OPERATOR_CUSTOMER)
        conflicts.push(`${path}/clienti/${c}: cliente sconosciuto «${code}»`);
      else customerIds.push(customer.id);
    }
    const found = await trx
      .selectFrom('users')
      .select(['id', 'nome', 'cognome', 'cod_fisc', 'profile', 'customer_id', 'disabled_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (found && (found.customer_id !== home.customer_id || found.profile !== 'operatore')) {
      conflicts.push(`${path}/email: ${email} è un utente di un cliente, non un operatore`);
      continue;
    }
    const wanted = {
      nome: operator.nome,
      cognome: operator.cognome,
      cod_fisc: normalizeTaxCode(operator.codice_fiscale),
    };
    let userId: number;
    if (!found) {
      const made = await insertNewPerson(
        trx,
        {
          ...wanted,
          email,
          profile: 'operatore',
          company_id: home.id_azienda,
          customer_id: home.customer_id,
        },
        OPERATOR_CUSTOMER,
        options.now ?? new Date(),
      );
      userId = made.id;
      result.welcomes.push(made.welcome);
      result.changes.push(`operatore ${email}: creato`);
    } else {
      userId = found.id;
      if (
        found.nome !== wanted.nome ||
        found.cognome !== wanted.cognome ||
        found.cod_fisc !== wanted.cod_fisc ||
        found.disabled_at !== null
      ) {
        await trx
          .updateTable('users')
          .set({ ...wanted, disabled_at: null })
          .where('id', '=', userId)
          .execute();
        result.changes.push(`operatore ${email}: aggiornato`);
      }
    }
    declared.add(userId);
    const rights = { can_pay: operator.pagamenti ?? false, all_customers: operator.clienti === undefined };
    const current = await trx
      .selectFrom('operators')
      .select(['can_pay', 'all_customers'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!current)
      await trx
        .insertInto('operators')
        .values({ user_id: userId, ...rights })
        .execute();
    else if (current.can_pay !== rights.can_pay || current.all_customers !== rights.all_customers) {
      await trx.updateTable('operators').set(rights).where('user_id', '=', userId).execute();
      if (found) result.changes.push(`operatore ${email}: permessi aggiornati`);
    }
    const served = (
      await trx.selectFrom('operator_customers').select('customer_id').where('user_id', '=', userId).execute()
    ).map((r) => r.customer_id);
    const same = served.length === customerIds.length && customerIds.every((id) => served.includes(id));
    if (!same) {
      await trx.deleteFrom('operator_customers').where('user_id', '=', userId).execute();
      if (customerIds.length > 0)
        await trx
          .insertInto('operator_customers')
          .values(customerIds.map((customer_id) => ({ user_id: userId, customer_id })))
          .execute();
      if (found) result.changes.push(`operatore ${email}: clienti serviti aggiornati`);
    }
  }
  if (options.prune) {
    const others = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('profile', '=', 'operatore')
      .where('disabled_at', 'is', null)
      .execute();
    for (const user of others.filter((u) => !declared.has(u.id))) {
      await trx
        .updateTable('users')
        .set({ disabled_at: options.now ?? new Date() })
        .where('id', '=', user.id)
        .execute();
      result.changes.push(`operatore ${user.email}: disattivato`);
    }
  }
}

/** The provider's bank accounts, by IBAN (never deleted: batches name them). */
async function provisionAccounts(
  trx: Transaction<DB>,
  accounts: NonNullable<Provisioning['accounts']>,
  result: ProvisioningResult,
): Promise<void> {
  for (const account of accounts) {
    const wanted = { nome: account.nome, bic: account.bic ?? null };
    const found = await trx
      .selectFrom('provider_accounts')
      .select(['id', 'nome', 'bic'])
      .where('iban', '=', account.iban)
      .executeTakeFirst();
    if (!found) {
      await trx
        .insertInto('provider_accounts')
        .values({ ...wanted, iban: account.iban })
        .execute();
      result.changes.push(`conto ${account.iban}: creato`);
    } else if (found.nome !== wanted.nome || found.bic !== wanted.bic) {
      await trx.updateTable('provider_accounts').set(wanted).where('id', '=', found.id).execute();
      result.changes.push(`conto ${account.iban}: aggiornato`);
    }
  }
}
