/**
 * Requests sent from the declarative forms (spec 001 §2-9, ARCHITECTURE.md §4): one generic path for
 * every form of config/forms (and any extra declaration handed to buildApp), with no per-form code.
 *
 * POST /api/crea_richiesta/{route_name}: the route gating of config/routes.ts (or the route name as
 * permission), the payload schema (checked by the route), the shared named rules of
 * src/shared/forms/rules.ts with the server's facts (today in Rome, the balance the form draws on, the
 * categories of its kind, the user's free documents), then one ledger transaction that debits and,
 * before it commits, attaches the documents and remembers the beneficiary, the IBAN or the pension
 * fund. GET /api/get_acquisto_full/{id}: a purchase read back in the shape a form replays.
 */
import type { Kysely, Transaction } from 'kysely';
import type { FormDeclaration } from '../../../config/forms/types';
import { formatMessage } from '../../../config/messages-api.it';
import { routes, type PermissionRule, type RouteRule } from '../../../config/routes';
import { runFormRules, type RuleErrors } from '../../shared/forms/rules';
import { formatCents, parseCents } from '../../shared/money';
import type { DB, FileKindName } from '../db/schema';
import { ApiError } from '../errors';
import { romeDate } from './calendar';
import { attachDocuments, usableDocuments, type UsableDocument } from './documents';
import type { Finish, StoredAnswer } from './idempotency';
import { balances, debitPurchase } from './ledger';
import { menuPermissions } from './users';
import type { AcquistoFull, Categoria } from '../../../schemas/wire-types.gen';

type Db = Kysely<DB> | Transaction<DB>;
type Data = Record<string, unknown>;

/** A form the server accepts: a declaration and its payload schema (`$id` = declaration.schemaId). */
export interface RegisteredForm {
  declaration: FormDeclaration;
  schema: { $id: string; [keyword: string]: unknown };
}

// ---------------------------------------------------------------------------------------------
// Access

function holds(rule: PermissionRule, perms: ReadonlySet<string>): boolean {
  return typeof rule === 'string' ? perms.has(rule) : rule.anyOf.some((p) => perms.has(p));
}

/**
 * The route gating of the form's route name (config/routes.ts: permission, threshold_ok, profile),
 * as the portal's guard applies it; a form without a route entry needs its route name as permission.
 */
