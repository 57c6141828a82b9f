/** The formatter of the first-paint catalogue (`config/messages.it.ts`): the shell, the login form, home. */
import { messages } from '../../../config/messages.it';
import { formatterOf } from '../messages';

export { messages, type MessageKey } from '../../../config/messages.it';
export const formatMessage = formatterOf(messages);
