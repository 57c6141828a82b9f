/**
 * The send rules of the internal messaging (spec 002 §5): at least one recipient, and a text of 1 to
 * 8,000 characters counting the formatting (the editor's HTML); an editor without text counts 0.
 */
import { screenConstants } from '../../../../../config/screen-constants';

export const MESSAGE_MAX_CHARS = screenConstants.internalMessageMaxChars;

export interface MessageState {
  /** Characters of the message, HTML formatting included (0 when there is no text). */
  length: number;
  tooLong: boolean;
  empty: boolean;
  canSend: boolean;
}

/** `html`: the editor's HTML; `hasText`: whether the editor holds some text (not only blanks). */
export function messageState(recipients: number, html: string, hasText: boolean): MessageState {
  const length = hasText ? html.length : 0;
  const tooLong = length > MESSAGE_MAX_CHARS;
  const empty = length === 0;
  return { length, tooLong, empty, canSend: recipients > 0 && !empty && !tooLong };
}
