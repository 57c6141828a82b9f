/**
 * `date` (ui:widget on a YYYY-MM-DD field): Mantine's date picker in Italian, weeks from Monday, shown
 * DD-MM-YYYY (000 §5). `ui:options.minMonthsFromToday` sets the first selectable day: today in Italy
 * plus that many months (the loan installment: one month, the `earliestInstallmentDate` of the rules).
 */
import { useMediaQuery } from '@mantine/hooks';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { IconCalendar } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { ItalianDateInput } from '../../components/italian-date-input';
import { ItalianDatesProvider } from '../../components/italian-dates-provider';
import { engineContext } from '../../form-kit';
import { dayjs } from '../../../shared/dates';
import { romeToday } from '../../../shared/forms/rules';
import { errorNode, mergeErrors } from '../common/field-errors';
import { useLatestCallback } from '../common/use-latest';

/** The first selectable day (YYYY-MM-DD), or undefined without the option. */
export function minimumDate(monthsFromToday: unknown, today: string = romeToday()): string | undefined {
  if (typeof monthsFromToday !== 'number' || !Number.isFinite(monthsFromToday)) return undefined;
  return dayjs(today).add(monthsFromToday, 'month').format('YYYY-MM-DD');
}

/** Mantine's `xs` breakpoint (36em): below it the screen is a phone's. */
const PHONE_QUERY = '(max-width: 36em)';

interface DateFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  value: string | null;
  minDate: string | undefined;
  onPick: (value: string | null) => void;
  onBlur: () => void;
  onFocus: () => void;
  error: string | undefined;
  required: boolean | undefined;
  disabled: boolean;
}

const DateField = memo(function DateField({ value, onPick, error, minDate, ...rest }: DateFieldProps) {
  // Phones get the calendar in a modal: a popover under the input leaves little room on a small screen.
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <ItalianDatesProvider>
      <ItalianDateInput
        {...rest}
        value={value}
        onChange={onPick}
        minDate={minDate}
        placeholder={formMessages.formDatePlaceholder}
        clearable
        clearButtonProps={{ 'aria-label': formMessages.formDateClear }}
        leftSection={<IconCalendar size={18} aria-hidden="true" />}
        error={errorNode(error ? [error] : [])}
        dropdownType={phone ? 'modal' : 'popover'}
        popoverProps={{ withinPortal: false }}
      />
    </ItalianDatesProvider>
  );
});

export function DateWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly, options } = props;
  const context = engineContext(props);
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  const onPick = useLatestCallback((next: string | null) => props.onChange(next ?? undefined));
  const onBlur = useLatestCallback(() => props.onBlur(id, value));
  const onFocus = useLatestCallback(() => props.onFocus(id, value));
  const minDate = minimumDate(options.minMonthsFromToday);

  return (
    <DateField
      id={id}
      name={htmlName ?? id}
      label={labelValue(label || undefined, hideLabel, false)}
      value={typeof value === 'string' && value !== '' ? value : null}
      minDate={minDate}
      onPick={onPick}
      onBlur={onBlur}
      onFocus={onFocus}
      error={errors.length > 0 ? errors.join(' ') : undefined}
      required={required}
      disabled={Boolean(disabled || readonly || context.submitting)}
    />
  );
}
