/**
 * An article (vetrina-articolo, spec 002 §2.3, §3 Article): one of the four templates by name
 * (`tmpl_default`, `tmpl_default_no_mail`, `tmpl_with_images`, `tmpl_with_images_no_mail`; any other
 * shows "Template non trovato"). The no_mail templates hide the supplier's e-mail; the images templates
 * show the article's images (one, or a fading carousel). Price, discount, availability, `fruizione` and
 * `altre_info` (HTML, sanitized) and the purchase, paid from the total credit through the purchase flow
 * (`POST crea_acquisto/articolo` with id_articolo, id_fornitore, codice_articolo: the `articolo`
 * declaration of config/purchases/sellers.ts).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { articolo } from '../../../../config/purchases/sellers';
import type { Articolo, InfoFornitore } from '../../../../schemas/wire-types.gen';
import { messages } from '../../../shared/catalogues/account';
import { formatFormMessage, formMessages } from '../../../shared/catalogues/forms';
import { euro, formatWireEuro, parseCents } from '../../../shared/money';
import { purchaseCall } from '../../../shared/purchases';
import { creditQueryOptions } from '../../api/query-options';
import { ButtonLink } from '../../components/button-link';
import { SafeHtml, isBlankHtml } from '../../components/safe-html';
import { PurchaseOverlay, usePurchaseCompleted, usePurchaseFlow } from '../../engine/purchase';
import { ArticleImages } from './article-images';
import { articleQueryOptions, supplierQueryOptions } from './sellers-api';

const TEMPLATES = {
  tmpl_default: { images: false, mail: true },
  tmpl_default_no_mail: { images: false, mail: false },
  tmpl_with_images: { images: true, mail: true },
  tmpl_with_images_no_mail: { images: true, mail: false },
} as const;

type TemplateName = keyof typeof TEMPLATES;

export function templateOf(name: string): (typeof TEMPLATES)[TemplateName] | null {
  return Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name as TemplateName] : null;
}

export function VetrinaArticoloScreen({ idArticolo }: { idArticolo: string }) {
  const article = useQuery(articleQueryOptions(idArticolo));
  const supplier = useQuery({
    ...supplierQueryOptions(String(article.data?.id_fornitore ?? '')),
    enabled: article.data !== undefined,
  });
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      {article.isPending || (article.isSuccess && supplier.isPending) ? (
        <Loader aria-label={formMessages.formShowcaseLoading} />
      ) : article.isError || supplier.isError || !supplier.data ? (
        <Alert color="red" role="alert">
          {formMessages.formBenefitHubLoadError}
        </Alert>
      ) : (
        <ArticlePage article={article.data} supplier={supplier.data} />
      )}
    </Container>
  );
}

function ArticlePage({ article, supplier }: { article: Articolo; supplier: InfoFornitore }) {
  const template = templateOf(article.id_template.nome);
  const credit = useQuery(creditQueryOptions());
  const toMenu = usePurchaseCompleted();
  const flow = usePurchaseFlow(toMenu);

  if (!template) {
    return (
      <Alert color="yellow" role="alert" data-testid="template-not-found">
        {formMessages.formSellersTemplateNotFound}
      </Alert>
    );
  }
  const priceCents = parseCents(article.prezzo_scontato) ?? 0;
  const creditCents = parseCents(credit.data?.totale ?? '0') ?? 0;
  const soldOut = article.disponibilita_max < 1;
  const supplierName = `${supplier.nome} ${supplier.cognome}`.trim();

  const buy = async () => {
    await flow.run({
      call: purchaseCall(articolo),
      body: {
        id_articolo: article.id,
        id_fornitore: article.id_fornitore,
        codice_articolo: article.codice_articolo,
      },
      balance: articolo.balance,
      creditCents,
      amountCents: priceCents,
      successText: formMessages[articolo.texts.success],
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid={`article-${article.id_template.nome}`}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            {supplierName}
          </Text>
          <Title order={1} size="h2">
            {article.descrizione}
          </Title>
          <Text size="sm" c="dimmed">
            {formatFormMessage('formSellersArticleCode', { code: article.codice_articolo })}
          </Text>
        </Stack>
        {template.images && (
          <ArticleImages urls={article.imgs.map((image) => image.web_url)} name={article.descrizione} />
        )}
        <Group gap="lg" align="flex-end" wrap="wrap">
          {article.sconto > 0 && (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {formMessages.formSellersPrice}
              </Text>
              <Text td="line-through" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatWireEuro(article.prezzo_unitario)}
              </Text>
            </Stack>
          )}
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {article.sconto > 0 ? formMessages.formSellersDiscounted : formMessages.formSellersPrice}
            </Text>
            <Text fw={700} size="xl" style={{ whiteSpace: 'nowrap' }} data-testid="article-price">
              {formatWireEuro(article.prezzo_scontato)}
            </Text>
          </Stack>
          {article.sconto > 0 && (
            <Badge
              color="green"
              variant="light"
              size="lg"
              style={{ ['--badge-color' as string]: 'var(--mantine-color-dark-8)' }}
            >
              {formatFormMessage('formSellersDiscount', { n: article.sconto })}
            </Badge>
          )}
          <Text size="sm" data-testid="article-availability">
            {soldOut
              ? formMessages.formSellersSoldOut
              : formatFormMessage('formSellersAvailability', { n: article.disponibilita_max })}
          </Text>
        </Group>
        {!isBlankHtml(article.fruizione) && (
          <Stack gap={4}>
            <Title order={2} size="h4">
              {formMessages.formSellersFruizione}
            </Title>
            <SafeHtml html={article.fruizione} />
          </Stack>
        )}
        {!isBlankHtml(article.altre_info) && (
          <Stack gap={4}>
            <Title order={2} size="h4">
              {formMessages.formSellersOtherInfo}
            </Title>
            <SafeHtml html={article.altre_info} data-testid="article-other-info" />
          </Stack>
        )}
        <Stack gap={4} data-testid="article-contacts">
          <Title order={2} size="h4">
            {formMessages.formSellersContacts}
          </Title>
          {supplier.tel && (
            <Text size="sm">
              {formMessages.formSellersPhone}:{' '}
              <Anchor href={`tel:${supplier.tel.replace(/\s+/g, '')}`}>{supplier.tel}</Anchor>
            </Text>
          )}
          {template.mail && supplier.email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="article-supplier-email">
              {messages.profileEmail}: <Anchor href={`mailto:${supplier.email}`}>{supplier.email}</Anchor>
            </Text>
          )}
          {/^https?:\/\//i.test(article.sito_web || supplier.sito_web) && (
            <Anchor
              href={article.sito_web || supplier.sito_web}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              {formMessages.formSellersWebsite}
            </Anchor>
          )}
        </Stack>
        <Group justify="space-between" gap="sm">
          <ButtonLink
            to="/$group/$section/$param"
            params={{ group: 'sellers', section: 'vetrina-fornitore', param: String(article.id_fornitore) }}
            variant="default"
          >
            {formMessages.formSellersBackToSuppliers}
          </ButtonLink>
          <Button
            size="md"
            disabled={soldOut || credit.isPending || priceCents > creditCents}
            loading={flow.submitting}
            onClick={() => void buy()}
            data-testid="article-buy"
          >
            {formMessages.formPurchaseBuy}
          </Button>
        </Group>
        {!soldOut && credit.isSuccess && priceCents > creditCents && (
          <Alert color="red" role="alert" data-testid="article-over-credit">
            {formatFormMessage('formAmountOverCredit', { n: euro(creditCents) })}
          </Alert>
        )}
      </Stack>
      <PurchaseOverlay visible={flow.submitting} />
    </Card>
  );
}
