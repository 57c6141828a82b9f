/**
 * Requests sent from the declarative forms (spec 001 §2-9, ARCHITECTURE.md §4): one generic path for
 * every form of config/forms (and any extra declaration handed to buildApp), with no per-form code.
 *
 * POST /api/crea_richiesta/{route_name}: gated as its route (`config.route`, plugins/access.ts), the
 * payload schema (checked by the route), the shared named rules of
 * src/shared/forms/rules.ts with the server's facts (today in Rome, the balance the form draws on, the
 * categories of its kind, the user's free documents), then one ledger transaction that debits and,
 * before it commits, attaches the documents and remembers the beneficiary, the IBAN or the pension
 * fund; the purchase keeps the form's route name (purchases.form_route). GET /api/get_acquisto_full/{id}:
 * a purchase read back in the shape a form replays, derived from the replay map of the form it was sent
 * through (an older purchase that names none: the form of its kind, config/movement-kinds.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { FormDeclaration } from '../../../config/forms/types';
import { kindReplayRoute } from '../../../config/movement-kinds';
import { declaredText, formatMessage } from '../messages';
import { payloadToReplay } from '../../shared/forms/replay';
import { runFormRules, type RuleErrors } from '../../shared/forms/rules';
import { formatCents, parseCents } from '../../shared/money';
import type { DB, FileKindName } from '../db/schema';
import { ApiError } from '../errors';
import { romeDate } from './calendar';
import { attachDocuments, usableDocuments, type UsableDocument } from './documents';
import type { Finish, StoredAnswer } from './idempotency';
import { balances, debitPurchase } from './ledger';
import type { AcquistoFull, Categoria } from '../../../schemas/wire-types.gen';

type Db = Kysely<DB> | Transaction<DB>;
type Data = Record<string, unknown>;

/** A form the server accepts: a declaration and its payload schema (`$id` = declaration.schemaId). */
export interface RegisteredForm {
  declaration: FormDeclaration;
  schema: { $id: string; [keyword: string]: unknown };
}

// ---------------------------------------------------------------------------------------------
// Reference data used by the checks

export type Category = Categoria;

/** The categories of a set (config/forms/types.ts `CategorySet`; the table's `kind` column is the set). */
export async function categoriesOf(db: Db, set: number): Promise<Category[]> {
  return db
    .selectFrom('purchase_categories')
    .select(['id', 'nome', 'me_stesso'])
    .where('kind', '=', set)
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
          formatMessage('apiDocumentTypeExcluded', { tipo: document.tipo, slot: declaredText(slot.label) }),
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
  const categories = form.categories ? await categoriesOf(db, form.categories.set) : [];
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
    oggetto: category?.nome ?? declaredText(form.title),
    soggetto: subjectOf(form, data, userName, fund?.nome ?? null),
    payload: data,
    // Replay reads the form back by its route name, not by the kind (two forms may share one).
    formRoute: form.route_name,
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

type JsonSchema = { [keyword: string]: unknown };

const isObject = (value: unknown): value is Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The object branch of `{anyOf: [{type: object}, {type: null}]}`, or undefined when `schema` is no such union. */
function nullableObject(schema: JsonSchema): JsonSchema | undefined {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [];
  if (!branches.some((branch) => branch.type === 'null')) return undefined;
  return branches.find((branch) => branch.type === 'object');
}

const allowsNull = (schema: JsonSchema): boolean =>
  schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'));

/**
 * `written` completed into the answer's shape (`schema`, here `acquisto-full`): every property the
 * payload did not fill gets its default or null; a nullable object lacking a required value that may
 * not be null is null itself (a supplier without its VAT number, a beneficiary without a tax code).
 */
function shapeAnswer(schema: JsonSchema, written: Data): Data {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const result: Data = {};
  for (const [key, property] of Object.entries(properties)) {
    const value = written[key];
    const branch = nullableObject(property);
    if (branch) {
      const shaped = isObject(value) ? shapeAnswer(branch, value) : null;
      const required = Array.isArray(branch.required) ? (branch.required as string[]) : [];
      const branchProperties = (branch.properties ?? {}) as Record<string, JsonSchema>;
      const complete =
        shaped !== null &&
        required.every((name) => shaped[name] !== null || allowsNull(branchProperties[name] ?? {}));
      result[key] = complete ? shaped : null;
    } else if (property.type === 'object') {
      result[key] = shapeAnswer(property, isObject(value) ? value : {});
    } else if (value !== undefined && value !== null) {
      result[key] = value;
    } else {
      result[key] = 'default' in property ? property.default : null;
    }
  }
  return result;
}

/**
 * The form a purchase is read back through: the one it was sent through (`form_route`), or, for a
 * purchase that names none (older requests, an operator's debit), the form of its kind
 * (config/movement-kinds.ts `replayRoute`). Undefined when that form is not declared (any more): the
 * answer then carries the purchase row's values only.
 */
export function requestFormOf(
  forms: readonly RegisteredForm[],
  purchase: { kind: number; form_route: string | null },
): FormDeclaration | undefined {
  const route = purchase.form_route ?? kindReplayRoute(purchase.kind);
  if (route === undefined) return undefined;
  return forms.find(({ declaration }) => declaration.route_name === route)?.declaration;
}

/**
 * The user's purchase, read back for a form (404 for a purchase that is not the user's): the payload
 * written through the replay map of its own form (`requestFormOf`; `payloadToReplay`, so no field path
 * is restated here), with the kind and the amount debited taken from the purchase row.
 */
export async function purchaseFull(
  db: Db,
  forms: readonly RegisteredForm[],
  answerSchema: JsonSchema,
  userId: number,
  purchaseId: number,
): Promise<PurchaseFull> {
  const row = await db
    .selectFrom('purchases')
    .select(['kind', 'importo', 'payload', 'form_route'])
    .where('id', '=', purchaseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiPurchaseNotFound');
  const payload: Data = isObject(row.payload) ? row.payload : {};
  const form = requestFormOf(forms, row);
  const written: Data = form ? payloadToReplay(form.replay, payload) : {};
  written.kind = row.kind;
  written.acquisto_row = { importo_totale: formatCents(row.importo) };
  // Shaped by the answer schema itself (every path it names, defaults filled), so it is that type.
  return shapeAnswer(answerSchema, written) as unknown as PurchaseFull;
}
