/** The formatter of the form catalogue (`config/messages-forms.it.ts`), for the portal's form engine and the server's rules. */
import { formMessages } from '../../../config/messages-forms.it';
import { formatterOf, type MessageArgs } from '../messages';

export { formMessages, type FormMessageKey } from '../../../config/messages-forms.it';
export const formatFormMessage = formatterOf(formMessages);

/** The parameters of a form text (`...params` of a helper that formats a key it is given). */
export type FormMessageArgs<K extends keyof typeof formMessages> = MessageArgs<(typeof formMessages)[K]>;
