/**
 * Support requests (spec 002 §2.7, §3, §5, §7): the checks of `POST /api/supporto`, the ticket (its
 * number from the `support_ticket_numbers` sequence, so concurrent requests never share one), the
 * attachments stored like the documents, and the two mails: to the support address with the files,
 * and the acknowledgement to the user. `listTickets`: the user's own tickets (`GET /api/supporto`, the
 * "inviati" tab of the support page, issue 28).
 */
import type { Kysely } from 'kysely';
import {
  supportCategories,
  supportCategoryLabel,
  type SupportCategory,
} from '../../../config/support-categories';
import { isValidPhone } from '../../shared/validators';
import type { DB, DocumentMime } from '../db/schema';
import type { FieldErrors } from '../errors';
import { formatMessage } from '../messages';
import { cleanFileName, storeFile } from './documents';
import { fileKey, type FileStore } from './file-store';
import { composeMail } from './sign-in';
import type { Mailer } from '../plugins/mail';

/** A support message: at most this many characters. */
export const SUPPORT_MESSAGE_MAX = 5000;
/** Files attached to one request at most (as a document slot, spec 000 §5). */
export const SUPPORT_MAX_FILES = 4;

export interface SupportFields {
  tel?: string;
  n_richiesta?: string;
  categoria?: string;
  messaggio?: string;
}

export interface SupportFile {
  content: Buffer;
  fileName: string;
  mime: DocumentMime;
}

export interface CheckedSupport {
  tel: string;
  nRichiesta: number | null;
  category: SupportCategory;
  messaggio: string;
}

/** The fields' checks; the errors per field, or the checked request. */
export function checkSupportFields(
  fields: SupportFields,
  categories: readonly SupportCategory[] = supportCategories,
): { errors: FieldErrors } | { request: CheckedSupport } {
  const errors: FieldErrors = {};
  const add = (field: string, text: string) => (errors[field] ??= []).push(text);
  const tel = (fields.tel ?? '').trim();
  if (!isValidPhone(tel)) add('tel', formatMessage('formPhoneInvalid'));
  const categoryId = (fields.categoria ?? '').trim();
  const category = categories.find((c) => c.id === categoryId);
  if (categoryId === '') add('categoria', formatMessage('apiValidationRequired'));
  else if (!category) add('categoria', formatMessage('apiSupportCategoryInvalid'));
  const messaggio = (fields.messaggio ?? '').trim();
  if (messaggio === '') add('messaggio', formatMessage('apiValidationRequired'));
  else if (messaggio.length > SUPPORT_MESSAGE_MAX) {
    add('messaggio', formatMessage('apiSupportMessageTooLong', { limit: SUPPORT_MESSAGE_MAX }));
  }
  const numberText = (fields.n_richiesta ?? '').trim();
  let nRichiesta: number | null = null;
  if (numberText !== '') {
    if (/^[1-9][0-9]{0,14}$/.test(numberText)) nRichiesta = Number(numberText);
    else add('n_richiesta', formatMessage('formSupportRequestNumber'));
  }
  if (Object.keys(errors).length > 0 || !category) return { errors };
  return { request: { tel, nRichiesta, category, messaggio } };
}

export interface SupportUser {
  id: number;
  email: string;
  nome: string;
  cognome: string;
  azienda: string;
}

/** Stores the files and the ticket in one transaction (files removed again if it fails); its number. */
export async function createTicket(
  db: Kysely<DB>,
  store: FileStore,
  user: SupportUser,
  request: CheckedSupport,
  files: readonly SupportFile[],
): Promise<number> {
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await storeFile(store, 'support', file.content));
    return await db.transaction().execute(async (trx) => {
      const ticket = await trx
        .insertInto('support_tickets')
        .values({
          user_id: user.id,
          tel: request.tel,
          n_richiesta: request.nRichiesta,
          categoria: request.category.id,
          messaggio: request.messaggio,
        })
        .returning(['id', 'numero'])
        .executeTakeFirstOrThrow();
      if (files.length > 0) {
        await trx
          .insertInto('support_ticket_files')
          .values(
            files.map((file, index) => ({
              ticket_id: ticket.id,
              nome_file: cleanFileName(file.fileName, file.mime),
              stored_name: stored[index] as string,
              size: file.content.length,
              mime: file.mime,
            })),
          )
          .execute();
      }
      return Number(ticket.numero);
    });
  } catch (error) {
    await Promise.all(stored.map((name) => store.delete(fileKey('support', name)).catch(() => undefined)));
    throw error;
  }
}

/** The mail to the support address (with the files) and the acknowledgement to the user. */
export async function mailTicket(
  mail: Mailer,
  supportAddress: string,
  numero: number,
  user: SupportUser,
  request: CheckedSupport,
  files: readonly SupportFile[],
): Promise<void> {
  const category = supportCategoryLabel(request.category);
  const none = formatMessage('none');
  const details = formatMessage('apiMailSupportDetails', {
    numero,
    nome: `${user.nome} ${user.cognome}`,
    azienda: user.azienda || none,
    email: user.email,
    tel: request.tel,
    n_richiesta: request.nRichiesta === null ? none : String(request.nRichiesta),
    categoria: category,
    allegati: files.length === 0 ? none : files.map((f) => cleanFileName(f.fileName, f.mime)).join(', '),
  });
  await mail.send({
    to: supportAddress,
    subject: formatMessage('apiMailSupportSubject', { numero, categoria: category }),
    ...composeMail(formatMessage('apiMailSupportTeam'), [details, request.messaggio]),
    attachments: files.map((file) => ({
      filename: cleanFileName(file.fileName, file.mime),
      contentType: file.mime,
      content: file.content,
    })),
  });
  await mail.send({
    to: user.email,
    subject: formatMessage('apiMailSupportAckSubject', { numero }),
    ...composeMail(`${user.nome} ${user.cognome}`, [
      formatMessage('apiMailSupportAckText', { numero, categoria: category }),
      request.messaggio,
    ]),
  });
}

/** How many of the user's tickets the list shows at most (the newest). */
export const SUPPORT_LIST_MAX = 200;

export interface SentTicket {
  numero_ticket: number;
  categoria: string;
  nome_categoria: string;
  n_richiesta: number | null;
  created: string;
}

/**
 * The user's own tickets, newest first (at most SUPPORT_LIST_MAX): number, category (id and label; a
 * category no longer offered shows its id), the request it refers to and when it was sent.
 */
export async function listTickets(
  db: Kysely<DB>,
  userId: number,
  categories: readonly SupportCategory[] = supportCategories,
): Promise<SentTicket[]> {
  const rows = await db
    .selectFrom('support_tickets')
    .select(['numero', 'categoria', 'n_richiesta', 'created'])
    .where('user_id', '=', userId)
    .orderBy('created', 'desc')
    .orderBy('numero', 'desc')
    .limit(SUPPORT_LIST_MAX)
    .execute();
  return rows.map((row) => {
    const category = categories.find((c) => c.id === row.categoria);
    return {
      numero_ticket: Number(row.numero),
      categoria: row.categoria,
      nome_categoria: category ? supportCategoryLabel(category) : row.categoria,
      n_richiesta: row.n_richiesta === null ? null : Number(row.n_richiesta),
      created: new Date(row.created).toISOString(),
    };
  });
}
