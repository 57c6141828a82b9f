/**
 * The calls of the form engine (spec 001 §7, ARCHITECTURE.md §5): categories, replay, static links,
 * the saved pension fund, the pension information acceptance and the request itself. Small and free
 * of rjsf, so the form route's loader can prefetch with these without loading the form.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type {
  AcquistoFull,
  FondoPrevidenza,
  GruppoLinkStatici,
  IdAcquisto,
  LinkStatico,
  LinkStaticoUrl,
  PrevidenzaInfo,
} from '../../../../schemas/wire-types.gen';
import type { FormCategory } from './form-context';

export type StaticLink = Readonly<LinkStatico>;
export type TutorialGroup = Readonly<GruppoLinkStatici>;
export type PensionFund = Readonly<FondoPrevidenza>;
export type CreatedPurchase = Readonly<IdAcquisto>;

export const formQueryKeys = {
  categories: (kind: number) => ['form-categories', kind] as const,
  replay: (id: number) => ['form-replay', id] as const,
  tutorials: ['static-links', 'tutorial'] as const,
  documentation: (group: string) => ['static-links', 'documentazione', group] as const,
  pensionInformation: ['static-links', 'documentazione', 'informativa_previdenza_integrativa'] as const,
  pensionFund: (covip: string) => ['pension-fund', covip] as const,
};

/** `GET /api/categorie/{kind}`. */
export const categoriesQueryOptions = (kind: number) =>
  queryOptions({
    queryKey: formQueryKeys.categories(kind),
    queryFn: ({ signal }) => apiRequest<FormCategory[]>(`/categorie/${kind}`, { signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/get_acquisto_full/{id}`: the purchase a replay starts from. */
export const replayQueryOptions = (id: number) =>
  queryOptions({
    queryKey: formQueryKeys.replay(id),
    queryFn: ({ signal }) => apiRequest<AcquistoFull>(`/get_acquisto_full/${id}`, { signal }),
    staleTime: 0,
  });

/** `GET /api/static_links/tutorial`: groups of tutorial videos. */
export const tutorialLinksQueryOptions = () =>
  queryOptions({
    queryKey: formQueryKeys.tutorials,
    queryFn: ({ signal }) => apiRequest<TutorialGroup[]>('/static_links/tutorial', { signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/static_links/documentazione?group=<group>`. */
export const documentationLinksQueryOptions = (group: string) =>
  queryOptions({
    queryKey: formQueryKeys.documentation(group),
    queryFn: ({ signal }) =>
      apiRequest<StaticLink[]>('/static_links/documentazione', { signal, query: { group } }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/static_links/documentazione/informativa_previdenza_integrativa` -> `{url}`. */
export const pensionInformationQueryOptions = () =>
  queryOptions({
    queryKey: formQueryKeys.pensionInformation,
    queryFn: ({ signal }) =>
      apiRequest<LinkStaticoUrl>('/static_links/documentazione/informativa_previdenza_integrativa', {
        signal,
      }),
    staleTime: 10 * 60_000,
  });

/**
 * The user's saved fund (`user_anag.covip_fondo`) with its institute and name, looked up with the fund
 * search (`GET /api/fondi_previdenza?term=<covip>`): null when the search does not know the code.
 */
export const pensionFundQueryOptions = (covip: string) =>
  queryOptions({
    queryKey: formQueryKeys.pensionFund(covip),
    queryFn: async ({ signal }) => {
      const funds = await apiRequest<PensionFund[]>('/fondi_previdenza', {
        signal,
        query: { term: covip, limit: 10 },
      });
      return funds.find((fund) => fund.covip === covip) ?? null;
    },
    staleTime: 10 * 60_000,
  });

/** `POST /api/crea_richiesta/{route}`: one `Idempotency-Key` per confirmed submission. */
export function createRequest(
  routeName: string,
  payload: Record<string, unknown>,
  idempotencyKey: string,
): Promise<CreatedPurchase> {
  return apiRequest<CreatedPurchase>(`/crea_richiesta/${encodeURIComponent(routeName)}`, {
    method: 'POST',
    body: payload,
    idempotencyKey,
  });
}

/** `POST /api/previdenza_info_accept`. */
export function acceptPensionInformation(): Promise<PrevidenzaInfo> {
  return apiRequest<PrevidenzaInfo>('/previdenza_info_accept', {
    method: 'POST',
    body: { previdenza_is_ok: true },
  });
}
