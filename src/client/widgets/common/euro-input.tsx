/**
 * The euro input of the amount widget and the loan calculator (spec 001 §5 "Euro amounts").
 *
 * - A keystroke that makes the text an invalid euro amount is undone: the controlled input keeps its
 *   previous text. A comma becomes a dot, as Italian keyboards type decimals with a comma.
 * - Typing stays fast in the largest form: the text is local state rendered at once; the form value
 *   follows in a transition, so the whole rjsf form re-renders after the keystroke has been painted.
 *   The component is memoized and takes only primitive props and stable callbacks.
 * - `maxCents` caps the value (typing above it gives the maximum); `warnAboveCents` shows `warning`
 *   (the amount-vs-credit text) as soon as the typed amount goes above it.
 * - On blur the amount is written with two decimals (rounded, 001 §5).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { memo, startTransition, type ChangeEvent, type FocusEvent } from 'react';
import { isEuroKeystrokeValue, roundEuro } from '../../../shared/validators/euro';
import { formatCents } from '../../../shared/money';
import { AlertText } from './field-errors';
import { typedCents } from './euro';
import { useEchoedText } from './use-echoed-text';

export interface EuroInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'error' | 'inputMode'
> {
  /** The form's value (a euro string), or undefined when empty. */
  value: string | undefined;
  /** Called with the new text (undefined when emptied), inside a transition. */
  onValueChange: (value: string | undefined) => void;
  /** Errors to show (already joined). */
  error?: string | undefined;
  maxCents?: number | undefined;
  warnAboveCents?: number | undefined;
  warning?: string | undefined;
}

function EuroInputComponent({
  value,
  onValueChange,
  error,
  maxCents,
  warnAboveCents,
  warning,
  onBlur,
  ...inputProps
}: EuroInputProps) {
  const [text, setText] = useEchoedText(value ?? '');

  const emit = (next: string) => {
    setText(next);
    startTransition(() => onValueChange(next === '' ? undefined : next));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value.replace(/,/g, '.');
    // Not setting the state undoes the keystroke: React puts the previous text back in the input.
    if (!isEuroKeystrokeValue(typed)) return;
    const cents = typedCents(typed);
    emit(maxCents !== undefined && cents !== null && cents > maxCents ? formatCents(maxCents) : typed);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (text !== '') {
      const rounded = roundEuro(text.endsWith('.') ? text.slice(0, -1) : text);
      if (rounded !== null && rounded !== text) emit(rounded);
    }
    onBlur?.(event);
  };

  const cents = typedCents(text);
  const over =
    warnAboveCents !== undefined && warning !== undefined && cents !== null && cents > warnAboveCents;
  // The rules report the same warning after a validation: it is shown once.
  const messages = [error, over && !error?.includes(warning) ? warning : undefined].filter(Boolean).join(' ');

  return (
    <TextInput
      {...inputProps}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      inputMode="decimal"
      autoComplete="off"
      error={messages ? <AlertText>{messages}</AlertText> : undefined}
    />
  );
}

export const EuroInput = memo(EuroInputComponent);
