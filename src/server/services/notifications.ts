/**
 * The notifications inbox (spec 002 §2.7, §3 Notification, §4.3, §5, §7; 000 §2 bell and counters).
 *
 * A notification has a sender (a user, or none for system messages, shown by `sender_name`) and
 * recipients, each with their own read flag and archive state (notification_recipients); the
 * sender has an archive state of their own (notifications.sender_archived). Mode `ricevuti` lists
 * what the user received, `inviati` what the user sent; the inbox shows what is not archived, the
 * archive the rest. Newest first.
 *
 * Wire fields (schemas/api/notification.json): `nomi_destinatari` is, for a received message, the
 * user's own name (recipients do not see each other, like a blind copy), for a sent one the
 * recipients by surname (at most 20 names, then "e altri N"); `conferma_lettura` is, for a received
 * message, the user's read flag, for a sent one true when every recipient has read it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import { formatMessage } from '../messages';
import { notificationsTable } from '../../../config/tables/notifications';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { pageOf, type PageSlice } from './paging';
import { enqueuePush, type PushRequest } from './push';
import type * as Wire from '../../../schemas/wire-types.gen';

/** Page sizes of the inbox and its archive (spec 002 §9: 500 is not offered), as the table declares them. */
export const NOTIFICATION_PAGING = notificationsTable.paging;
/** Longest message, formatting included (spec 002 §5, internal messaging). */
export const NOTIFICATION_TEXT_MAX = screenConstants.internalMessageMaxChars;
/** Recipients named in `nomi_destinatari` of a sent message before "e altri N". */
export const NOTIFICATION_NAMES_SHOWN = 20;

export type NotificationMode = 'ricevuti' | 'inviati';
/** The inbox (not archived) or the archive. */
export type NotificationBox = 'inbox' | 'archive';

export type WireNotification = Wire.WireNotification;
export type NotificationPage = Wire.NotificationPage;

export interface ListOptions {
  mode: NotificationMode;
  box: NotificationBox;
  slice: PageSlice;
}

const fullName = (u: { nome: string; cognome: string }) => `${u.nome} ${u.cognome}`.trim();

