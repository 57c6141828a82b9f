/**
 * `incentive-amount` (ui:widget on `importo_ricarica` of the Loyalty and Incentive top-up, spec 002
 * §2.9, §5, §9): the euro input (a keystroke that makes an invalid euro amount is undone) with the
 * service fee, the VAT on the fee and the invoice total computed live by the shared rule
 * (`src/shared/incentive.ts`, the one the server stores and prints on the pro-forma).
 */
import { Stack, Table } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { screenConstants } from '../../../../config/screen-constants';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { incentiveFigures } from '../../../shared/incentive';
import { formatEuro } from '../../../shared/money';
import { engineContext } from '../../form-kit';
import { typedCents } from '../common/euro';
import { EuroInput } from '../common/euro-input';
import { mergeErrors } from '../common/field-errors';
import { useLatestCallback } from '../common/use-latest';

export function IncentiveAmountWidget(props: WidgetProps) {
  const { id, name, htmlName, value, label, hideLabel, required, disabled, readonly, schema } = props;
  const context = engineContext(props);
  const errors = props.hideError ? [] : mergeErrors(props.rawErrors, context.errorsFor(name));
  const onValueChange = useLatestCallback((next: string | undefined) => props.onChange(next));
  const onBlur = useLatestCallback(() => props.onBlur(id, value));
  const onFocus = useLatestCallback(() => props.onFocus(id, value));
  const cents = typedCents(typeof value === 'string' ? value : undefined) ?? 0;
  const figures = incentiveFigures(cents);
  const rows: [string, number, string][] = [
    [
      formatFormMessage('formTopupFee', { percent: screenConstants.incentiveFeePercent }),
      figures.commissione,
      'topup-fee',
    ],
    [
      formatFormMessage('formTopupVat', { percent: screenConstants.incentiveVatPercent }),
      figures.iva,
      'topup-vat',
    ],
    [formMessages.formTopupTotal, figures.totale, 'topup-total'],
  ];

  return (
    <Stack gap="sm">
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
      />
      <Table withTableBorder variant="vertical" aria-live="polite" data-testid="topup-figures">
        <caption className="visually-hidden">{formMessages.formTopupFigures}</caption>
        <Table.Tbody>
          {rows.map(([text, amount, testId]) => (
            <Table.Tr key={testId}>
              <Table.Th scope="row" fw={testId === 'topup-total' ? 700 : 500}>
                {text}
              </Table.Th>
              <Table.Td ta="right" data-testid={testId} fw={testId === 'topup-total' ? 700 : 400}>
                {formatEuro(amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
