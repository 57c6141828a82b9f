/**
 * Internal messaging of the referent back office (route office-mess-interna, spec 002 §2.8, §5, §7):
 * the sending (the recipients offered are `utenti_azienda?solo_attivi=1`, routes/backoffice/office.ts). A message is a notification
 * (services/notifications.ts): each recipient finds it in the inbox, the bell counts it, the sender is
 * the referent; it belongs to the company acted for, whose back office lists it.
 *
 * Rules (400 with the field): the recipients are at least one and every one an employee of the
 * company with an active contract (not ceased); the text is the editor's HTML, 1 to 8,000 characters
 * with the formatting, with some text in it; it is stored sanitized (only the editor's formatting,
 * links to http, https and mailto, opened in a new tab), so no script or event handler reaches an inbox.
 */
import sanitizeHtml from 'sanitize-html';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import { NOTIFICATION_TEXT_MAX, sendNotification } from './notifications';
import { routes } from '../../../config/routes';

/** Most recipients of one message (the company's employees are at most a few thousand). */
export const INTERNAL_MESSAGE_MAX_RECIPIENTS = 10_000;

/** The formatting the back-office editor (StarterKit of @mantine/tiptap, with links) produces. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** The editor's HTML with only its formatting left. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** The text of the HTML, without tags (to tell an empty message). */
function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
}

export interface InternalMessageInput {
  companyId: number;
  senderUserId: number;
  destinatari: readonly number[];
  messaggio: string;
}

/** Checks and sends one message; answers its id. */
export async function sendInternalMessage(
  db: Kysely<DB>,
  input: InternalMessageInput,
): Promise<{ id: number }> {
  const recipients = [...new Set(input.destinatari)];
  if (recipients.length === 0) {
    throw new ApiError(400, { destinatari: [formatMessage('apiNotificationNoRecipients')] });
  }
  if (input.messaggio.length > NOTIFICATION_TEXT_MAX) {
    throw new ApiError(400, {
      messaggio: [formatMessage('apiInternalMessageTooLong', { limit: NOTIFICATION_TEXT_MAX })],
    });
  }
  const testo = sanitizeMessageHtml(input.messaggio);
  if (plainText(testo) === '') {
    throw new ApiError(400, { messaggio: [formatMessage('apiInternalMessageEmpty')] });
  }
  return db.transaction().execute(async (trx) => {
    const allowed = await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', recipients)
      .where('company_id', '=', input.companyId)
      .where('is_cessato', '=', false)
      .execute();
    if (allowed.length !== recipients.length) {
      throw new ApiError(400, { destinatari: [formatMessage('apiInternalMessageRecipientInvalid')] });
    }
    const sent = await sendNotification(trx, {
      senderUserId: input.senderUserId,
      recipientUserIds: recipients,
      testo,
      senderCompanyId: input.companyId,
      // Web push (issue 28): to the recipients who want internal messages pushed; opens the inbox.
      push: { kind: 'messaggi', url: routes['site-notifiche'].path },
    });
    return { id: sent.id };
  });
}
