/**
 * Review of requests by the provider's operators (issue 26): the queue of what awaits a decision, a
 * request's page, the decisions (approve, with four eyes above the declared amount; reject with a
 * declared reason, the credit back through the ledger once; ask for documents), and the employee's
 * side (their requests, each one's timeline and expected payment day, documents added on request).
 *
 * Every decision is one transaction on the purchase's row lock: it checks the version the operator
 * saw (`versione`; the slower of two operators is told who decided), writes the request's event, the
 * audit row and the employee's in-app notice, and answers the mail to send once committed.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { movementKindLabel } from '../../../config/movement-kinds';
import { operatorRules, rejectReasons, transferPayoutForms } from '../../../config/operator-console';
import { formatCents, formatEuro } from '../../shared/money';
import type { DB, Purchase, PurchaseEvent, ReviewState } from '../db/schema';
import { ApiError } from '../errors';
import { declaredText, formatMessage } from '../messages';
import type { MailMessage, Mailer } from '../plugins/mail';
import { romeDate } from './calendar';
import { attachDocuments, usableDocuments } from './documents';
import { categoriesOf, type RegisteredForm } from './form-requests';
import { approvePurchase, lockPurchase, rejectPurchase } from './ledger';
import { sendNotification } from './notifications';
import { recordAudit, type Actor } from './operator-audit';
import { inScope, maskIban, type OperatorScope } from './operators';
import type { PageSizes } from '../../../config/tables/types';
import { pageSlice } from './paging';
import { expectedPaymentDay } from './request-life';

export const AWAITING: readonly ReviewState[] = ['inviata', 'in_verifica', 'documenti_richiesti'];

const isoDay = (at: Date) => romeDate(at);

// ---------------------------------------------------------------------------------------------
// The queue

export interface QueueFilters {
  cliente?: number | undefined;
  azienda?: number | undefined;
  modulo?: string | undefined;
  stato?: ReviewState | undefined;
  importo_min?: number | undefined;
  importo_max?: number | undefined;
  giorni_min?: number | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

export interface QueueRow {
  id_acquisto: number;
  inviata_il: string;
  giorni: number;
  stato: ReviewState;
  importo: string;
  tipo: string;
  modulo: string | null;
  oggetto: string;
  dipendente: string;
  azienda: string;
  cliente: string;
  prima_approvazione: boolean;
}

/** The requests awaiting a decision, oldest first, with the count of each awaiting state. */
export async function listQueue(
  db: Kysely<DB>,
  scope: Pick<OperatorScope, 'customerIds'>,
  filters: QueueFilters,
  sizes: PageSizes,
  now = new Date(),
) {
  const slice = pageSlice(filters, sizes);
  // Customer, company and scope filter the company a request was made for (purchases.company_id): the
  // counts then read the partial index (company_id, review_state), the page the queue index.
  // The companies of the customer asked for, within the operator's scope.
  const byCustomer = filters.cliente !== undefined || scope.customerIds !== null;
  const companiesServed = () => {
    let companies = db.selectFrom('companies as sc').select('sc.id_azienda');
    if (filters.cliente !== undefined) companies = companies.where('sc.customer_id', '=', filters.cliente);
    return companies.where(inScope(scope, sql.ref('sc.customer_id')));
  };
  const base = (states: readonly ReviewState[]) => {
    let query = db.selectFrom('purchases as p').where('p.review_state', 'in', [...states]);
    if (filters.azienda !== undefined) query = query.where('p.company_id', '=', filters.azienda);
    if (byCustomer) query = query.where('p.company_id', 'in', companiesServed());
    if (filters.modulo !== undefined) query = query.where('p.form_route', '=', filters.modulo);
    if (filters.importo_min !== undefined) query = query.where('p.importo', '>=', filters.importo_min);
    if (filters.importo_max !== undefined) query = query.where('p.importo', '<=', filters.importo_max);
    if (filters.giorni_min !== undefined)
      query = query.where('p.created', '<=', new Date(now.getTime() - filters.giorni_min * 86_400_000));
    return query;
  };
  const states = filters.stato !== undefined ? [filters.stato] : AWAITING;
  // Without an amount or age filter the counts are sums of review_queue_counts (kept by a trigger per
  // company, form and state): a few rows, however long the queue.
  const kept =
    filters.importo_min === undefined &&
    filters.importo_max === undefined &&
    filters.giorni_min === undefined;
  const keptCounts = () => {
    let query = db.selectFrom('review_queue_counts as k');
    if (filters.azienda !== undefined) query = query.where('k.company_id', '=', filters.azienda);
    if (byCustomer) query = query.where('k.company_id', 'in', companiesServed());
    if (filters.modulo !== undefined) query = query.where('k.form_route', '=', filters.modulo);
    return query
      .select(['k.review_state', (eb) => eb.fn.sum<string>('k.n').as('n')])
      .groupBy('k.review_state')
      .execute();
  };
  const [counts, page] = await Promise.all([
    kept
      ? keptCounts()
      : base(AWAITING)
          .select(['p.review_state', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy('p.review_state')
          .execute(),
    // The page's ids from the queue index alone; only those 20 are then joined (a deep page stays cheap).
    base(states)
      .select('p.id')
      .orderBy('p.created')
      .orderBy('p.id')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute(),
  ]);
  const rows =
    page.length === 0
      ? []
      : await db
          .selectFrom('purchases as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .innerJoin('companies as c', 'c.id_azienda', 'p.company_id')
          .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
          .select([
            'p.id',
            'p.created',
            'p.review_state',
            'p.importo',
            'p.kind',
            'p.form_route',
            'p.oggetto',
            'p.first_approved_by',
            'u.nome',
            'u.cognome',
            'c.nome as azienda',
            'cu.name as cliente',
          ])
          .where(
            'p.id',
            'in',
            page.map((r) => r.id),
          )
          .orderBy('p.created')
          .orderBy('p.id')
          .execute();
  const conteggi = { inviata: 0, in_verifica: 0, documenti_richiesti: 0 };
  for (const c of counts) {
    if (c.review_state in conteggi) conteggi[c.review_state as keyof typeof conteggi] = Number(c.n);
  }
  const count =
    filters.stato !== undefined
      ? (conteggi[filters.stato as keyof typeof conteggi] ?? 0)
      : conteggi.inviata + conteggi.in_verifica + conteggi.documenti_richiesti;
  return {
    count,
    conteggi,
    results: rows.map((r): QueueRow => ({
      id_acquisto: r.id,
      inviata_il: r.created.toISOString(),
      giorni: Math.max(0, Math.floor((now.getTime() - r.created.getTime()) / 86_400_000)),
      stato: r.review_state,
      importo: formatCents(r.importo),
      tipo: movementKindLabel(r.kind),
      modulo: r.form_route,
      oggetto: r.oggetto,
      dipendente: `${r.cognome} ${r.nome}`.trim(),
      azienda: r.azienda,
      cliente: r.cliente,
      prima_approvazione: r.first_approved_by !== null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// A request's page

/** The titles of a form's answers, by JSON path (`a`, `a.b`), from its payload schema. */
function answerTitles(schema: Record<string, unknown>): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (node: unknown, prefix: string) => {
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (!properties) return;
    for (const [key, child] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const title = (child as { title?: unknown }).title;
      if (typeof title === 'string') titles.set(path, title);
      walk(child, path);
    }
  };
  walk(schema, '');
  return titles;
}

export interface Answer {
  campo: string;
  etichetta: string;
  valore: string;
}

const SKIPPED = new Set(['docs', 'iban']);

/** The answers as the employee gave them, labelled by their form's titles; documents and IBAN apart. */
export function answersOf(
  payload: unknown,
  form: RegisteredForm | undefined,
  categoryNames: ReadonlyMap<number, string> = new Map(),
): Answer[] {
  const titles = form ? answerTitles(form.schema) : new Map<string, string>();
  const answers: Answer[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) {
      if (value.length === 0) return;
      if (value.every((v) => typeof v !== 'object')) answers.push(answer(path, value.join(', ')));
      else value.forEach((v, i) => walk(v, `${path}.${i}`));
      return;
    }
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (path === '' && SKIPPED.has(key)) continue;
        walk(inner, path ? `${path}.${key}` : key);
      }
      return;
    }
    // The category by its name, as the employee chose it.
    const category = path === 'id_categ' && typeof value === 'number' ? categoryNames.get(value) : undefined;
    answers.push(
      answer(path, category ?? (typeof value === 'boolean' ? (value ? 'Sì' : 'No') : String(value))),
    );
  };
  const answer = (path: string, valore: string): Answer => ({
    campo: path,
    etichetta: titles.get(path) ?? titles.get(path.replace(/\.\d+(?=\.|$)/g, '')) ?? path,
    valore,
  });
  walk(payload, '');
  return answers;
}

export interface TimelineEntry {
  evento: 'inviata' | PurchaseEvent;
  data: string;
  nota: string | null;
  operatore: string | null;
}

async function timelineOf(db: Kysely<DB>, purchaseId: number, created: Date, forOperator: boolean) {
  const events = await db
    .selectFrom('purchase_events as e')
    .leftJoin('users as o', 'o.id', 'e.operator_id')
    .select(['e.event', 'e.at', 'e.note', 'o.nome', 'o.cognome'])
    .where('e.purchase_id', '=', purchaseId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
  const entries: TimelineEntry[] = [
    { evento: 'inviata', data: created.toISOString(), nota: null, operatore: null },
  ];
  for (const e of events) {
    if (!forOperator && e.event === 'prima_approvazione') continue;
    entries.push({
      evento: e.event,
      data: e.at.toISOString(),
      nota: e.note,
      operatore: forOperator && e.nome !== null ? `${e.nome} ${e.cognome ?? ''}`.trim() : null,
    });
  }
  return entries;
}

/** The open batch a request is in, if any. */
async function openBatchOf(db: Kysely<DB>, purchaseId: number) {
  return db
    .selectFrom('payout_items as i')
    .innerJoin('payout_batches as b', 'b.id', 'i.batch_id')
    .select(['b.id', 'b.execution_date'])
    .where('i.purchase_id', '=', purchaseId)
    .where('i.open', '=', true)
    .executeTakeFirst();
}

/** Paid to the employee by transfer once approved (config/operator-console.ts transferPayoutForms). */
const byTransfer = (formRoute: string | null) =>
  formRoute !== null && transferPayoutForms.includes(formRoute);

const ibanOf = (payload: unknown): string | null => {
  const iban = payload && typeof payload === 'object' ? (payload as { iban?: unknown }).iban : undefined;
  return typeof iban === 'string' && iban.length > 0 ? iban : null;
};

/** A request the operator may see (404 otherwise: out of scope is not found). */
async function scopedRequest(db: Kysely<DB>, scope: Pick<OperatorScope, 'customerIds'>, id: number) {
  const row = await db
    .selectFrom('purchases as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('companies as c', 'c.id_azienda', 'u.company_id')
    .innerJoin('customers as cu', 'cu.id', 'u.customer_id')
    .selectAll('p')
    .select([
      'u.nome',
      'u.cognome',
      'u.email',
      'u.cod_fisc',
      'u.customer_id',
      'c.id_azienda',
      'c.nome as azienda',
      'cu.slug as cliente_codice',
      'cu.name as cliente',
    ])
    .where('p.id', '=', id)
    .where(inScope(scope, sql.ref('u.customer_id')))
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiNotFound');
  return row;
}

/**
 * The first look: a request still `inviata` becomes `in_verifica` when an operator opens it (an event,
 * an audit row; once, whoever comes first).
 */
export async function openRequest(
  db: Kysely<DB>,
  actor: Actor,
  scope: OperatorScope,
  id: number,
  at = new Date(),
) {
  await scopedRequest(db, scope, id);
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('purchases')
      .set((eb) => ({ review_state: 'in_verifica', review_version: eb('review_version', '+', 1) }))
      .where('id', '=', id)
      .where('review_state', '=', 'inviata')
      .returning('id')
      .executeTakeFirst();
    if (!moved) return;
    await trx
      .insertInto('purchase_events')
      .values({ purchase_id: id, event: 'in_verifica', at, operator_id: actor.operatorId })
      .execute();
    await recordAudit(trx, actor, { action: 'presa_in_carico', objectType: 'richiesta', objectId: id }, at);
  });
}

export async function requestDetail(
  db: Kysely<DB>,
  forms: readonly RegisteredForm[],
  scope: OperatorScope,
  id: number,
  now = new Date(),
) {
  const r = await scopedRequest(db, scope, id);
  const form = forms.find((f) => f.declaration.route_name === r.form_route);
  const [documents, lines, timeline, batch, firstApprover] = await Promise.all([
    db
      .selectFrom('documents')
      .select(['id', 'nome_file', 'mime', 'file_kind', 'created'])
      .where('purchase_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('purchase_allocations as a')
      .innerJoin('credit_lines as l', 'l.id', 'a.credit_line_id')
      .innerJoin('fonti as f', 'f.id', 'l.fonte')
      .select(['l.id', 'a.importo', 'l.data_scadenza', 'l.is_art51c3', 'f.nome as fonte'])
      .where('a.purchase_id', '=', id)
      .orderBy('l.id')
      .execute(),
    timelineOf(db, id, r.created, true),
    openBatchOf(db, id),
    r.first_approved_by === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('users')
          .select(['nome', 'cognome'])
          .where('id', '=', r.first_approved_by)
          .executeTakeFirst(),
  ]);
  // Paid to the IBAN the request names, else to the employee's latest on file.
  const iban =
    ibanOf(r.payload) ??
    (!byTransfer(r.form_route)
      ? undefined
      : await db
          .selectFrom('user_ibans')
          .select('iban')
          .where('user_id', '=', r.user_id)
          .orderBy('id', 'desc')
          .executeTakeFirst()
    )?.iban ??
    null;
  const payload = (r.payload ?? {}) as Record<string, unknown>;
  // The forms' beneficiary fields (config/forms/beneficiary.ts): the employee, or the family member named.
  const familyMember =
    typeof payload.nome_ben === 'string' && payload.nome_ben.trim() !== '' ? payload.nome_ben : null;
  const beneficiary =
    payload.me_stesso === true
      ? `${r.nome ?? ''} ${r.cognome ?? ''}`.trim()
      : (familyMember ?? payload.beneficiario ?? payload.nome_beneficiario ?? null);
  const awaiting = AWAITING.includes(r.review_state);
  const needsSecond = r.importo > operatorRules.fourEyesAboveCents;
  return {
    id_acquisto: r.id,
    stato: r.review_state,
    versione: r.review_version,
    importo: formatCents(r.importo),
    fonte_credito: r.credit_source,
    inviata_il: r.created.toISOString(),
    tipo: movementKindLabel(r.kind),
    modulo: r.form_route,
    modulo_titolo: form ? declaredText(form.declaration.title) : null,
    oggetto: r.oggetto,
    soggetto: r.soggetto,
    dipendente: {
      id: r.user_id,
      nome: r.nome,
      cognome: r.cognome,
      email: r.email,
      codice_fiscale: r.cod_fisc,
    },
    azienda: { id: r.id_azienda, nome: r.azienda },
    cliente: { codice: r.cliente_codice, nome: r.cliente },
    beneficiario: typeof beneficiary === 'string' ? beneficiary : null,
    iban: iban === null ? null : scope.canPay ? iban : maskIban(iban),
    iban_completo: iban !== null && scope.canPay,
    risposte: answersOf(
      r.payload,
      form,
      new Map(
        form?.declaration.categories
          ? (await categoriesOf(db, form.declaration.categories.set)).map((c) => [c.id, c.nome] as const)
          : [],
      ),
    ),
    documenti: documents.map((d) => ({
      id: d.id,
      nome_file: d.nome_file,
      mime: d.mime,
      tipo: d.file_kind,
      caricato_il: d.created.toISOString(),
    })),
    linee_credito: lines.map((l) => ({
      id: l.id,
      fonte: l.fonte,
      importo: formatCents(l.importo),
      scadenza: l.data_scadenza,
      art51c3: l.is_art51c3,
    })),
    storia: timeline,
    lotto: batch ? { id: batch.id, data_esecuzione: batch.execution_date } : null,
    quattro_occhi: {
      necessari: needsSecond,
      soglia: formatCents(operatorRules.fourEyesAboveCents),
      prima_approvazione: firstApprover
        ? {
            operatore: `${firstApprover.nome} ${firstApprover.cognome}`,
            data: r.first_approved_at?.toISOString() ?? null,
          }
        : null,
      posso_approvare: !(needsSecond && r.first_approved_by === scope.operatorId),
    },
    azioni: (awaiting
      ? r.review_state === 'documenti_richiesti'
        ? ['rifiuta']
        : ['approva', 'rifiuta', 'richiedi_documenti']
      : []) as Decision['azione'][],
    entro_il: expectedPaymentDay({
      state: r.review_state,
      byTransfer: byTransfer(r.form_route),
      sentDay: isoDay(r.created),
      today: romeDate(now),
      batchDay: batch?.execution_date ?? null,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Decisions

export type Decision =
  | { azione: 'approva'; versione: number }
  | { azione: 'rifiuta'; versione: number; motivo: string; nota?: string | undefined }
  | { azione: 'richiedi_documenti'; versione: number; nota: string };

export interface DecisionOutcome {
  id_acquisto: number;
  stato: ReviewState;
  versione: number;
  /** True when the approval was the first of two (four eyes): the request waits for a second operator. */
  attende_secondo_operatore: boolean;
  /** The mail to send once the transaction has committed (none for a first approval). */
  mail: MailMessage | null;
}

function checkNote(note: string | undefined): string | undefined {
  const text = note?.trim();
  if (text !== undefined && text.length > operatorRules.noteMaxChars) {
    throw new ApiError(400, {
      nota: [formatMessage('apiOperatorNoteTooLong', { max: operatorRules.noteMaxChars })],
    });
  }
  return text === '' ? undefined : text;
}

/** Who made the last change, for the slower operator's message. */
async function lastChangeBy(trx: Transaction<DB>, id: number): Promise<string> {
  const last = await trx
    .selectFrom('operator_audit')
    .select(['actor', 'action'])
    .where('object_type', '=', 'richiesta')
    .where('object_id', '=', String(id))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return last ? `${last.action.replace(/_/g, ' ')}: ${last.actor}` : 'dal dipendente';
}

export interface NoticeDeps {
  /** The portal's address, for the link in the mail. */
  baseUrl: string;
  /**
   * The outbox (plugins/mail.ts): when given, the mail is written in the decision's own transaction
   * (a crash after the commit cannot lose it); without it the caller sends what `notify` returns.
   */
  outbox?: Pick<Mailer, 'send'>;
}

export async function decideRequest(
  db: Kysely<DB>,
  deps: NoticeDeps,
  actor: Actor,
  scope: Pick<OperatorScope, 'customerIds'>,
  id: number,
  decision: Decision,
  at = new Date(),
): Promise<DecisionOutcome> {
  // Validation before any lock: a refused decision changes nothing.
  let reasonLabel: string | undefined;
  const note = checkNote('nota' in decision ? decision.nota : undefined);
  if (decision.azione === 'rifiuta') {
    const reason = rejectReasons.find((r) => r.code === decision.motivo);
    reasonLabel = reason && declaredText(reason.label);
    if (reasonLabel === undefined)
      throw new ApiError(400, { motivo: [formatMessage('apiRejectReasonRequired')] });
    if (decision.motivo === 'altro' && note === undefined)
      throw new ApiError(400, { nota: [formatMessage('apiRejectNoteRequired')] });
  }
  if (decision.azione === 'richiedi_documenti' && note === undefined) {
    throw new ApiError(400, { nota: [formatMessage('apiDocumentsNoteRequired')] });
  }
  await scopedRequest(db, scope, id);

  return db.transaction().execute(async (trx) => {
    const purchase = await lockPurchase(trx, id);
    if (purchase.review_version !== decision.versione) {
      throw new ApiError(
        409,
        formatMessage('apiRequestChanged', { id: String(id), who: await lastChangeBy(trx, id) }),
      );
    }
    const allowed: readonly ReviewState[] =
      decision.azione === 'rifiuta' ? AWAITING : (['inviata', 'in_verifica'] as const);
    if (!allowed.includes(purchase.review_state)) {
      throw new ApiError(
        409,
        formatMessage('apiRequestNotAwaiting', {
          id: String(id),
          stato: purchase.review_state.replace(/_/g, ' '),
        }),
      );
    }
    const event = async (kind: PurchaseEvent, eventNote: string | null = null) =>
      trx
        .insertInto('purchase_events')
        .values({ purchase_id: id, event: kind, at, operator_id: actor.operatorId, note: eventNote })
        .execute();
    const soglia = formatEuro(operatorRules.fourEyesAboveCents);

    if (decision.azione === 'approva') {
      const needsTwo = purchase.importo > operatorRules.fourEyesAboveCents;
      if (needsTwo && actor.operatorId === null)
        throw new ApiError(409, formatMessage('apiFourEyesTerminal', { soglia }));
      if (needsTwo && purchase.first_approved_by === null) {
        const updated = await trx
          .updateTable('purchases')
          .set((eb) => ({
            first_approved_by: actor.operatorId,
            first_approved_at: at,
            review_state: 'in_verifica',
            review_version: eb('review_version', '+', 1),
          }))
          .where('id', '=', id)
          .returning(['review_state', 'review_version'])
          .executeTakeFirstOrThrow();
        await event('prima_approvazione');
        await recordAudit(
          trx,
          actor,
          {
            action: 'prima_approvazione',
            objectType: 'richiesta',
            objectId: id,
            changes: {
              stato: [purchase.review_state, 'in_verifica'],
              importo: formatCents(purchase.importo),
            },
          },
          at,
        );
        return {
          id_acquisto: id,
          stato: updated.review_state,
          versione: updated.review_version,
          attende_secondo_operatore: true,
          mail: null,
        };
      }
      if (needsTwo && purchase.first_approved_by === actor.operatorId) {
        throw new ApiError(409, formatMessage('apiFourEyesSameOperator', { soglia }));
      }
      const approved = await approvePurchase(trx, id, at);
      await event('approvata');
      await recordAudit(
        trx,
        actor,
        {
          action: 'approvazione',
          objectType: 'richiesta',
          objectId: id,
          changes: { stato: [purchase.review_state, 'approvata'], importo: formatCents(purchase.importo) },
        },
        at,
      );
      const payday = expectedPaymentDay({
        state: 'approvata',
        byTransfer: byTransfer(purchase.form_route),
        sentDay: isoDay(purchase.created),
        today: romeDate(at),
      });
      const quando = payday ? formatMessage('apiNoticeApprovedWhen', { data: italianDay(payday) }) : '';
      const mail = await notify(
        trx,
        deps,
        purchase.user_id,
        id,
        'approvata',
        formatMessage('apiNoticeApproved', {
          id: String(id),
          oggetto: purchase.oggetto || movementKindLabel(purchase.kind),
          importo: formatEuro(purchase.importo),
          quando,
        }),
        at,
      );
      return {
        id_acquisto: id,
        stato: approved.review_state,
        versione: approved.review_version,
        attende_secondo_operatore: false,
        mail,
      };
    }

    if (decision.azione === 'rifiuta') {
      const motivo = note ? `${reasonLabel} – ${note}` : reasonLabel!;
      const rejected = await rejectPurchase(trx, id, { at, motivo });
      await event('rifiutata', motivo);
      await recordAudit(
        trx,
        actor,
        {
          action: 'rifiuto',
          objectType: 'richiesta',
          objectId: id,
          changes: {
            stato: [purchase.review_state, 'rifiutata'],
            motivo: decision.motivo,
            nota: note ?? null,
            credito_restituito: formatCents(purchase.importo),
          },
        },
        at,
      );
      const mail = await notify(
        trx,
        deps,
        purchase.user_id,
        id,
        'rifiutata',
        formatMessage('apiNoticeRejected', {
          id: String(id),
          oggetto: purchase.oggetto || movementKindLabel(purchase.kind),
          importo: formatEuro(purchase.importo),
          motivo,
        }),
        at,
      );
      return {
        id_acquisto: id,
        stato: rejected.review_state,
        versione: rejected.review_version,
        attende_secondo_operatore: false,
        mail,
      };
    }

    const asked = await trx
      .updateTable('purchases')
      .set((eb) => ({ review_state: 'documenti_richiesti', review_version: eb('review_version', '+', 1) }))
      .where('id', '=', id)
      .returning(['review_state', 'review_version'])
      .executeTakeFirstOrThrow();
    await event('documenti_richiesti', note!);
    await recordAudit(
      trx,
      actor,
      {
        action: 'richiesta_documenti',
        objectType: 'richiesta',
        objectId: id,
        changes: { stato: [purchase.review_state, 'documenti_richiesti'], nota: note },
      },
      at,
    );
    const mail = await notify(
      trx,
      deps,
      purchase.user_id,
      id,
      'documenti richiesti',
      formatMessage('apiNoticeDocuments', {
        id: String(id),
        oggetto: purchase.oggetto || movementKindLabel(purchase.kind),
        nota: note!,
      }),
      at,
    );
    return {
      id_acquisto: id,
      stato: asked.review_state,
      versione: asked.review_version,
      attende_secondo_operatore: false,
      mail,
    };
  });
}

/** 'YYYY-MM-DD' as the portal writes dates: DD-MM-YYYY. */
export function italianDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

/** The employee's in-app notice (in the transaction) and the mail to send after it. */
export async function notify(
  trx: Transaction<DB>,
  deps: NoticeDeps,
  userId: number,
  purchaseId: number,
  stato: string,
  text: string,
  at: Date,
): Promise<MailMessage | null> {
  await sendNotification(trx, {
    senderUserId: null,
    senderName: formatMessage('apiNoticeSender'),
    recipientUserIds: [userId],
    idRiferimento: purchaseId,
    testo: text,
    at,
    // Web push (issue 28): to the employee's devices, if the employee wants request updates pushed.
    push: { kind: 'richieste', url: `/richieste/${purchaseId}` },
  });
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const link = `${deps.baseUrl.replace(/\/$/, '')}/richieste/${purchaseId}`;
  const mail = {
    to: user.email,
    subject: formatMessage('apiNoticeMailSubject', { id: String(purchaseId), stato }),
    text: `${text}\n\n${formatMessage('apiNoticeMailFooter', { link })}`,
  };
  if (!deps.outbox) return mail;
  await deps.outbox.send(mail, { db: trx });
  return null;
}

// ---------------------------------------------------------------------------------------------
// The employee's side

export async function myRequests(
  db: Kysely<DB>,
  userId: number,
  query: { page?: number | undefined; page_size?: number | undefined },
  sizes: PageSizes,
  now = new Date(),
) {
  const slice = pageSlice(query, sizes);
  const base = db
    .selectFrom('purchases as p')
    .where('p.user_id', '=', userId)
    .where('p.form_route', 'is not', null);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('payout_items as i', (join) =>
        join.onRef('i.purchase_id', '=', 'p.id').on('i.open', '=', true),
      )
      .leftJoin('payout_batches as b', 'b.id', 'i.batch_id')
      .select([
        'p.id',
        'p.created',
        'p.review_state',
        'p.importo',
        'p.kind',
        'p.oggetto',
        'p.form_route',
        'b.execution_date',
      ])
      .orderBy('p.created', 'desc')
      .orderBy('p.id', 'desc')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute(),
  ]);
  const today = romeDate(now);
  return {
    count: Number(count.n),
    results: rows.map((r) => requestSummary(r, today, r.execution_date)),
  };
}

/** What the employee reads of a request in the list and atop its page. */
function requestSummary(
  r: Pick<Purchase, 'id' | 'created' | 'oggetto' | 'kind' | 'importo' | 'review_state' | 'form_route'>,
  today: string,
  batchDay: string | null,
) {
  return {
    id_acquisto: r.id,
    inviata_il: r.created.toISOString(),
    oggetto: r.oggetto || movementKindLabel(r.kind),
    tipo: movementKindLabel(r.kind),
    importo: formatCents(r.importo),
    stato: r.review_state,
    entro_il: expectedPaymentDay({
      state: r.review_state,
      byTransfer: byTransfer(r.form_route),
      sentDay: isoDay(r.created),
      today,
      batchDay,
    }),
  };
}

/** One of the user's requests with its timeline (404 for anyone else's). */
export async function myRequest(db: Kysely<DB>, userId: number, id: number, now = new Date()) {
  const r = await db
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!r) throw ApiError.of(404, 'apiNotFound');
  const [timeline, documents, batch] = await Promise.all([
    timelineOf(db, id, r.created, false),
    db
      .selectFrom('documents')
      .select(['id', 'nome_file', 'mime', 'created'])
      .where('purchase_id', '=', id)
      .orderBy('id')
      .execute(),
    openBatchOf(db, id),
  ]);
  const asked = [...timeline].reverse().find((e) => e.evento === 'documenti_richiesti');
  return {
    ...requestSummary(r, romeDate(now), batch?.execution_date ?? null),
    pagata_il: r.paid_at ? romeDate(r.paid_at) : null,
    storia: timeline.map(({ evento, data, nota }) => ({ evento, data, nota })),
    documenti_richiesti: r.review_state === 'documenti_richiesti' ? (asked?.nota ?? null) : null,
    documenti: documents.map((d) => ({
      id: d.id,
      nome_file: d.nome_file,
      mime: d.mime,
      caricato_il: d.created.toISOString(),
    })),
  };
}

/**
 * The employee answers a request for documents: the documents (their own, free) join the request,
 * which goes back to the queue (`in_verifica`).
 */
export async function addRequestDocuments(
  db: Kysely<DB>,
  userId: number,
  id: number,
  docs: readonly number[],
  at = new Date(),
) {
  if (docs.length === 0) throw new ApiError(400, { docs: [formatMessage('apiRequestDocumentsRequired')] });
  // Someone else's request is not found, whatever the documents named.
  const own = await db
    .selectFrom('purchases')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!own) throw ApiError.of(404, 'apiNotFound');
  const usable = await usableDocuments(db, userId, [...docs]);
  if (usable.length !== new Set(docs).size) {
    throw new ApiError(409, {
      docs: [
        formatMessage('apiDocumentUnavailable', {
          id: String(docs.find((d) => !usable.some((u) => u.doc_id === d)) ?? docs[0]),
        }),
      ],
    });
  }
  return db.transaction().execute(async (trx) => {
    const purchase = await trx
      .selectFrom('purchases')
      .select(['id', 'user_id', 'review_state'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!purchase) throw ApiError.of(404, 'apiNotFound');
    if (purchase.review_state !== 'documenti_richiesti') {
      throw ApiError.of(409, 'apiRequestNoDocumentsAsked', { id: String(id) });
    }
    await attachDocuments(trx, userId, id, [...new Set(docs)]);
    await trx
      .updateTable('purchases')
      .set((eb) => ({ review_state: 'in_verifica', review_version: eb('review_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('purchase_events')
      .values({
        purchase_id: id,
        event: 'documenti_aggiunti',
        at,
        details: JSON.stringify({ documenti: [...new Set(docs)] }),
      })
      .execute();
    return { id_acquisto: id, stato: 'in_verifica' as const };
  });
}
