/**
 * `consent` (ui:widget on a boolean that must be ticked, e.g. the pension `prev_ok`, 001 §2, §5): a
 * checkbox labelled with the schema title; the engine reports the Italian message when it is not ticked.
 */
import { Checkbox } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { engineContext } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';

export function ConsentWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, schema, required, disabled, readonly } = props;
  const context = engineContext(props);
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  return (
    <Checkbox
      id={id}
      name={htmlName ?? id}
      label={schema.title ?? label}
      checked={value === true}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
      required={required}
      disabled={disabled || readonly || context.submitting}
      error={errorNode(errors)}
    />
  );
}
