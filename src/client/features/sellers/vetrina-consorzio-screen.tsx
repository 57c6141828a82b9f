/**
 * A consortium (vetrina-consorzio, spec 002 §2.4, §5): the contact block with a maps link built from
 * the address parts, the affiliated suppliers in a modal (sorted by name), and the multi-use voucher:
 * the amount select (tagli buoni), the declaration with the art. 51 c.3 TUIR limit of this tax year
 * (config/legal-constants), and "Acquista", enabled only when the art51c3 credit suffices, the box is
 * ticked, the amount is above 0 and a PIN exists. Over the credit: the message with the art51c3 credit;
 * no PIN: a warning with the way to gestione-pin. The purchase runs the shared purchase flow
 * (`POST crea_acquisto/buono-consorzio`, art51c3: the `buono-consorzio` declaration of
 * config/purchases/sellers.ts).
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Image,
  List,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buonoConsorzio } from '../../../../config/purchases/sellers';
import type { InfoFornitore } from '../../../../schemas/wire-types.gen';
import { messages } from '../../../shared/catalogues/account';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { legalFigures, taxYear } from '../../../shared/legal-figures';
import { euro, formatWireEuro, parseCents } from '../../../shared/money';
import { purchaseCall } from '../../../shared/purchases';
import { creditQueryOptions } from '../../api/query-options';
import { ButtonLink } from '../../components/button-link';
import { PurchaseOverlay, usePurchaseCompleted, usePurchaseFlow } from '../../engine/purchase';
import {
  affiliatesQueryOptions,
  cutsQueryOptions,
  pinQueryOptions,
  supplierQueryOptions,
} from './sellers-api';
import classes from './sellers.module.css';

/** A Google Maps search for the address parts that are filled in. */
export function mapsLink(
  supplier: Pick<InfoFornitore, 'indirizzo' | 'cap' | 'comune' | 'provincia'>,
): string {
  const place = [
    supplier.indirizzo,
    [supplier.cap, supplier.comune].filter(Boolean).join(' '),
    supplier.provincia,
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

export function VetrinaConsorzioScreen({ idConsorzio }: { idConsorzio: string }) {
  const consortium = useQuery(supplierQueryOptions(idConsorzio));
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      {consortium.isPending ? (
        <Loader aria-label={formMessages.formShowcaseLoading} />
      ) : consortium.isError ? (
        <Alert color="red" role="alert">
          {formMessages.formBenefitHubLoadError}
        </Alert>
      ) : (
        <ConsortiumPage consortium={consortium.data} />
      )}
    </Container>
  );
}

function ConsortiumPage({ consortium }: { consortium: InfoFornitore }) {
  const [affiliatesOpen, setAffiliatesOpen] = useState(false);
  const address = [consortium.indirizzo, [consortium.cap, consortium.comune].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <Group align="flex-start" wrap="nowrap" gap="md">
          {consortium.logo_url && <Image src={consortium.logo_url} alt="" className={classes.logo} />}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {consortium.nome}
            </Title>
            <Text size="sm">{consortium.descrizione}</Text>
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" shadow="xs" miw={0} data-testid="consortium-contacts">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {formMessages.formSellersContacts}
            </Title>
            {address && (
              <Text size="sm">
                {address}
                {consortium.provincia ? ` (${consortium.provincia})` : ''}
              </Text>
            )}
            {address && (
              <Anchor
                href={mapsLink(consortium)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                data-testid="consortium-maps"
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconMapPin size={16} aria-hidden="true" />
                  {formMessages.formSellersMaps}
                </Group>
              </Anchor>
            )}
            {consortium.tel && (
              <Text size="sm">
                {formMessages.formSellersPhone}:{' '}
                <Anchor href={`tel:${consortium.tel.replace(/\s+/g, '')}`}>{consortium.tel}</Anchor>
              </Text>
            )}
            {consortium.email && (
              <Text size="sm" className={classes.breakAnywhere} data-testid="consortium-email">
                {messages.profileEmail}:{' '}
                <Anchor href={`mailto:${consortium.email}`}>{consortium.email}</Anchor>
              </Text>
            )}
            {/^https?:\/\//i.test(consortium.sito_web) && (
              <Anchor href={consortium.sito_web} target="_blank" rel="noopener noreferrer" size="sm">
                {formMessages.formSellersWebsite}
              </Anchor>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconUsersGroup size={18} aria-hidden="true" />}
                onClick={() => setAffiliatesOpen(true)}
                data-testid="consortium-affiliates-open"
              >
                {formMessages.formSellersAffiliatesButton}
              </Button>
            </Group>
          </Stack>
        </Card>
        <VoucherPanel idConsorzio={consortium.id} />
      </SimpleGrid>
      <AffiliatesModal
        idConsorzio={String(consortium.id)}
        opened={affiliatesOpen}
        onClose={() => setAffiliatesOpen(false)}
      />
    </Stack>
  );
}

function AffiliatesModal({
  idConsorzio,
  opened,
  onClose,
}: {
  idConsorzio: string;
  opened: boolean;
  onClose: () => void;
}) {
  const affiliates = useQuery({ ...affiliatesQueryOptions(idConsorzio), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={formMessages.formSellersAffiliatesTitle} centered>
      {affiliates.isPending ? (
        <Loader aria-label={formMessages.formShowcaseLoading} />
      ) : affiliates.isError ? (
        <Alert color="red" role="alert">
          {formMessages.formBenefitHubLoadError}
        </Alert>
      ) : affiliates.data.length === 0 ? (
        <Text>{formMessages.formSellersAffiliatesEmpty}</Text>
      ) : (
        <List spacing="xs" data-testid="consortium-affiliates">
          {affiliates.data.map((supplier) => (
            <List.Item key={supplier.id}>
              <Text fw={600} size="sm" component="span">
                {supplier.nome_completo}
              </Text>
              {supplier.comune && (
                <Text size="sm" c="dimmed" component="span">
                  {' '}
                  – {supplier.comune}
                  {supplier.provincia ? ` (${supplier.provincia})` : ''}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}

function VoucherPanel({ idConsorzio }: { idConsorzio: number }) {
  const cuts = useQuery(cutsQueryOptions());
  const credit = useQuery(creditQueryOptions());
  const pin = useQuery(pinQueryOptions());
  const toMenu = usePurchaseCompleted();
  const flow = usePurchaseFlow(toMenu);
  const [amount, setAmount] = useState<string | null>(null);
  const [declared, setDeclared] = useState(false);

  const creditCents = parseCents(credit.data?.art51c3 ?? '0') ?? 0;
  const amountCents = amount === null ? 0 : (parseCents(amount) ?? 0);
  const overCredit = credit.isSuccess && amountCents > creditCents;
  const pinMissing = pin.isSuccess && !pin.data.pin_exists;
  const canBuy =
    credit.isSuccess &&
    pin.data?.pin_exists === true &&
    declared &&
    amountCents > 0 &&
    !overCredit &&
    !flow.submitting;
  const limit = legalFigures(taxYear()).fringeBenefitVoucherLimit;

  const buy = () =>
    void flow.run({
      call: purchaseCall(buonoConsorzio),
      body: { id_consorzio: idConsorzio, importo: amount, dichiarazione: true },
      balance: buonoConsorzio.balance,
      creditCents,
      amountCents,
      successText: formMessages[buonoConsorzio.texts.success],
    });

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="consortium-voucher">
      <Stack gap="md">
        <Title order={2} size="h4">
          {formMessages.formSellersVoucherTitle}
        </Title>
        {credit.isSuccess && (
          <Text size="sm" data-testid="consortium-credit">
            {formatFormMessage('formSellersVoucherCredit', { n: euro(creditCents) })}
          </Text>
        )}
        <Select
          label={formMessages.formSellersVoucherCut}
          placeholder={formMessages.formSellersVoucherCutPlaceholder}
          data={(cuts.data ?? []).map((cut) => ({ value: cut, label: formatWireEuro(cut) }))}
          value={amount}
          onChange={setAmount}
          disabled={flow.submitting}
          data-testid="consortium-cut"
        />
        <Checkbox
          label={formatFormMessage('formSellersVoucherDeclaration', { limit: euro(limit) })}
          checked={declared}
          disabled={flow.submitting}
          onChange={(event) => setDeclared(event.currentTarget.checked)}
          data-testid="consortium-declaration"
        />
        {overCredit && (
          <Alert color="red" role="alert" data-testid="purchase-over-credit">
            {formatFormMessage('formAmountOverCreditArt51c3', { n: euro(creditCents) })}
          </Alert>
        )}
        {pinMissing && (
          <Alert color="yellow" role="alert" data-testid="purchase-pin-missing">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{formMessages.formPurchasePinMissing}</Text>
              <ButtonLink
                to="/$group/$page"
                params={{ group: 'sellers', page: 'gestione-pin' }}
                size="xs"
                variant="white"
                color="dark"
              >
                {formMessages.formSellersVoucherGoToPin}
              </ButtonLink>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            size="md"
            disabled={!canBuy}
            loading={flow.submitting}
            onClick={buy}
            data-testid="consortium-buy"
          >
            {formMessages.formPurchaseBuy}
          </Button>
        </Group>
      </Stack>
      <PurchaseOverlay visible={flow.submitting} />
    </Card>
  );
}
