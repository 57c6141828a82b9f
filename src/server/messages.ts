/**
 * The formatter of the server catalogue (`config/messages-api.it.ts`: account, form and api texts), the
 * one formatter of `src/shared/messages.ts`. Server only: the portal never imports this catalogue (lint).
 */
import { messages } from '../../config/messages-api.it';
import { textOf, type TextRef } from '../../config/texts';
import { formatterOf, type MessageArgs } from '../shared/messages';

export { messages, type MessageKey } from '../../config/messages-api.it';
export const formatMessage = formatterOf(messages);

/**
 * The text of a title or label declared in config/ (config/texts.ts): a key of the account or form
 * catalogue (both in the server's), or a literal.
 */
export const declaredText = (ref: TextRef<keyof typeof messages>): string => textOf(messages, ref);

/** The parameters of a server text (`...params` of a helper that formats a key it is given). */
export type ServerMessageArgs<K extends keyof typeof messages> = MessageArgs<(typeof messages)[K]>;
