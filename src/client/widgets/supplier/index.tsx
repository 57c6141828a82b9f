/**
 * `supplier` (ui:field on the `fornitore` object of the on-demand quote, spec 001 §3, §5; 000 §5):
 *
 * - the VAT number keeps digits only, at most 11, and is checked with its check digit
 *   ("Partita IVA non valida");
 * - from 2 digits the known suppliers are offered (`GET /api/fornitori?p_iva=<prefix>&limit=10`,
 *   number and company name); choosing one, or typing a complete number that matches exactly one,
 *   fills company name, address, city and IBAN; a complete number with several matches gives
 *   "Impossibile trovare il fornitore.";
 * - every field stays editable, so a supplier not yet known can be typed in; the IBAN (optional) is
 *   kept without spaces and upper-cased, and checked when the input loses focus;
 * - "I dati sul fornitore non risultano corretti..." comes from the rules: the block shows the errors
 *   the engine reports for `fornitore` and for each of its fields.
 *
 * Each field is written at its own path of the form (`fornitore.p_iva`, ...), so changes made together
 * compose instead of overwriting each other. Typed text is local state and reaches the form in a
 * transition, as in the euro input: a keystroke paints before the form re-renders.
 */
import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ErrorSchema, FieldProps, RJSFSchema } from '@rjsf/utils';
import { memo, startTransition, useState } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import { formMessages, type FormMessageKey } from '../../../../config/messages-forms.it';
import { engineContext } from '../../form-kit';
import { isValidIban, normalizeIban } from '../../../shared/validators/iban';
import { isValidVatNumber } from '../../../shared/validators/partita-iva';
import { CodeLookup } from '../common/code-lookup';
import { BlockErrors, errorNode, mergeErrors } from '../common/field-errors';
import { lookups, type SupplierSuggestion } from '../common/lookups';
import { useEchoedText } from '../common/use-echoed-text';
import { useLatestCallback } from '../common/use-latest';

const SUPPLIER_KEYS = ['p_iva', 'ragione_sociale', 'indirizzo', 'citta', 'iban'] as const;
type SupplierKey = (typeof SUPPLIER_KEYS)[number];

const TEXT_FIELDS: readonly { key: Exclude<SupplierKey, 'p_iva' | 'iban'>; label: FormMessageKey }[] = [
  { key: 'ragione_sociale', label: 'formSupplierName' },
  { key: 'indirizzo', label: 'formSupplierAddress' },
  { key: 'citta', label: 'formSupplierCity' },
];

/** What the VAT input keeps: digits only, at most 11. */
export function typedVatNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, screenConstants.vatNumberLength);
}

const searchSuppliers = (prefix: string, signal: AbortSignal) => lookups.suppliers(prefix, signal);
const vatOf = (item: SupplierSuggestion) => item.p_iva;
const describeSupplier = (item: SupplierSuggestion) => item.ragione_sociale;

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The maximum length of a supplier field from the payload schema. */
function maxLengthOf(schema: RJSFSchema, key: SupplierKey): number | undefined {
  const property = schema.properties?.[key];
  return typeof property === 'object' && typeof property.maxLength === 'number'
    ? property.maxLength
    : undefined;
}

/** One text input of the block: local text in front of the form value (see use-echoed-text). */
function SupplierTextInput({
  id,
  label,
  value,
  required,
  maxLength,
  errors,
  onText,
}: {
  id: string;
  label: string;
  value: string;
  required: boolean;
  maxLength: number | undefined;
  errors: readonly string[];
  onText: (text: string) => void;
}) {
  const [text, setText] = useEchoedText(value);
  return (
    <TextInput
      id={id}
      label={label}
      required={required}
      value={text}
      maxLength={maxLength}
      autoComplete="off"
      onChange={(event) => {
        setText(event.currentTarget.value);
        onText(event.currentTarget.value);
      }}
      error={errorNode(errors)}
    />
  );
}

export function SupplierField(props: FieldProps) {
  const context = engineContext(props);
  const { errorsFor, submitting } = context;
  const { fieldPathId, schema } = props;
  const path = fieldPathId.path.map(String).join('.');
  const data = (props.formData ?? {}) as Partial<Record<SupplierKey, unknown>>;
  const childErrors = (props.errorSchema ?? {}) as Record<string, ErrorSchema | undefined>;
  const requiredKeys = new Set(schema.required ?? []);

  const values = {} as Record<SupplierKey, string>;
  const errors = {} as Record<SupplierKey, string>;
  const required = {} as Record<SupplierKey, boolean>;
  const maxLengths = {} as Record<SupplierKey, number | undefined>;
  for (const key of SUPPLIER_KEYS) {
    values[key] = stringOf(data[key]);
    errors[key] = mergeErrors(childErrors[key]?.__errors, errorsFor(`${path}.${key}`)).join(' ');
    required[key] = requiredKeys.has(key);
    maxLengths[key] = maxLengthOf(schema, key);
  }

  // Each field is written at its own path, so changes made together compose.
  const write = useLatestCallback((key: SupplierKey, value: string | null | undefined) =>
    props.onChange(value === '' ? undefined : value, [...fieldPathId.path, key]),
  );

  return (
    <SupplierBlock
      id={fieldPathId.$id}
      legend={schema.title ?? formMessages.formSupplierTitle}
      disabled={Boolean(props.disabled || props.readonly || submitting)}
      blockErrors={mergeErrors(props.rawErrors, errorsFor(path)).join(' ')}
      values={values}
      errors={errors}
      required={required}
      maxLengths={maxLengths}
      write={write}
    />
  );
}

