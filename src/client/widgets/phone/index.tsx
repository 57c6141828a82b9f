/**
 * `phone` (ui:widget on the support form's `tel`, spec 002 §5): a telephone input whose live feedback
 * says "Il numero di telefono non può contenere lettere." as soon as a letter is typed (empty is
 * neutral); the submit check ("Controllare il numero di telefono...") is the schema's, texts from the
 * uiSchema's `ui:errors`.
 */
import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { formMessages } from '../../../../config/messages-forms.it';
import { phoneHasLetters } from '../../../shared/validators/phone';
import { engineContext } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';

export function PhoneWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly } = props;
  const context = engineContext(props);
  const text = typeof value === 'string' ? value : '';
  const live = phoneHasLetters(text) ? [formMessages.formPhoneLetters] : [];
  const errors = mergeErrors(live, props.hideError ? [] : props.rawErrors, context.errorsFor(name));
  return (
    <TextInput
      id={id}
      name={htmlName ?? id}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      label={labelValue(label || undefined, hideLabel, false)}
      value={text}
      onChange={(event) =>
        props.onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)
      }
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
      required={required}
      disabled={Boolean(disabled || readonly || context.submitting)}
      error={errorNode(errors)}
    />
  );
}
