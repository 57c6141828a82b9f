/**
 * What a purchase delivers (config/purchases `delivers`, issue 13 "What the user gets"): the supplier's
 * code taken from its stock (services/voucher-stock.ts) stored with the purchase in the debit's
 * transaction, a notification in the user's inbox in the same transaction, and a mail sent after the
 * answer (SMTP, or the outbox). Only the purchase's owner reads it back (`deliveredCodeOf` filters on
 * the user). `newDeliveryCode` makes the demo suppliers' codes.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { routes } from '../../../config/routes';
import type { DB } from '../db/schema';
import { escapeHtml } from '../html';
import { formatMessage } from '../messages';
import type { Mailer } from '../plugins/mail';
import { composeMail } from './sign-in';
import { sendNotification } from './notifications';

/** Letters and digits that cannot be confused when read aloud or typed (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `XXXX-XXXX-XXXX-XXXX`: 16 characters of 31, about 79 bits, from the system's CSPRNG. */
export function newDeliveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** The portal's page of a purchase's detail (route dettaglio-acquisto). */
export function detailPath(purchaseId: number): string {
  return routes['dettaglio-acquisto'].path.replace('$id_acquisto', String(purchaseId));
}

export interface Delivery {
  purchaseId: number;
  userId: number;
  productCode: string;
  productName: string;
  istruzioni: string;
  /** The supplier's code, taken from the stock. */
  code: string;
  expiresOn: string | null;
}

/** Inside the debit's transaction: the code row and the inbox notification. */
export async function deliverCode(trx: Kysely<DB>, delivery: Delivery): Promise<void> {
  const { code } = delivery;
  await trx
    .insertInto('delivered_codes')
    .values({
      purchase_id: delivery.purchaseId,
      user_id: delivery.userId,
      code,
      product_code: delivery.productCode,
      product_name: delivery.productName,
      istruzioni: delivery.istruzioni,
      expires_on: delivery.expiresOn,
    })
    .execute();
  const notice = formatMessage('apiDeliveredNotice', {
    id: delivery.purchaseId,
    product: delivery.productName,
    code,
  });
  await sendNotification(trx, {
    senderUserId: null,
    senderName: formatMessage('apiDeliveredSender'),
    recipientUserIds: [delivery.userId],
    idRiferimento: delivery.purchaseId,
    testo:
      `<p>${escapeHtml(notice)}</p><p>${escapeHtml(delivery.istruzioni)}</p>` +
      `<p><a href="${escapeHtml(detailPath(delivery.purchaseId))}">${escapeHtml(formatMessage('formDeliveredOpen'))}</a></p>`,
  });
}

/** After the answer: the mail with the code (a failure is logged by the mailer, the code stays in the inbox). */
export function mailCode(db: Kysely<DB>, mail: Mailer, delivery: Delivery): void {
  mail.later('codice consegnato', async () => {
    const user = await db
      .selectFrom('users')
      .select(['email', 'nome', 'cognome'])
      .where('id', '=', delivery.userId)
      .executeTakeFirstOrThrow();
    const { text, html } = composeMail(`${user.nome} ${user.cognome}`.trim(), [
      formatMessage('apiDeliveredMailText', {
        id: delivery.purchaseId,
        product: delivery.productName,
        code: delivery.code,
      }),
      delivery.istruzioni,
    ]);
    await mail.send({
      to: user.email,
      subject: formatMessage('apiDeliveredMailSubject', { id: delivery.purchaseId }),
      text,
      html,
    });
  });
}

export interface DeliveredCode {
  id_acquisto: number;
  prodotto: string;
  codice: string;
  istruzioni: string;
  created: string;
}

/** The code of one of the user's purchases; null when the purchase is not the user's or delivered none. */
export async function deliveredCodeOf(
  db: Kysely<DB>,
  userId: number,
  purchaseId: number,
): Promise<DeliveredCode | null> {
  const row = await db
    .selectFrom('delivered_codes')
    .select(['purchase_id', 'product_name', 'code', 'istruzioni', 'created'])
    .where('purchase_id', '=', purchaseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id_acquisto: Number(row.purchase_id),
    prodotto: row.product_name,
    codice: row.code,
    istruzioni: row.istruzioni,
    created: new Date(row.created).toISOString(),
  };
}
