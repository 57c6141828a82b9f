/**
 * `iban` (ui:widget on the loan's `iban`, 001 §5, §9): the value is kept without spaces or other
 * non-alphanumerics and upper-cased as it is typed; from 2 characters the user's own IBANs starting
 * with it are offered (`GET /api/iban_utente/{prefix}?limit=10`, debounced); validity is shown when
 * the input loses focus ("Codice IBAN non valido").
 */
import { Autocomplete } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { startTransition, useMemo, useState } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { engineContext } from '../../form-kit';
import { isValidIban, normalizeIban } from '../../../shared/validators/iban';
import { errorNode, mergeErrors } from '../common/field-errors';
import { lookups } from '../common/lookups';
import { useEchoedText } from '../common/use-echoed-text';
import { useSuggestions } from '../common/use-suggestions';
import { ValidMark } from '../common/valid-mark';

const searchIbans = async (prefix: string, signal: AbortSignal) =>
  (await lookups.ibans(prefix, signal)).map((entry) => entry.iban);

/** The longest IBAN (ISO 13616). */
const IBAN_MAX_LENGTH = 34;

export function IbanWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly } = props;
  const context = engineContext(props);
  // Local text in front of the form value (see use-echoed-text): the form follows in a transition.
  const [text, setText] = useEchoedText(typeof value === 'string' ? value : '');
  const [blurred, setBlurred] = useState(false);
  const suggestions = useSuggestions('iban', text, searchIbans);
  const data = useMemo(() => [...new Set(suggestions.items.map(normalizeIban))], [suggestions.items]);

  const valid = text !== '' && isValidIban(text);
  const local = blurred && text !== '' && !valid ? [formMessages.formIbanInvalid] : [];
  const errors = props.hideError ? [] : mergeErrors(local, props.rawErrors, context.errorsFor(name));

  const write = (next: string) => {
    const normalized = normalizeIban(next).slice(0, IBAN_MAX_LENGTH);
    setText(normalized);
    startTransition(() => props.onChange(normalized === '' ? undefined : normalized));
  };

  return (
    <Autocomplete
      id={id}
      name={htmlName ?? id}
      label={labelValue(label || undefined, hideLabel, false)}
      value={text}
      data={data}
      onChange={(next) => {
        setBlurred(false);
        write(next);
      }}
      onOptionSubmit={(next) => {
        write(next);
        setBlurred(true);
      }}
      onBlur={() => {
        setBlurred(true);
        props.onBlur(id, value);
      }}
      onFocus={() => props.onFocus(id, value)}
      // The server already filtered by prefix: every answer is shown.
      filter={({ options }) => options}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      required={required}
      disabled={disabled || readonly || context.submitting}
      rightSection={valid ? <ValidMark label={formMessages.formIbanValid} /> : null}
      error={errorNode(errors)}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
