/**
 * The loader of the registry pages (config/pages.ts): it fills the query cache with what the page's
 * declaration asks for first (a showcase's first page and header, a table's first page, a content page's
 * calls, an app voucher's offer, a form's user, credit and categories), with the same `queryOptions` the screens read, so preloading a page
 * (hovering its badge) fetches its data too. A failure is the screen's to show, never the router's.
 * Imported by the routes' loaders only (their own chunks): react-query stays out of the login page.
 */
import type { PageDeclaration } from '../../../../config/pages';
import { queryClient } from '../../api/query-client';
import { creditQueryOptions } from '../../api/query-options';
import { ensureContentPageData } from '../../engine/content/content-queries';
import {
  appVoucherOfferQueryOptions,
  firstShowcasePageQueryOptions,
  showcaseHeaderQueryOptions,
} from '../../engine/showcase/query';
import { ensureTablePage, firstTablePageQueryOptions } from '../../engine/table/query';
import { useSessionStore } from '../../stores/session';

const NO_PARAMS: Readonly<Record<string, string>> = {};

/** The first calls of a page, started now, with the values of its path's parameters. */
export function pageRequests(
  page: PageDeclaration,
  params: Readonly<Record<string, string>> = NO_PARAMS,
): Promise<unknown>[] {
  const session = useSessionStore.getState();
  switch (page.kind) {
    case 'showcase': {
      // Behind the mutual-aid disclaimer nothing is asked before it is accepted.
      if (page.gate === 'eurete' && !session.sessionInfos.eurete_cond_agreed) return [];
      const declaration = page.showcase;
      return [
        queryClient.ensureQueryData(firstShowcasePageQueryOptions(declaration, params)),
        declaration.header
          ? queryClient.ensureQueryData(showcaseHeaderQueryOptions(declaration, params))
          : null,
        declaration.open.kind === 'purchase' ? queryClient.ensureQueryData(creditQueryOptions()) : null,
      ].filter((request) => request !== null);
    }
    case 'table': {
      const companyId = session.sessionInfos.act_for?.id ?? null;
      // A company's table waits for the company chosen on the page.
      if (page.table.scope === 'company' && companyId === null) return [];
      const first = firstTablePageQueryOptions(page.table, { companyId });
      return first ? [ensureTablePage(queryClient, first)] : [];
    }
    case 'content':
      return ensureContentPageData(queryClient, page.content);
    case 'app-voucher':
      return [
        queryClient.ensureQueryData(appVoucherOfferQueryOptions(page.page)),
        queryClient.ensureQueryData(creditQueryOptions()),
      ];
    case 'form':
      // The form's preloads (its widgets') are a chunk of their own.
      return [
        import('./-form-loader').then(({ formRequests, replayId }) =>
          Promise.allSettled(formRequests(page.form, replayId(params.id_acq_replay, undefined))),
        ),
      ];
    case 'partner':
      // A partner's call is its hand-off, made when the user asks (bonusx: when the page opens).
      return [];
  }
}

/** The route loader: waits for the page's first data, whatever the answers. */
export async function loadRegistryPage(
  page: PageDeclaration,
  params: Readonly<Record<string, string>> = NO_PARAMS,
): Promise<void> {
  await Promise.allSettled(pageRequests(page, params));
}
