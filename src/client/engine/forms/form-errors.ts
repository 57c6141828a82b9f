/**
 * Italian errors only (spec 001 §5, 000 §5): every Ajv keyword is mapped to a text of
 * config/messages-forms.it.ts, and rjsf's own control texts are translated too. The precompiled
 * validators carry no messages at all (scripts/vite-form-validators.mjs), so an unmapped keyword
 * shows `formInvalidValue`, never English. A field chooses its own text for a keyword in its uiSchema
 * (`'ui:errors': { pattern: 'formTaxCodeInvalid' }`); nothing here is picked by a field's name.
 *
 * Errors are kept as a flat map `field -> messages` (dotted for nested fields, `''` for the form as
 * a whole), the same shape as the shared rules' answer (`runFormRules`), and turned into rjsf's
 * nested `ErrorSchema` for display.
 */
import type { ErrorSchema, ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { TranslatableString, replaceStringParameters } from '@rjsf/utils';
import { messages } from '../../../shared/catalogues/account';
import { formatFormMessage, type FormMessageKey } from '../../../shared/catalogues/forms';

export type FieldErrors = Record<string, string[]>;

/** The euro amount pattern of the payload schemas (000 §5 "Common formats"). */
const EURO_PATTERN = String.raw`^\d{1,7}(\.\d{1,2})?$`;
const DATE_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`;

/** `.fornitore.p_iva` -> `fornitore.p_iva`; an item of an array belongs to the array (`.mesi_sel.0` -> `mesi_sel`). */
export function fieldOfProperty(property: string | undefined): string {
  const segments = (property ?? '').split('.').filter((segment) => segment !== '');
  const firstIndex = segments.findIndex((segment) => /^\d+$/.test(segment));
  return (firstIndex === -1 ? segments : segments.slice(0, firstIndex)).join('.');
}

function valueAtField(data: unknown, field: string): unknown {
  let current = data;
  for (const key of field.split('.').filter((segment) => segment !== '')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The message key a field declares for a keyword in its uiSchema (`ui:errors`, config/forms/types.ts
 * `FieldUi`), found by the field's dotted path (`fornitore.p_iva` -> `uiSchema.fornitore.p_iva`).
 */
export function declaredErrorKey(
  uiSchema: unknown,
  field: string,
  keyword: string,
): FormMessageKey | undefined {
  let node: unknown = uiSchema;
  for (const key of field.split('.').filter((segment) => segment !== '')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (node === null || typeof node !== 'object') return undefined;
  const declared = (node as Record<string, unknown>)['ui:errors'];
  if (declared === null || typeof declared !== 'object') return undefined;
  const key = (declared as Record<string, unknown>)[keyword];
  return typeof key === 'string' ? (key as FormMessageKey) : undefined;
}

/** A pattern the field does not name a text for: the common formats of 000 §5 have their own. */
function patternMessage(pattern: unknown): FormMessageKey {
  if (pattern === EURO_PATTERN) return 'formAmountInvalid';
  if (pattern === DATE_PATTERN) return 'formInvalidDate';
  return 'formInvalidValue';
}

/** Keywords that complain about a value that is there: when it is missing, "Campo obbligatorio." wins. */
const ABOUT_A_VALUE = new Set(['type', 'minLength', 'pattern', 'enum']);

/**
 * The Italian text of one Ajv error; `value` is the data the error is about, `uiSchema` the form's
 * (its `ui:errors` choose a field's texts).
 */
export function italianMessage(error: RJSFValidationError, value: unknown, uiSchema?: unknown): string {
  const field = fieldOfProperty(error.property);
  const params = (error.params ?? {}) as Record<string, unknown>;
  const limit = typeof params.limit === 'number' ? params.limit : '';
  const keyword = error.name ?? '';
  if (ABOUT_A_VALUE.has(keyword) && isEmpty(value)) return formatFormMessage('formRequiredField');
  const declared = declaredErrorKey(uiSchema, field, keyword);
  if (declared) return formatFormMessage(declared, { limit });
  switch (keyword) {
    case 'required':
      return formatFormMessage('formRequiredField');
    case 'type':
    case 'minLength':
      return formatFormMessage('formInvalidValue');
    case 'pattern':
      return formatFormMessage(patternMessage(params.pattern));
    case 'format':
      return formatFormMessage(
        typeof params.format === 'string' && params.format.startsWith('date')
          ? 'formInvalidDate'
          : 'formInvalidValue',
      );
    case 'maxLength':
      return formatFormMessage('formTooLong', { limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return formatFormMessage('formMinimum', { limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return formatFormMessage('formMaximum', { limit });
    case 'enum':
      return formatFormMessage('formChooseOption');
    case 'minItems':
      return formatFormMessage(isEmpty(value) ? 'formRequiredField' : 'formInvalidValue');
    case 'const':
      // A box that must be ticked (any `const: true` consent).
      if (params.allowedValue === true) return formatFormMessage('formPensionConsentRequired');
      return formatFormMessage('formInvalidValue');
    default:
      return formatFormMessage('formInvalidValue');
  }
}

/**
 * rjsf's `transformErrors` for the data being validated: every message and stack becomes Italian.
 * The `if` keyword's own error ("must match then") is dropped: the `then` errors say what is wrong.
 */
export function italianErrorTransformer(formData: unknown, uiSchema?: unknown): ErrorTransformer {
  return (errors) =>
    errors
      .filter((error) => error.name !== 'if')
      .map((error) => {
        const value = valueAtField(formData, fieldOfProperty(error.property));
        const message = italianMessage(error, value, uiSchema);
        return { ...error, message, stack: message };
      });
}

/** Transformed rjsf errors as `field -> messages` (first seen first, no repeats). */
export function collectFieldErrors(errors: readonly RJSFValidationError[]): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const message = error.message ?? formatFormMessage('formInvalidValue');
    const list = (result[fieldOfProperty(error.property)] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/**
 * Schema errors and rule errors together: for a field the shared rules speak about, their text wins
 * (it is the spec's specific one, e.g. "Non risulta ancora selezionato nessun fondo..." rather than
 * "Campo obbligatorio."); the other fields keep the schema's.
 */
export function mergeFieldErrors(schemaErrors: FieldErrors, ruleErrors: FieldErrors): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(schemaErrors)) {
    if (messages.length > 0 && !(ruleErrors[field]?.length ?? 0)) result[field] = [...messages];
  }
  for (const [field, messages] of Object.entries(ruleErrors)) {
    if (messages.length > 0) result[field] = [...new Set(messages)];
  }
  return result;
}

export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}

/** `{'fornitore.p_iva': [m]}` -> `{fornitore: {p_iva: {__errors: [m]}}}` (the form-level `''` entry stays out). */
export function toErrorSchema(errors: FieldErrors): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (field === '' || messages.length === 0) continue;
    let node = schema;
    for (const key of field.split('.')) {
      node = (node[key] ??= {}) as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
  }
  return schema as ErrorSchema;
}

/** Drops the errors of `fields` and of everything nested under them (a field the user just changed). */
export function withoutFieldErrors(errors: FieldErrors, fields: Iterable<string>): FieldErrors {
  const changed = [...fields];
  if (changed.length === 0) return errors;
  const result: FieldErrors = {};
  let dropped = false;
  for (const [field, messages] of Object.entries(errors)) {
    if (changed.some((name) => field === name || field.startsWith(`${name}.`))) dropped = true;
    else result[field] = messages;
  }
  return dropped ? result : errors;
}

/** rjsf's controls: form texts, and the words every area shares (`yes`, `no`, `close` of the account catalogue). */
const UI_TEXTS: Record<TranslatableString, FormMessageKey | 'yes' | 'no' | 'close'> = {
  [TranslatableString.ArrayItemTitle]: 'formUiItem',
  [TranslatableString.MissingItems]: 'formUiUnsupported',
  [TranslatableString.EmptyArray]: 'formUiEmptyList',
  [TranslatableString.YesLabel]: 'yes',
  [TranslatableString.NoLabel]: 'no',
  [TranslatableString.CloseLabel]: 'close',
  [TranslatableString.ErrorsLabel]: 'formFixErrors',
  [TranslatableString.NewStringDefault]: 'formUiValue',
  [TranslatableString.AddButton]: 'formUiAdd',
  [TranslatableString.AddItemButton]: 'formUiAdd',
  [TranslatableString.CopyButton]: 'formUiCopy',
  [TranslatableString.ExpandButton]: 'formUiAdd',
  [TranslatableString.MoveDownButton]: 'formUiMoveDown',
  [TranslatableString.MoveUpButton]: 'formUiMoveUp',
  [TranslatableString.RemoveButton]: 'formUiRemove',
  [TranslatableString.NowLabel]: 'formUiNow',
  [TranslatableString.ClearLabel]: 'formUiClear',
  [TranslatableString.AriaDateLabel]: 'formUiChooseDate',
  [TranslatableString.PreviewLabel]: 'formUiValue',
  [TranslatableString.DecrementAriaLabel]: 'formUiDecrease',
  [TranslatableString.IncrementAriaLabel]: 'formUiIncrease',
  [TranslatableString.OptionalObjectAdd]: 'formUiAdd',
  [TranslatableString.OptionalObjectRemove]: 'formUiRemove',
  [TranslatableString.OptionalObjectEmptyMsg]: 'formUiEmptyList',
  [TranslatableString.Type]: 'formUiValue',
  [TranslatableString.Value]: 'formUiValue',
  [TranslatableString.ClearButton]: 'formUiClear',
  [TranslatableString.UnknownFieldType]: 'formUiUnsupported',
  [TranslatableString.OptionPrefix]: 'formUiOption',
  [TranslatableString.TitleOptionPrefix]: 'formUiOption',
  [TranslatableString.KeyLabel]: 'formUiValue',
  [TranslatableString.DeprecatedLabel]: 'formUiValue',
  [TranslatableString.CycleDetected]: 'formUiUnsupported',
  [TranslatableString.InvalidObjectField]: 'formUiUnsupported',
  [TranslatableString.UnsupportedField]: 'formUiUnsupported',
  [TranslatableString.UnsupportedFieldWithId]: 'formUiUnsupported',
  [TranslatableString.UnsupportedFieldWithReason]: 'formUiUnsupported',
  [TranslatableString.UnsupportedFieldWithIdAndReason]: 'formUiUnsupported',
  [TranslatableString.FilesInfo]: 'formUiValue',
};

/** rjsf's `translateString` in Italian (labels that carry a parameter keep it where it is the point). */
export function italianTranslateString(text: TranslatableString, params?: string[]): string {
  const key = UI_TEXTS[text];
  if (key === 'yes' || key === 'no' || key === 'close') return messages[key];
  if (key === 'formUiOption') return formatFormMessage(key, { n: params?.[params.length - 1] ?? '' });
  if (text === TranslatableString.DeprecatedLabel || text === TranslatableString.KeyLabel) {
    return replaceStringParameters('%1', params);
  }
  return formatFormMessage(key ?? 'formUiUnsupported');
}
