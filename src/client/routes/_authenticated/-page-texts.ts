/**
 * The texts of registry pages (config/pages.ts): a catalogue key (or a literal) as the user reads it, with
 * the page parameters filled (`{days}`: constants.expiryWarningDays). A showcase page's texts come from the
 * table catalogue (which holds the account catalogue) or the form catalogue, a table page's from the table
 * catalogue only, so a table page does not load the form texts.
 */
import { constants } from '../../../../config/constants';
import { formMessages } from '../../../../config/messages-forms.it';
import { messages as tableMessages, type TableMessageKey } from '../../../../config/messages-tables.it';
import type { PageText } from '../../../../config/pages';
import type { TextRef } from '../../../../config/texts';
import { formatText } from '../../../shared/messages';

const pageParams = { days: constants.expiryWarningDays };

export function tablePageText(ref: TextRef<TableMessageKey>): string {
  return formatText(typeof ref === 'string' ? tableMessages[ref] : ref.literal, pageParams);
}

export function showcasePageText(ref: PageText): string {
  if (typeof ref !== 'string') return formatText(ref.literal, pageParams);
  const text = Object.hasOwn(tableMessages, ref)
    ? tableMessages[ref as TableMessageKey]
    : formMessages[ref as keyof typeof formMessages];
  return formatText(text, pageParams);
}