/** One page of the user's received or sent notifications, in the inbox or the archive. */
export async function listNotifications(
  db: Kysely<DB>,
  userId: number,
  options: ListOptions,
): Promise<NotificationPage> {
  const archived = options.box === 'archive';

  if (options.mode === 'ricevuti') {
    const base = db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .where('r.user_id', '=', userId)
      .where('r.archived', '=', archived);
    const page = await pageOf(
      options.slice,
      async () =>
        (await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n,
      ({ limit, offset }) =>
        base
          .select(['n.id', 'n.created', 'n.sender_name', 'n.id_riferimento', 'n.testo', 'r.conferma_lettura'])
          .orderBy('n.created', 'desc')
          .orderBy('n.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
    );
    const me = await db
      .selectFrom('users')
      .select(['nome', 'cognome'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const myName = me ? fullName(me) : '';
    return {
      count: page.count,
      results: page.results.map((r) => ({
        id: r.id,
        created: r.created.toISOString(),
        nome_mittente: r.sender_name,
        nomi_destinatari: myName,
        id_riferimento: r.id_riferimento,
        testo: r.testo,
        conferma_lettura: r.conferma_lettura,
      })),
    };
  }

  return listSent(db, { userId }, archived, options.slice);
}

/**
 * One page of what a company sent from the back office (internal messaging, spec 002 §2.8), whoever of
 * its referents sent it: the messages (box `inbox`) or the archived ones (box `archive`), newest first.
 */
export async function listCompanySent(
  db: Kysely<DB>,
  companyId: number,
  box: NotificationBox,
  slice: PageSlice,
): Promise<NotificationPage> {
  return listSent(db, { companyId }, box === 'archive', slice);
}

async function listSent(
  db: Kysely<DB>,
  by: { userId: number } | { companyId: number },
  archived: boolean,
  slice: PageSlice,
): Promise<NotificationPage> {
  const base = db
    .selectFrom('notifications as n')
    .where((eb) =>
      'userId' in by ? eb('n.sender_user_id', '=', by.userId) : eb('n.sender_company_id', '=', by.companyId),
    )
    .where('n.sender_archived', '=', archived);
  const page = await pageOf(
    slice,
    async () =>
      (await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n,
    ({ limit, offset }) =>
      base
        .select(['n.id', 'n.created', 'n.sender_name', 'n.id_riferimento', 'n.testo'])
        .orderBy('n.created', 'desc')
        .orderBy('n.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  );
  const recipients = await recipientSummaries(
    db,
    page.results.map((r) => r.id),
  );
  return {
    count: page.count,
    results: page.results.map((r) => {
      const summary = recipients.get(r.id) ?? { names: [], total: 0, read: 0 };
      return {
        id: r.id,
        created: r.created.toISOString(),
        nome_mittente: r.sender_name,
        nomi_destinatari: namesText(summary.names, summary.total),
        id_riferimento: r.id_riferimento,
        testo: r.testo,
        conferma_lettura: summary.total > 0 && summary.read === summary.total,
      };
    }),
  };
}

interface RecipientSummary {
  names: string[];
  total: number;
  read: number;
}

/** Per notification: the first names by surname, how many recipients, how many have read. */
async function recipientSummaries(db: Kysely<DB>, ids: number[]): Promise<Map<number, RecipientSummary>> {
  const out = new Map<number, RecipientSummary>();
  if (ids.length === 0) return out;
  const counts = await db
    .selectFrom('notification_recipients')
    .select((eb) => [
      'notification_id',
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.count<string | number>('user_id').filterWhere('conferma_lettura', '=', true).as('read'),
    ])
    .where('notification_id', 'in', ids)
    .groupBy('notification_id')
    .execute();
  for (const c of counts) {
    out.set(c.notification_id, { names: [], total: Number(c.total), read: Number(c.read) });
  }
  const names = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('notification_recipients as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.notification_id',
          'u.nome',
          'u.cognome',
          sql<number>`row_number() OVER (PARTITION BY r.notification_id ORDER BY u.cognome, u.nome, u.id)`.as(
            'rn',
          ),
        ])
        .where('r.notification_id', 'in', ids)
        .as('x'),
    )
    .select(['x.notification_id', 'x.nome', 'x.cognome'])
    .where('x.rn', '<=', NOTIFICATION_NAMES_SHOWN)
    .orderBy('x.notification_id')
    .orderBy('x.rn')
    .execute();
  for (const n of names) out.get(n.notification_id)?.names.push(fullName(n));
  return out;
}

function namesText(names: string[], total: number): string {
  const shown = names.join(', ');
  if (total <= names.length) return shown;
  return formatMessage('apiNotificationMoreRecipients', { names: shown, n: total - names.length });
}

/**
 * Marks one received notification read (in the inbox or, for the archive variant, in the archive).
 * Only a recipient may: anyone else, or a message in the other box, gets 404. Answers how many rows
 * changed (0 when it was already read).
 */
export async function markRead(
  db: Kysely<DB>,
  userId: number,
  notificationId: number,
  box: NotificationBox,
  now = new Date(),
): Promise<number> {
  const row = await db
    .selectFrom('notification_recipients')
    .select('conferma_lettura')
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .where('archived', '=', box === 'archive')
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiNotificationNotFound');
  const result = await db
    .updateTable('notification_recipients')
    .set({ conferma_lettura: true, read_at: now })
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .where('archived', '=', box === 'archive')
    .where('conferma_lettura', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks every unread received notification of the box read; answers how many. */
export async function markAllRead(
  db: Kysely<DB>,
  userId: number,
  box: NotificationBox,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable('notification_recipients')
    .set({ conferma_lettura: true, read_at: now })
    .where('user_id', '=', userId)
    .where('archived', '=', box === 'archive')
    .where('conferma_lettura', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface SendNotificationInput {
  /** The sending user; null for a system message (then `senderName` is required). */
  senderUserId: number | null;
  /** Shown as nome_mittente; default: the sender's "Nome Cognome". */
  senderName?: string;
  recipientUserIds: readonly number[];
  /** Request number the message is about, if any. */
  idRiferimento?: string | number | null;
  /** HTML as written; the portal sanitizes it when it shows it. */
  testo: string;
  /** Natural key (seed, imports): sending twice with the same key sends once. */
  rifEsterno?: string;
  /** The company a back-office message is sent for (listed as what the company sent). */
  senderCompanyId?: number;
  at?: Date;
  /**
   * Also push it (issue 28, services/push.ts) to the recipients' devices, for those who want this kind:
   * queued in the same transaction, sent by a job once it is committed; `url` is the portal path to open.
   */
  push?: PushRequest;
}

/**
 * Sends a notification to users (back-office messaging, operators, the seed). Checks the text
 * (1-8000 characters, not only blanks) and the recipients (at least one, all existing), as field
 * errors `messaggio` and `destinatari` of the back-office call. Works inside a caller's transaction
 * or opens its own. Answers the id and whether it was created now (false: `rifEsterno` already sent).
 */
export async function sendNotification(
  db: Kysely<DB>,
  input: SendNotificationInput,
): Promise<{ id: number; created: boolean }> {
  const recipients = [...new Set(input.recipientUserIds)];
  if (recipients.length === 0) {
    throw new ApiError(400, { destinatari: [formatMessage('apiNotificationNoRecipients')] });
  }
  if (input.testo.trim().length === 0 || input.testo.length > NOTIFICATION_TEXT_MAX) {
    throw new ApiError(400, {
      messaggio: [formatMessage('apiNotificationTextLength', { limit: NOTIFICATION_TEXT_MAX })],
    });
  }
  const work = async (trx: Kysely<DB>) => {
    if (input.rifEsterno !== undefined) {
      const existing = await trx
        .selectFrom('notifications')
        .select('id')
        .where('rif_esterno', '=', input.rifEsterno)
        .executeTakeFirst();
      if (existing) return { id: existing.id, created: false };
    }
    const found = await trx.selectFrom('users').select('id').where('id', 'in', recipients).execute();
    if (found.length !== recipients.length) {
      throw new ApiError(400, { destinatari: [formatMessage('apiNotificationRecipientUnknown')] });
    }
    let senderName = input.senderName?.trim() ?? '';
    if (input.senderUserId !== null && senderName === '') {
      const sender = await trx
        .selectFrom('users')
        .select(['nome', 'cognome'])
        .where('id', '=', input.senderUserId)
        .executeTakeFirst();
      if (!sender) throw new Error(`sendNotification: mittente inesistente ${input.senderUserId}`);
      senderName = fullName(sender);
    }
    if (senderName === '') throw new Error('sendNotification: senderName obbligatorio senza mittente');
    const inserted = await trx
      .insertInto('notifications')
      .values({
        created: input.at ?? new Date(),
        sender_user_id: input.senderUserId,
        sender_name: senderName,
        id_riferimento:
          input.idRiferimento === undefined || input.idRiferimento === null
            ? null
            : String(input.idRiferimento),
        testo: input.testo,
        rif_esterno: input.rifEsterno ?? null,
        sender_company_id: input.senderCompanyId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notification_recipients')
      .values(recipients.map((user_id) => ({ notification_id: inserted.id, user_id })))
      .execute();
    if (input.push) await enqueuePush(trx, recipients, input.push, input.testo);
    return { id: inserted.id, created: true };
  };
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx: Transaction<DB>) => work(trx));
}
