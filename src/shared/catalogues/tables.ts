/** The formatter of the table catalogue (`config/messages-tables.it.ts`: the account catalogue plus the table engine's texts). */
import { messages } from '../../../config/messages-tables.it';
import { formatterOf } from '../messages';

export { messages, type TableMessageKey } from '../../../config/messages-tables.it';
export const formatTableMessage = formatterOf(messages);