interface SupplierBlockProps {
  id: string;
  legend: string;
  disabled: boolean;
  blockErrors: string;
  values: Readonly<Record<SupplierKey, string>>;
  errors: Readonly<Record<SupplierKey, string>>;
  required: Readonly<Record<SupplierKey, boolean>>;
  maxLengths: Readonly<Record<SupplierKey, number | undefined>>;
  write: (key: SupplierKey, value: string | null | undefined) => void;
}

function sameRecord<T>(a: Readonly<Record<SupplierKey, T>>, b: Readonly<Record<SupplierKey, T>>): boolean {
  return SUPPLIER_KEYS.every((key) => a[key] === b[key]);
}

/** Re-rendered only when what it shows changes: typing elsewhere in the form leaves it alone. */
function sameBlockProps(a: SupplierBlockProps, b: SupplierBlockProps): boolean {
  return (
    a.id === b.id &&
    a.legend === b.legend &&
    a.disabled === b.disabled &&
    a.blockErrors === b.blockErrors &&
    a.write === b.write &&
    sameRecord(a.values, b.values) &&
    sameRecord(a.errors, b.errors) &&
    sameRecord(a.required, b.required) &&
    sameRecord(a.maxLengths, b.maxLengths)
  );
}

const SupplierBlock = memo(function SupplierBlock({
  id,
  legend,
  disabled,
  blockErrors: blockErrorText,
  values,
  errors,
  required,
  maxLengths,
  write,
}: SupplierBlockProps) {
  const asList = (text: string) => (text ? [text] : []);
  const fill = (supplier: SupplierSuggestion) => {
    write('p_iva', supplier.p_iva);
    write('ragione_sociale', supplier.ragione_sociale);
    write('indirizzo', supplier.indirizzo);
    write('citta', supplier.citta);
    write('iban', supplier.iban ? normalizeIban(supplier.iban) : undefined);
  };

  // A complete number that matches exactly one supplier fills the block once: later edits are the user's.
  const fillIfChanged = (single: SupplierSuggestion) => {
    if (values.ragione_sociale !== single.ragione_sociale) fill(single);
  };

  const [iban, setIban] = useEchoedText(values.iban);
  const [ibanBlurred, setIbanBlurred] = useState(false);
  const ibanInvalid = ibanBlurred && iban !== '' && !isValidIban(iban);

  return (
    <Fieldset legend={legend} variant="unstyled" p={0} disabled={disabled}>
      <Stack gap="sm">
        <BlockErrors messages={asList(blockErrorText)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CodeLookup
            id={`${id}-p_iva`}
            label={formMessages.formSupplierVat}
            required={required.p_iva}
            value={values.p_iva}
            length={screenConstants.vatNumberLength}
            typed={typedVatNumber}
            onCode={(code) => write('p_iva', code)}
            kind="suppliers"
            search={searchSuppliers}
            codeOf={vatOf}
            describe={describeSupplier}
            isValid={isValidVatNumber}
            validLabel={formMessages.formVatValid}
            invalidMessage={formMessages.formVatInvalid}
            notFoundMessage={formMessages.formSupplierNotFound}
            errors={asList(errors.p_iva)}
            onChoose={fill}
            onSingle={fillIfChanged}
            inputMode="numeric"
          />
          {TEXT_FIELDS.map(({ key, label }) => (
            <SupplierTextInput
              key={key}
              id={`${id}-${key}`}
              label={formMessages[label]}
              value={values[key]}
              required={required[key]}
              maxLength={maxLengths[key]}
              errors={asList(errors[key])}
              onText={(text) => startTransition(() => write(key, text))}
            />
          ))}
          <TextInput
            id={`${id}-iban`}
            label={formMessages.formSupplierIban}
            required={required.iban}
            value={iban}
            maxLength={maxLengths.iban}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => {
              const next = normalizeIban(event.currentTarget.value);
              setIbanBlurred(false);
              setIban(next);
              startTransition(() => write('iban', next));
            }}
            onBlur={() => setIbanBlurred(true)}
            error={errorNode(
              mergeErrors(ibanInvalid ? [formMessages.formIbanInvalid] : [], asList(errors.iban)),
            )}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}, sameBlockProps);
