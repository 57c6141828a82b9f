/**
 * `support-category` (ui:widget on the support form's `categoria`, spec 002 §5, §9): a select of the
 * categories of config/support-categories.ts, their `{product}` filled in; the value sent is the
 * category's id. A new category is one entry of that list.
 */
import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { useMemo } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { supportCategories, supportCategoryLabel } from '../../../../config/support-categories';
import { engineContext } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';

export function SupportCategoryWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly } = props;
  const context = engineContext(props);
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  const data = useMemo(
    () =>
      supportCategories.map((category) => ({ value: category.id, label: supportCategoryLabel(category) })),
    [],
  );
  return (
    <Select
      id={id}
      name={htmlName ?? id}
      label={labelValue(label || undefined, hideLabel, false)}
      data={data}
      value={typeof value === 'string' ? value : null}
      onChange={(next) => props.onChange(next ?? undefined)}
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
      allowDeselect={false}
      placeholder={formMessages.formSupportCategoryPlaceholder}
      required={required}
      disabled={Boolean(disabled || readonly || context.submitting)}
      error={errorNode(errors)}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
