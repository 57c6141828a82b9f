/**
 * The calls a content page's blocks make (the FAQ frame's address, the tutorial videos, the documentation
 * groups), as `queryOptions`: the blocks read them with `useQuery`, the page route's loader fills the cache
 * with the same keys first (`ensureContentPageData`). No React here.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ContentPage } from '../../../../config/content-pages/types';
import type { FaqFrame } from '../../../../schemas/wire-types.gen';
import { apiRequest } from '../../api/client';
import { documentationLinksQueryOptions, tutorialLinksQueryOptions } from '../forms/form-queries';

/** `GET /api/faq_url`: the address of the FAQ frame. */
export const faqUrlQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'faq-url'] as const,
    queryFn: ({ signal }) => apiRequest<FaqFrame>('/faq_url', { signal }),
    staleTime: 60 * 60_000,
  });

/**
 * What a page's blocks ask for when it opens (articles and legal tables ask nothing), put in `client`'s
 * cache with the blocks' own keys: the page route's loader calls it.
 */
export function ensureContentPageData(
  client: QueryClient,
  page: Pick<ContentPage, 'blocks'>,
): Promise<unknown>[] {
  return page.blocks.flatMap((block): Promise<unknown>[] => {
    switch (block.kind) {
      case 'faq-frame':
        return [client.ensureQueryData(faqUrlQueryOptions())];
      case 'videos':
        return [client.ensureQueryData(tutorialLinksQueryOptions())];
      case 'link-groups':
        return block.groups.map((group) =>
          client.ensureQueryData(documentationLinksQueryOptions(group.slug)),
        );
      default:
        return [];
    }
  });
}
