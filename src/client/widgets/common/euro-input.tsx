/**
 * The euro input of the amount widget, the incentive top-up and the loan calculator (spec 001 §5
 * "Euro amounts", read the Italian way since issue 28).
 *
 * - Amounts are typed and shown as Italians write them: "1.234,50", "1234,50", "45,5", "1234". The
 *   form holds the wire amount ("1234.50"); a value written from outside is shown as "1.234,50".
 * - Nothing typed is changed or dropped silently: a text that is no amount ("1,234.50", "1.23.4",
 *   "12,345,6") stays as typed with a message under the field, and the form refuses it; one still
 *   being typed ("1.23" on the way to "1.234") gets the message when the field loses focus. Only a
 *   character that can be in no amount (a letter, a minus) is undone, as 001 §5 asks.
 * - Typing stays fast in the largest form: the text is local state rendered at once; the form value
 *   follows in a transition, so the whole rjsf form re-renders after the keystroke has been painted.
 *   The component is memoized and takes only primitive props and stable callbacks.
 * - `maxCents` caps the value (typing above it gives the maximum: the loan's partial amount, 001 §5);
 *   `warnAboveCents` shows `warning` (the amount-vs-credit text) as soon as the typed amount goes above.
 * - On blur an amount is written in full, with two decimals ("1.234,50").
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { memo, startTransition, useState, type ChangeEvent, type FocusEvent } from 'react';
import { formMessages } from '../../../shared/catalogues/forms';
import { formatItalianCents, parseItalianEuro } from '../../../shared/money';
import { AlertText } from './field-errors';
import { amountDisplay, amountDisplayMaxLength, amountFormValue } from './euro';

/** Characters an amount may hold: digits, thousands dots, the decimal comma. */
const AMOUNT_CHARACTERS = /^[\d.,]*$/;
/** What a pasted amount may carry around it and means nothing: spaces and the euro sign. */
const DECORATION = /[\s\u00a0\u202f€]/g;
/** Echoes still expected are few; the bound only keeps a value the form never echoes from piling up. */
const MAX_PENDING = 64;

export interface EuroInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'error' | 'inputMode'
> {
  /** The form's value (a wire euro string such as "1234.50"), or undefined when empty. */
  value: string | undefined;
  /** Called with the new form value (undefined when emptied), inside a transition. */
  onValueChange: (value: string | undefined) => void;
  /** Errors to show (already joined). */
  error?: string | undefined;
  maxCents?: number | undefined;
  warnAboveCents?: number | undefined;
  warning?: string | undefined;
}

/**
 * The typed text in front of the form value: the value coming back is the echo of what was typed and
 * never overwrites newer typing (nor does a value the text already stands for); any other value (a
 * block filling the field, a reset) replaces the text, shown the Italian way.
 */
function useAmountText(
  value: string | undefined,
): [string, (text: string, formValue: string | undefined) => void] {
  const [text, setText] = useState(() => amountDisplay(value));
  const [seen, setSeen] = useState(value);
  const [pending, setPending] = useState<readonly (string | undefined)[]>([]);
  if (value !== seen) {
    setSeen(value);
    const echo = pending.indexOf(value);
    if (echo >= 0) {
      setPending(pending.slice(echo + 1));
    } else {
      setPending([]);
      if (amountFormValue(text) !== value) setText(amountDisplay(value));
    }
  }
  const update = (next: string, formValue: string | undefined) => {
    setText(next);
    // A write equal to the current value changes nothing, so no echo will come for it.
    if (formValue !== seen) setPending((list) => [...list.slice(-MAX_PENDING + 1), formValue]);
  };
  return [text, update];
}

function EuroInputComponent({
  value,
  onValueChange,
  error,
  maxCents,
  warnAboveCents,
  warning,
  onBlur,
  onFocus,
  maxLength,
  ...inputProps
}: EuroInputProps) {
  const [text, setText] = useAmountText(value);
  const [focused, setFocused] = useState(false);

  const emit = (next: string) => {
    const formValue = amountFormValue(next);
    setText(next, formValue);
    startTransition(() => onValueChange(formValue));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value.replace(DECORATION, '');
    // Not setting the state undoes the keystroke: React puts the previous text back in the input.
    if (!AMOUNT_CHARACTERS.test(typed)) return;
    const read = parseItalianEuro(typed);
    emit(
      maxCents !== undefined && read.kind === 'amount' && read.cents > maxCents
        ? formatItalianCents(maxCents)
        : typed,
    );
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    onFocus?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    const read = parseItalianEuro(text);
    if (read.kind === 'amount') {
      const full = formatItalianCents(read.cents);
      if (full !== text) emit(full);
    }
    onBlur?.(event);
  };

  const read = parseItalianEuro(text);
  const unreadable = read.kind === 'invalid' || (read.kind === 'partial' && !focused);
  const over =
    warnAboveCents !== undefined &&
    warning !== undefined &&
    read.kind === 'amount' &&
    read.cents > warnAboveCents;
  // The form's "not a valid amount" (its example written the wire's way) is said the Italian way here.
  const errors = (error ?? '')
    .split(formMessages.formAmountInvalid)
    .join(formMessages.formAmountItalian)
    .trim();
  const messages = [
    unreadable && !errors.includes(formMessages.formAmountItalian)
      ? formMessages.formAmountItalian
      : undefined,
    errors || undefined,
    // The rules report the same warning after a validation: it is shown once.
    over && !errors.includes(warning) ? warning : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <TextInput
      {...inputProps}
      value={text}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      maxLength={amountDisplayMaxLength(maxLength)}
      inputMode="decimal"
      autoComplete="off"
      error={messages ? <AlertText>{messages}</AlertText> : undefined}
    />
  );
}

export const EuroInput = memo(EuroInputComponent);
