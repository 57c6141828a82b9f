/** The formatter of the account catalogue (`config/messages-account.it.ts`: first paint plus the screens loaded later). */
import { messages } from '../../../config/messages-account.it';
import { formatterOf } from '../messages';

export { messages, type MessageKey } from '../../../config/messages-account.it';
export const formatMessage = formatterOf(messages);
