/**
 * A declared showcase (config/showcases) on screen: the optional header (logo, title, description),
 * the search box (debounced, from the declared characters), the grid with the declared items per row
 * by breakpoint, the pager under server paging, the empty and load-error texts, and what a click opens
 * (a route, the detail modal, or the detail with a purchase of config/purchases run by the purchase
 * engine). No per-showcase code.
 */
import {
  Alert,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { findPurchase } from '../../../../config/purchases';
import type { PurchaseDeclaration } from '../../../../config/purchases/types';
import type { ShowcaseDeclaration } from '../../../../config/showcases/types';
import { formatFormMessage } from '../../../shared/catalogues/forms';
import { formatTableMessage, messages as tableMessages } from '../../../shared/catalogues/tables';
import { parseCents } from '../../../shared/money';
import { checkPurchase, purchaseBody, purchaseCall } from '../../../shared/purchases';
import { creditQueryOptions } from '../../api/query-options';
import { routePath } from '../../components/route-link';
import { SafeHtml } from '../../components/safe-html';
import { PurchaseOverlay, usePurchaseCompleted, usePurchaseFlow } from '../purchase';
import {
  readField,
  readHeader,
  readPage,
  showcaseHeaderQueryOptions,
  showcaseQueryOptions,
  textOf,
  type Item,
} from './query';
import { ShowcaseCard } from './showcase-card';
import { ShowcaseModal } from './showcase-modal';
import { useDebouncedSearch } from './use-debounced-search';
import classes from './showcase.module.css';

export interface ShowcaseGridProps {
  declaration: ShowcaseDeclaration;
  /** Values of the declaration's `params` (route parameters). */
  params?: Readonly<Record<string, string>>;
  /** Where a `purchase` click finds its declaration (default: config/purchases). */
  purchases?: readonly PurchaseDeclaration[];
  /** After a purchase's success dialog (default: credit refreshed, then the menu). */
  onCompleted?: () => void;
  /** What a `select` click does with the item. */
  onSelect?: (item: Item) => void;
}

const NO_PARAMS: Readonly<Record<string, string>> = {};

export function ShowcaseGrid({
  declaration,
  params = NO_PARAMS,
  purchases,
  onCompleted,
  onSelect,
}: ShowcaseGridProps) {
  const router = useRouter();
  const search = useDebouncedSearch(declaration.search?.minChars ?? 0, declaration.search?.debounceMs ?? 0);
  // The page belongs to a search: a new search (clearing it too) starts from its first page, in the
  // same render, so no call goes out for the old page with the new search.
  const [paged, setPaged] = useState({ search: '', page: 1 });
  if (paged.search !== search.search) setPaged({ search: search.search, page: 1 });
  const page = paged.search === search.search ? paged.page : 1;
  const setPage = (next: number) => setPaged({ search: search.search, page: next });
  const [opened, setOpened] = useState<Item | null>(null);

  const query = useQuery(showcaseQueryOptions(declaration, { params, page, search: search.search }));
  const header = useQuery(showcaseHeaderQueryOptions(declaration, params));
  const { open } = declaration;
  const purchase = useMemo(
    () => (open.kind === 'purchase' ? findPurchase(open.purchase, purchases) : undefined),
    [open, purchases],
  );
  const credit = useQuery({ ...creditQueryOptions(), enabled: purchase !== undefined });
  const toMenu = usePurchaseCompleted();
  const flow = usePurchaseFlow(onCompleted ?? toMenu);

  const pageData = query.data === undefined ? null : readPage(declaration, query.data);
  const pageSize = declaration.paging.mode === 'server' ? declaration.paging.defaultPageSize : 0;
  const pages = pageData && pageSize > 0 ? Math.max(1, Math.ceil(pageData.count / pageSize)) : 1;

  const hrefOf = (item: Item): string | undefined => {
    if (open.kind !== 'route') return undefined;
    const route =
      typeof open.route === 'string'
        ? open.route
        : open.route.routes[String(readField(item, open.route.field))];
    if (route === undefined) return undefined;
    const routeParams: Record<string, string> = {};
    for (const [param, field] of Object.entries(open.params ?? {})) routeParams[param] = textOf(item, field);
    return routePath(route, routeParams);
  };

  const creditCents = purchase && credit.data ? (parseCents(credit.data[purchase.balance]) ?? 0) : 0;
  const priceCents = (item: Item): number | null =>
    open.kind === 'purchase' ? parseCents(textOf(item, open.price)) : null;

  const buy = async (item: Item) => {
    if (open.kind !== 'purchase' || !purchase) return;
    const price = priceCents(item);
    const body = purchaseBody(purchase, { product: textOf(item, open.code) || null });
    const check = checkPurchase(purchase, body, price === null ? null : { priceCents: price });
    setOpened(null);
    if (check.amountCents === null) return;
    await flow.run({
      call: purchaseCall(purchase),
      body,
      balance: purchase.balance,
      creditCents,
      amountCents: check.amountCents,
      successText: formMessages[purchase.texts.success],
      after: purchase.after,
    });
  };

  const headerItem =
    header.data !== undefined && declaration.header
      ? readHeader(declaration.header.source, header.data)
      : null;

  return (
    <Stack gap="md" data-testid={`showcase-${declaration.name}`}>
      {declaration.header && headerItem && (
        <Group align="flex-start" wrap="nowrap" gap="md" data-testid="showcase-header">
          {declaration.header.image && textOf(headerItem, declaration.header.image) && (
            <Image
              src={textOf(headerItem, declaration.header.image)}
              alt=""
              className={classes.headerImage}
              fit="contain"
            />
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {textOf(headerItem, declaration.header.title)}
            </Title>
            {declaration.header.description &&
              (declaration.header.html ? (
                <SafeHtml html={textOf(headerItem, declaration.header.description)} />
              ) : (
                <Text size="sm">{textOf(headerItem, declaration.header.description)}</Text>
              ))}
          </Stack>
        </Group>
      )}
      {declaration.search && (
        <TextInput
          label={formMessages[declaration.search.label]}
          description={formatFormMessage('formShowcaseSearchHint', { n: declaration.search.minChars })}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          type="search"
          value={search.typed}
          onChange={(event) => search.setTyped(event.currentTarget.value)}
          data-testid="showcase-search"
        />
      )}
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={formMessages.formShowcaseLoading} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" data-testid="showcase-load-error">
          {formMessages[declaration.texts.loadError]}
        </Alert>
      ) : pageData && pageData.items.length === 0 ? (
        <Alert color="gray" data-testid="showcase-empty">
          {formMessages[declaration.texts.empty]}
        </Alert>
      ) : (
        <SimpleGrid
          cols={{ ...declaration.perRow }}
          spacing="sm"
          verticalSpacing="sm"
          data-testid="showcase-grid"
        >
          {pageData?.items.map((item) => {
            const href = hrefOf(item);
            return (
              <ShowcaseCard
                key={textOf(item, declaration.card.key)}
                item={item}
                card={declaration.card}
                {...(href !== undefined ? { href } : {})}
                {...(open.kind === 'none'
                  ? {}
                  : {
                      onOpen: () => {
                        if (open.kind === 'select') onSelect?.(item);
                        else if (href !== undefined) router.history.push(href);
                        else if (open.kind !== 'route') setOpened(item);
                      },
                    })}
              />
            );
          })}
        </SimpleGrid>
      )}
      {pageData && pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            siblings={0}
            size="sm"
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? tableMessages.tablePreviousPage : tableMessages.tableNextPage,
            })}
            getItemProps={(n) => ({ 'aria-label': formatTableMessage('tablePage', { n }) })}
            data-testid="showcase-pager"
          />
        </Center>
      )}
      {declaration.back && (
        <Group>
          <Button
            variant="default"
            component="a"
            href={routePath(declaration.back.route)}
            onClick={(event) => {
              event.preventDefault();
              router.history.push(routePath(declaration.back!.route));
            }}
          >
            {formMessages[declaration.back.label]}
          </Button>
        </Group>
      )}
      {(open.kind === 'detail' || open.kind === 'purchase') && (
        <ShowcaseModal
          item={opened}
          card={declaration.card}
          detail={open.detail}
          onClose={() => setOpened(null)}
          {...(open.kind === 'purchase' && purchase && opened
            ? {
                purchase: {
                  affordable: credit.isSuccess && (priceCents(opened) ?? Infinity) <= creditCents,
                  insufficient: formMessages[open.insufficient],
                  buyLabel: formMessages[purchase.texts.buy ?? 'formPurchaseBuy'],
                  onBuy: () => void buy(opened),
                },
              }
            : {})}
        />
      )}
      <PurchaseOverlay visible={flow.submitting} />
    </Stack>
  );
}
