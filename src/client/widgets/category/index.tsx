/**
 * `category` (ui:widget on `id_categ`, spec 001 §3-5): a searchable select of the categories of the
 * form kind (`context.categories`, loaded by the engine). A category with `me_stesso` true allows only
 * the user as beneficiary: choosing it sets `me_stesso` and clears the family beneficiary and its
 * document, in forms that have a beneficiary.
 */
import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { memo, useMemo, type ReactNode } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { engineContext, type FormCategory } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';
import { useLatestCallback } from '../common/use-latest';
import { switchToMyself } from '../common/beneficiary-data';

interface CategorySelectProps {
  id: string;
  name: string;
  label: ReactNode;
  categories: readonly FormCategory[];
  value: number | undefined;
  onSelect: (id: number | undefined) => void;
  onBlur: () => void;
  onFocus: () => void;
  error: string | undefined;
  required: boolean | undefined;
  disabled: boolean;
}

/** Memoized: the form re-renders on every keystroke elsewhere, the category list does not need to. */
const CategorySelect = memo(function CategorySelect({
  categories,
  value,
  onSelect,
  error,
  ...rest
}: CategorySelectProps) {
  const data = useMemo(
    () => categories.map((category) => ({ value: String(category.id), label: category.nome })),
    [categories],
  );
  return (
    <Select
      {...rest}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onSelect(next === null ? undefined : Number(next))}
      searchable
      clearable={false}
      allowDeselect={false}
      nothingFoundMessage={formMessages.formNothingFound}
      placeholder={formMessages.formCategoryPlaceholder}
      error={errorNode(error ? [error] : [])}
      comboboxProps={{ withinPortal: false }}
    />
  );
});

export function CategoryWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly, registry } = props;
  const context = engineContext(props);
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  const hasBeneficiary = 'me_stesso' in (registry.rootSchema.properties ?? {});

  const onSelect = useLatestCallback((next: number | undefined) => {
    const category = context.categories.find((entry) => entry.id === next);
    if (category?.me_stesso && hasBeneficiary) {
      // One write for the category and the beneficiary, so neither overwrites the other.
      switchToMyself(context, { [name]: next });
    } else {
      props.onChange(next);
    }
  });
  const onBlur = useLatestCallback(() => props.onBlur(id, value));
  const onFocus = useLatestCallback(() => props.onFocus(id, value));

  return (
    <CategorySelect
      id={id}
      name={htmlName ?? id}
      label={labelValue(label || undefined, hideLabel, false)}
      categories={context.categories}
      value={typeof value === 'number' ? value : undefined}
      onSelect={onSelect}
      onBlur={onBlur}
      onFocus={onFocus}
      error={errors.length > 0 ? errors.join(' ') : undefined}
      required={required}
      disabled={Boolean(disabled || readonly || context.submitting)}
    />
  );
}
