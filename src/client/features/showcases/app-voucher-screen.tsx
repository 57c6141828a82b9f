/**
 * The app voucher pages (config/showcases/app-vouchers.ts; 001 §2, §5): the amounts the page's call
 * offers (at or below art. 51 c.3) as the purchase panel's cuts, "Non si dispone di sufficiente credito
 * per l'acquisto" when none, the app's download links; appaga's send button always disabled; ollipay a
 * purchase page for its `wfm` profile only, otherwise an information page with the links. The links are
 * the installation's (`GET /api/static_links/app`): a store it has not set shows no link, none at all
 * hides the line.
 */
import { Alert, Anchor, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../config/messages-account.it';
import { formMessages } from '../../../../config/messages-forms.it';
import { findPurchase } from '../../../../config/purchases';
import type { AppVoucherPage } from '../../../../config/showcases/app-vouchers';
import { appLinksQueryOptions } from '../../api/query-options';
import { PurchasePanel } from '../../engine/purchase';
import { appVoucherOfferQueryOptions } from '../../engine/showcase/query';
import { DocumentationLink } from './documentation-link';

function AppLinks({ page }: { page: AppVoucherPage }) {
  const query = useQuery(appLinksQueryOptions());
  const links = query.data?.find((entry) => entry.route_name === page.route_name);
  // Loading, failed or not set: no line (the page works without it).
  if (!links || (!links.ios && !links.android)) return null;
  return (
    <Group gap="md" data-testid="app-links">
      <Text size="sm">{formMessages.formAppVoucherDownload}:</Text>
      {links.ios && (
        <Anchor href={links.ios} target="_blank" rel="noopener noreferrer" size="sm">
          {formMessages.formAppVoucherIos}
        </Anchor>
      )}
      {links.android && (
        <Anchor href={links.android} target="_blank" rel="noopener noreferrer" size="sm">
          {formMessages.formAppVoucherAndroid}
        </Anchor>
      )}
    </Group>
  );
}

export function AppVoucherScreen({ page }: { page: AppVoucherPage }) {
  const purchase = findPurchase(page.purchase);
  const offer = useQuery(appVoucherOfferQueryOptions(page));
  const profile = page.purchaseProfile;
  const buys = !profile || offer.data?.profile === profile.profile;
  const title = messages[profile && buys ? profile.title : page.title];

  let body;
  if (offer.isPending) body = <Loader aria-label={formMessages.formShowcaseLoading} />;
  else if (offer.isError || !purchase)
    body = (
      <Alert color="red" role="alert">
        {formMessages.formShowcaseLoadError}
      </Alert>
    );
  else if (!buys && profile) body = <Text data-testid="app-voucher-info">{formMessages[profile.info]}</Text>;
  else
    body = (
      <Stack gap="md">
        <Text>{formMessages[page.intro]}</Text>
        {page.disabledNote && (
          <Alert color="gray" data-testid="app-voucher-disabled">
            {formMessages[page.disabledNote]}
          </Alert>
        )}
        <PurchasePanel
          declaration={purchase}
          offered={offer.data[page.offerField] ?? []}
          buyDisabled={page.disabledNote !== undefined}
        />
      </Stack>
    );

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {body}
          <AppLinks page={page} />
          <DocumentationLink group="fringe-app" />
        </Stack>
      </Card>
    </Container>
  );
}
