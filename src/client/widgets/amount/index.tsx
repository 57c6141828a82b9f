/**
 * `amount` (ui:widget on the debited euro field, spec 001 §5): the euro input with the keystroke
 * filter and the amount-vs-credit warning of the declaration (`amountWarning`: default, ART 51 C.3
 * or "procedura"), shown as soon as the typed amount exceeds the credit of the form's balance.
 */
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { engineContext } from '../../form-kit';
import { creditWarningText } from '../common/euro';
import { EuroInput } from '../common/euro-input';
import { mergeErrors } from '../common/field-errors';
import { useLatestCallback } from '../common/use-latest';

export function AmountWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly, schema } = props;
  const context = engineContext(props);
  const { declaration, creditCents } = context;
  const warning = creditWarningText(declaration, creditCents) ?? undefined;
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  const onValueChange = useLatestCallback((next: string | undefined) => props.onChange(next));
  const onBlur = useLatestCallback(() => props.onBlur(id, value));
  const onFocus = useLatestCallback(() => props.onFocus(id, value));

  return (
    <EuroInput
      id={id}
      name={htmlName ?? id}
      label={labelValue(label || undefined, hideLabel, false)}
      description={props.options.description ?? schema.description}
      required={required}
      disabled={disabled || readonly || context.submitting}
      maxLength={schema.maxLength}
      value={typeof value === 'string' ? value : undefined}
      onValueChange={onValueChange}
      onBlur={onBlur}
      onFocus={onFocus}
      error={errors.length > 0 ? errors.join(' ') : undefined}
      warnAboveCents={creditCents}
      warning={warning}
    />
  );
}