export async function checkFormAccess(db: Kysely<DB>, userId: number, routeName: string): Promise<void> {
  const rule = (routes as Record<string, RouteRule>)[routeName];
  // A route entry without a permission asks only for a login.
  const permission: PermissionRule | undefined = rule ? rule.permission : routeName;
  const user = await db
    .selectFrom('users')
    .select(['threshold_ok', 'profile'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw ApiError.of(403, 'apiForbidden');
  if (rule?.thresholdOk && !user.threshold_ok) throw ApiError.of(403, 'apiForbidden');
  if (rule?.profile && user.profile !== rule.profile) throw ApiError.of(403, 'apiForbidden');
  if (permission === undefined) return;
  const perms = new Set(await menuPermissions(db, userId));
  if (!holds(permission, perms)) throw ApiError.of(403, 'apiForbidden');
}

// ---------------------------------------------------------------------------------------------
// Reference data used by the checks

export type Category = Categoria;

export async function categoriesOf(db: Db, kind: number): Promise<Category[]> {
  return db
    .selectFrom('purchase_categories')
    .select(['id', 'nome', 'me_stesso'])
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Submission

function addError(errors: RuleErrors, field: string, message: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

function hasAny(errors: RuleErrors): boolean {
  return Object.values(errors).some((list) => list.length > 0);
}

function docIds(data: Data): number[] {
  return Array.isArray(data.docs) ? data.docs.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * What the shared rules cannot know: every named document is the user's, live and free; each fits
 * a slot of the form (its kind, not an excluded type, no more than the slots of that kind).
 */
function checkDocumentsFit(
  form: FormDeclaration,
  ids: readonly number[],
  documents: readonly UsableDocument[],
  errors: RuleErrors,
): void {
  for (const id of ids) {
    if (!documents.some((d) => d.doc_id === id)) {
      addError(errors, 'docs', formatMessage('apiDocumentUnavailable', { id }));
    }
  }
  const perKind = new Map<FileKindName, number>();
  for (const document of documents) {
    const slots = form.slots.filter((slot) => slot.file_kind === document.file_kind);
    if (slots.length === 0) {
      addError(errors, 'docs', formatMessage('apiDocumentKindUnexpected', { kind: document.file_kind }));
      continue;
    }
    const count = (perKind.get(document.file_kind) ?? 0) + 1;
    perKind.set(document.file_kind, count);
    if (count > slots.length) {
      addError(errors, 'docs', formatMessage('apiDocumentKindTooMany', { kind: document.file_kind }));
    }
    for (const slot of slots) {
      if (slot.exclude.includes(document.file_kind_id)) {
        addError(
          errors,
          'docs',
          formatMessage('apiDocumentTypeExcluded', { tipo: document.tipo, slot: slot.label }),
        );
      }
    }
  }
}

/** The movement's `soggetto` (form.movement.soggetto): beneficiary, supplier or fund; else the user. */
function subjectOf(form: FormDeclaration, data: Data, userName: string, fundName: string | null): string {
  switch (form.movement?.soggetto) {
    case 'beneficiary':
      return data.me_stesso === false && typeof data.nome_ben === 'string' ? data.nome_ben : userName;
    case 'supplier': {
      const supplier = data.fornitore as Data | undefined;
      return typeof supplier?.ragione_sociale === 'string' ? supplier.ragione_sociale : userName;
    }
    case 'fund':
      return fundName ?? userName;
    default:
      return userName;
  }
}

export interface SubmitInput {
  form: FormDeclaration;
  userId: number;
  /** The payload, already valid against the form's schema. */
  data: Data;
  /** The Idempotency-Key answer store (services/idempotency.ts), called inside the purchase's transaction. */
  finish: Finish;
}

/** Checks and debits one request; answers 201 {id_acquisto} or throws the error answer. */
export async function submitFormRequest(db: Kysely<DB>, input: SubmitInput): Promise<StoredAnswer> {
  const { form, userId, data } = input;
  const user = await db
    .selectFrom('users')
    .select(['nome', 'cognome', 'previdenza_is_ok'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const userName = `${user.nome} ${user.cognome}`.trim();
  const today = romeDate();
  const categories = form.categories ? await categoriesOf(db, form.kind) : [];
  const ids = docIds(data);
  const documents = await usableDocuments(db, userId, ids);
  const available = await balances(db, userId);
  const creditCents = form.credit === 'art51c3' ? available.art51c3 : available.totale;

  const errors = runFormRules(form, data, {
    today,
    creditCents,
    categories,
    documents: documents.map((d) => ({ doc_id: d.doc_id, file_kind: d.file_kind })),
  });
  checkDocumentsFit(form, ids, documents, errors);

  let category: Category | undefined;
  if (form.categories) {
    category = categories.find((c) => c.id === data.id_categ);
    if (!category) addError(errors, 'id_categ', formatMessage('apiCategoryNotFound'));
  }

  let fund: { covip: string; nome: string } | undefined;
  if (form.rules.includes('pension')) {
    if (!user.previdenza_is_ok) {
      addError(errors, 'non_field_errors', formatMessage('apiPensionInfoNotAccepted'));
    }
    if (typeof data.covip === 'string' && data.covip.trim() !== '') {
      fund = await db
        .selectFrom('pension_funds')
        .select(['covip', 'nome'])
        .where('covip', '=', data.covip)
        .executeTakeFirst();
      if (!fund) addError(errors, 'covip', formatMessage('apiFundNotFound'));
    }
  }
  if (hasAny(errors)) throw new ApiError(400, errors);

  const amount = data[form.amountField];
  const amountCents = typeof amount === 'string' ? parseCents(amount) : null;
  // The rules already refused anything else; kept so a wrong declaration cannot debit nonsense.
  if (amountCents === null || amountCents <= 0) throw ApiError.of(400, 'apiAmountInvalid');

  const { purchase } = await debitPurchase(db, {
    userId,
    kind: form.kind,
    amountCents,
    source: form.credit,
    oggetto: category?.nome ?? form.title,
    soggetto: subjectOf(form, data, userName, fund?.nome ?? null),
    payload: data,
    beforeCommit: async (trx, made) => {
      await attachDocuments(trx, userId, made.id, ids);
      await rememberRequestData(trx, form, userId, data);
      await input.finish(trx, { status: 201, body: { id_acquisto: made.id } });
    },
  });
  return { status: 201, body: { id_acquisto: purchase.id } };
}

/**
 * What a request teaches about the user, kept with the purchase (same transaction): a family
 * beneficiary (suggested by beneficiari/{prefix}), the IBAN (iban_utente/{prefix}), the pension fund
 * (user_anag.covip_fondo). Which applies follows the form's named rules, not the form.
 */
async function rememberRequestData(
  trx: Transaction<DB>,
  form: FormDeclaration,
  userId: number,
  data: Data,
): Promise<void> {
  if (
    form.rules.includes('beneficiary') &&
    data.me_stesso === false &&
    typeof data.cod_fisc_ben === 'string' &&
    typeof data.nome_ben === 'string' &&
    typeof data.id_relazione_ben === 'number'
  ) {
    const values = { nome: data.nome_ben.trim(), id_relazione: data.id_relazione_ben, updated: new Date() };
    await trx
      .insertInto('user_beneficiaries')
      .values({ user_id: userId, cod_fisc: data.cod_fisc_ben, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'cod_fisc']).doUpdateSet(values))
      .execute();
  }
  if (form.rules.includes('iban') && typeof data.iban === 'string') {
    await trx
      .insertInto('user_ibans')
      .values({ user_id: userId, iban: data.iban })
      .onConflict((oc) => oc.columns(['user_id', 'iban']).doNothing())
      .execute();
  }
  if (form.rules.includes('pension') && typeof data.covip === 'string') {
    await trx.updateTable('users').set({ covip_fondo: data.covip }).where('id', '=', userId).execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Replay (GET get_acquisto_full/{id_acquisto})

/** `get_acquisto_full`: note.tot_loan is 'part' for a partial loan-interest reimbursement, 'full' otherwise. */
export type PurchaseFull = AcquistoFull;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** The user's purchase, read back for a form (404 for a purchase that is not the user's). */
export async function purchaseFull(db: Db, userId: number, purchaseId: number): Promise<PurchaseFull> {
  const row = await db
    .selectFrom('purchases')
    .select(['kind', 'importo', 'payload'])
    .where('id', '=', purchaseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiPurchaseNotFound');
  const p: Data =
    row.payload && typeof row.payload === 'object' && !Array.isArray(row.payload) ? row.payload : {};

  const supplier = p.fornitore as Data | null | undefined;
  const family = p.me_stesso === false && typeof p.cod_fisc_ben === 'string';
  const [nome = '', ...cognome] = (text(p.nome_ben) ?? '').trim().split(/\s+/);
  const months = Array.isArray(p.mesi_sel)
    ? p.mesi_sel.filter((m): m is string => typeof m === 'string')
    : null;

  return {
    kind: row.kind,
    id_categ_id: integer(p.id_categ),
    acquisto_row: { importo_totale: formatCents(row.importo) },
    note: {
      note: text(p.note),
      quota_interessi: text(p.importo_interessi),
      intest_mutuo: integer(p.intestatari),
      iban: text(p.iban),
      tot_loan: p.quant_rimb === 'parziale' ? 'part' : 'full',
      mesi: months,
    },
    fornitore:
      supplier && typeof supplier === 'object' && typeof supplier.p_iva === 'string'
        ? {
            p_iva: supplier.p_iva,
            ragione_sociale: text(supplier.ragione_sociale),
            indirizzo: text(supplier.indirizzo),
            citta: text(supplier.citta),
            iban: text(supplier.iban),
          }
        : null,
    beneficiario: family ? { nome, cognome: cognome.join(' '), cod_fisc: p.cod_fisc_ben as string } : null,
    relazione_parentale:
      family && integer(p.id_relazione_ben) !== null ? { id: p.id_relazione_ben as number } : null,
  };
}
