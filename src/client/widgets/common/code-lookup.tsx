/**
 * A code typed with its known owners offered (spec 001 §3, §5): the beneficiary's tax code and the
 * supplier's VAT number work the same way, so they share this input.
 *
 * - The text is kept as `typed` makes it (upper-cased letters, digits only...), at most `length`
 *   characters, and reaches the form in a transition (`onCode`): a keystroke paints at once.
 * - From 2 characters the server's matches are offered (`useSuggestions`), each with its code and a
 *   dimmed description; choosing one calls `onChoose`.
 * - A complete code is checked (`isValid`, `invalidMessage`, also once the input loses focus); with
 *   several matches it gives `notFoundMessage`; with exactly one, `onSingle` is called once per
 *   code (the block decides whether to fill: later edits are the user's).
 */
import { Autocomplete, Stack, Text } from '@mantine/core';
import { startTransition, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { errorNode, mergeErrors } from './field-errors';
import { useEchoedText } from './use-echoed-text';
import { useLatestCallback } from './use-latest';
import { useSuggestions } from './use-suggestions';
import { ValidMark } from './valid-mark';

export interface CodeLookupProps<T> {
  id: string;
  label: string;
  required: boolean;
  /** The code in the form data. */
  value: string;
  /** Exact length of a complete code. */
  length: number;
  /** What the input keeps of what is typed. */
  typed: (text: string) => string;
  /** The kept text, written to the form (in a transition). */
  onCode: (code: string) => void;
  /** Suggestion kind (react-query key) and the server search. */
  kind: string;
  search: (prefix: string, signal: AbortSignal) => Promise<T[]>;
  codeOf: (item: T) => string;
  describe: (item: T) => string;
  isValid: (code: string) => boolean;
  validLabel: string;
  invalidMessage: string;
  notFoundMessage: string;
  /** The errors the engine reports for the code. */
  errors: readonly string[];
  onChoose: (item: T) => void;
  onSingle: (item: T) => void;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoCapitalize?: string;
  spellCheck?: boolean;
}

export function CodeLookup<T>({
  id,
  label,
  required,
  value,
  length,
  typed,
  onCode,
  kind,
  search,
  codeOf,
  describe,
  isValid,
  validLabel,
  invalidMessage,
  notFoundMessage,
  errors,
  onChoose,
  onSingle,
  inputMode,
  autoCapitalize,
  spellCheck,
}: CodeLookupProps<T>) {
  const [code, setCode] = useEchoedText(value);
  const [blurred, setBlurred] = useState(false);
  const suggestions = useSuggestions<T>(kind, code, search);
  const options = useMemo(() => [...new Set(suggestions.items.map(codeOf))], [suggestions.items, codeOf]);

  const complete = code.length === length;
  const valid = complete && isValid(code);
  const ambiguous = complete && suggestions.settled && suggestions.items.length > 1;
  const first = suggestions.items[0];
  const single =
    complete && suggestions.settled && suggestions.items.length === 1 && first && codeOf(first) === code
      ? first
      : undefined;

  const autoFill = useLatestCallback(() => {
    if (single) onSingle(single);
  });
  const singleCode = single ? codeOf(single) : undefined;
  useEffect(() => {
    if (singleCode) autoFill();
  }, [singleCode, autoFill]);

  const codeErrors = mergeErrors(
    (complete || blurred) && code !== '' && !valid ? [invalidMessage] : [],
    ambiguous ? [notFoundMessage] : [],
    errors,
  );

  return (
    <Autocomplete
      id={id}
      label={label}
      required={required}
      value={code}
      data={options}
      onChange={(next) => {
        const kept = typed(next);
        setBlurred(false);
        setCode(kept);
        startTransition(() => onCode(kept));
      }}
      onOptionSubmit={(chosenCode) => {
        const chosen = suggestions.items.find((item) => codeOf(item) === chosenCode);
        if (chosen) onChoose(chosen);
      }}
      onBlur={() => setBlurred(true)}
      renderOption={({ option }) => {
        const item = suggestions.items.find((entry) => codeOf(entry) === option.value);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {option.value}
            </Text>
            {item && (
              <Text size="xs" c="dimmed">
                {describe(item)}
              </Text>
            )}
          </Stack>
        );
      }}
      // The server already filtered by prefix: every answer is shown.
      filter={({ options: all }) => all}
      inputMode={inputMode}
      maxLength={length}
      autoComplete="off"
      autoCapitalize={autoCapitalize}
      spellCheck={spellCheck}
      rightSection={valid && !ambiguous ? <ValidMark label={validLabel} /> : null}
      error={errorNode(codeErrors)}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
