/**
 * bonus-benzina (001 §2, §4, §8, §9): `GET /api/bonus_benzina` answers 200 with the card on offer or 204
 * with none. A card: its image, name, amount, the year's limit and Buy (the purchase engine); none: the
 * "no card available" message with its reasons and a button home; the voucher pages' documentation link
 * (site-documentazione, fringe-app).
 */
import { Alert, Button, Card, Container, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formMessages } from '../../../../config/messages-forms.it';
import { findPurchase } from '../../../../config/purchases';
import { messages } from '../../../shared/catalogues/account';
import { formatFormMessage } from '../../../shared/catalogues/forms';
import { euro, formatWireEuro, parseCents } from '../../../shared/money';
import { creditQueryOptions, fuelBonusQueryOptions } from '../../api/query-options';
import { PurchaseOverlay, usePurchaseCompleted, usePurchaseFlow } from '../../engine/purchase';
import { DocumentationLink } from './documentation-link';
import { buyProduct } from './product-purchase';

export function FuelBonusScreen() {
  const navigate = useNavigate();
  const purchase = findPurchase('bonus-benzina');
  const card = useQuery(fuelBonusQueryOptions());
  const credit = useQuery(creditQueryOptions());
  const flow = usePurchaseFlow(usePurchaseCompleted());

  let body;
  if (card.isPending) body = <Loader aria-label={formMessages.formShowcaseLoading} />;
  else if (card.isError)
    body = (
      <Alert color="red" role="alert">
        {formMessages.formShowcaseLoadError}
      </Alert>
    );
  else if (!card.data || !purchase)
    body = (
      <Stack gap="md" data-testid="fuel-none">
        <Alert color="yellow">
          <Text fw={700}>{formMessages.formFuelNone}</Text>
          <Text size="sm">{formMessages.formFuelReasons}</Text>
        </Alert>
        <Group>
          <Button onClick={() => void navigate({ to: '/menu' })}>{messages.backToHome}</Button>
        </Group>
      </Stack>
    );
  else {
    const offer = card.data;
    const price = parseCents(offer.importo) ?? 0;
    const creditCents = parseCents(credit.data?.[purchase.balance] ?? '0') ?? 0;
    body = (
      <Card withBorder radius="lg" padding="lg" data-testid="fuel-card">
        <Stack gap="md">
          <Text>
            {formatFormMessage('formFuelIntro', {
              limit: euro(parseCents(offer.limite) ?? 0),
              year: offer.anno,
            })}
          </Text>
          <Group wrap="nowrap" align="center">
            <Image src={offer.immagine || null} alt="" w={160} h={100} fit="contain" />
            <Stack gap={4}>
              <Text fw={600}>{offer.nome}</Text>
              <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                {formatWireEuro(offer.importo)}
              </Text>
            </Stack>
          </Group>
          <Group justify="flex-end">
            <Button
              size="md"
              loading={flow.submitting}
              disabled={!credit.isSuccess}
              onClick={() =>
                void buyProduct(flow, purchase, { code: offer.product_code, priceCents: price }, creditCents)
              }
            >
              {formMessages.formPurchaseBuy}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {messages.titleFuelBonus}
        </Title>
        {body}
        <DocumentationLink group="fringe-app" />
      </Stack>
      <PurchaseOverlay visible={flow.submitting} />
    </Container>
  );
}
