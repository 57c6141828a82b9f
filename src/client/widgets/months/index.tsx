/**
 * `months` (ui:widget on the rent/mortgage `mesi_sel`, 001 §3, §5): the twelve Italian months as
 * checkboxes, three per row on phones and four from the `sm` breakpoint, in calendar order whatever
 * the order of ticking. At least one is needed; the engine reports "Selezionare almeno un mese...".
 */
import { Checkbox, SimpleGrid } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { monthNames } from '../../../../config/forms';
import { engineContext } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';

type MonthName = (typeof monthNames)[number];

export function MonthsWidget(props: WidgetProps) {
  const { id, name, value, label, hideLabel, required, disabled, readonly } = props;
  const context = engineContext(props);
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  const selected: string[] = Array.isArray(value) ? value.filter((month) => typeof month === 'string') : [];

  const onChange = (next: string[]) => {
    // Calendar order, so the payload reads gennaio, febbraio, ... whatever the order of clicks.
    props.onChange(monthNames.filter((month: MonthName) => next.includes(month)));
  };

  return (
    <Checkbox.Group
      id={id}
      label={labelValue(label || undefined, hideLabel, false)}
      value={selected}
      onChange={onChange}
      required={required}
      // Mantine wraps the checkboxes in a role="group" labelled by the label and described by the error.
      error={errorNode(errors)}
    >
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {monthNames.map((month) => (
          <Checkbox
            key={month}
            id={`${id}-${month}`}
            value={month}
            label={month}
            tt="capitalize"
            disabled={disabled || readonly || context.submitting}
            onBlur={() => props.onBlur(id, value)}
            onFocus={() => props.onFocus(id, value)}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
