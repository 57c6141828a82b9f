/**
 * dettaglio-acquisto (issue 13 "What the user gets"): the code a voucher or card purchase delivered,
 * with what was bought, when, and how to use it. The server answers only the purchase's owner. Reached
 * from the notice in the inbox and from the purchase's movement in the history (dashmovimenti), to which
 * it links back.
 */
import { Alert, Anchor, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formMessages } from '../../../../config/messages-forms.it';
import { formatTableMessage } from '../../../shared/catalogues/tables';
import { formatDateTime } from '../../../shared/dates';
import { messages } from '../../../shared/catalogues/account';
import { purchaseDetailQueryOptions } from '../../api/query-options';
import { useRouteLinkProps } from '../../components/route-link';

export function PurchaseDetailScreen({ purchaseId }: { purchaseId: number }) {
  const history = useRouteLinkProps('dashmovimenti');
  const detail = useQuery(purchaseDetailQueryOptions(purchaseId));
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h2">
            {formatTableMessage('filesPurchase', { id: purchaseId })}
          </Title>
          {detail.isPending && <Loader aria-label={formMessages.formShowcaseLoading} />}
          {detail.isError && (
            <Alert color="yellow" role="alert">
              {formMessages.formDeliveredLoadError}
            </Alert>
          )}
          {detail.data && (
            <>
              <Text fw={600}>{detail.data.prodotto}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(detail.data.created)}
              </Text>
              <Stack gap={4}>
                <Text size="sm">{formMessages.formDeliveredCode}</Text>
                <Text
                  ff="monospace"
                  fz="xl"
                  fw={700}
                  p="sm"
                  bg="var(--mantine-color-gray-1)"
                  data-testid="delivered-code"
                  style={{
                    letterSpacing: '0.08em',
                    borderRadius: 'var(--mantine-radius-sm)',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {detail.data.codice}
                </Text>
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {formMessages.formDeliveredHowTo}
                </Text>
                <Text size="sm">{detail.data.istruzioni}</Text>
              </Stack>
            </>
          )}
          <Anchor {...history} size="sm" data-testid="purchase-detail-history">
            {messages.navMovements}
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}
