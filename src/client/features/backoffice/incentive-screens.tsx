/**
 * Loyalty and Incentive (spec 002 §2.8, §2.9, §9):
 * - office-incentive-info: the conditions (fee 3% of the top-up, VAT 22% on the fee, invoice total =
 *   amount + fee + VAT, gift deductibility up to the legal figure per gift) with a worked example
 *   computed by the shared rule;
 * - office-incentive-toduba: the company switcher, the top-up plain form (config/plain-forms:
 *   overlay, "Richiesta inviata" closed only by its button, the amount cleared after) and the
 *   company's requests with their pro-forma PDF.
 */
import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { screenConstants } from '../../../../config/screen-constants';
import { incentiveTopUp } from '../../../../config/plain-forms';
import { topupsTable } from '../../../../config/tables';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { incentiveFigures } from '../../../shared/incentive';
import { legalParams, taxYear } from '../../../shared/legal-figures';
import { formatEuro } from '../../../shared/money';
import { ButtonLink } from '../../components/button-link';
import { routePath } from '../../components/route-link';
import { PlainFormScreen } from '../forms';
import { DataTable, refreshTables } from '../../engine/table';
import { BackOfficePage } from './back-office-page';

const EXAMPLE_CENTS = 100_000;

export function IncentiveInfoScreen() {
  const example = incentiveFigures(EXAMPLE_CENTS);
  return (
    <BackOfficePage title={messages.boIncentiveInfoTitle} intro={messages.boIncentiveInfoIntro}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <List spacing="xs" data-testid="incentive-conditions">
            <List.Item>
              {formatTableMessage('boIncentiveInfoFee', { fee: screenConstants.incentiveFeePercent })}
            </List.Item>
            <List.Item>
              {formatTableMessage('boIncentiveInfoVat', { vat: screenConstants.incentiveVatPercent })}
            </List.Item>
            <List.Item>{messages.boIncentiveInfoTotal}</List.Item>
            <List.Item>{formatTableMessage('boIncentiveInfoGift', legalParams(taxYear()))}</List.Item>
          </List>
          <Text size="sm" data-testid="incentive-example">
            {formatTableMessage('boIncentiveInfoExample', {
              amount: formatEuro(example.importo),
              fee: formatEuro(example.commissione),
              vat: formatEuro(example.iva),
              total: formatEuro(example.totale),
            })}
          </Text>
          <ButtonLink to={routePath('office-incentive-toduba')} w={{ base: '100%', xs: 'auto' }}>
            {messages.boIncentiveGoTopup}
          </ButtonLink>
        </Stack>
      </Card>
    </BackOfficePage>
  );
}

export function IncentiveTopupScreen() {
  const queryClient = useQueryClient();
  return (
    <BackOfficePage title={messages.boTopupTitle} intro={messages.boTopupIntro}>
      <Stack gap="lg">
        <PlainFormScreen
          declaration={incentiveTopUp}
          embedded
          onSubmitted={() => void refreshTables(queryClient, [topupsTable.name])}
        />
        <Title order={2} size="h3">
          {messages.boTopupsCaption}
        </Title>
        <DataTable table={topupsTable} />
      </Stack>
    </BackOfficePage>
  );
}
