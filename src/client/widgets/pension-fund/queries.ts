/**
 * The calls of the pension block's hooks (spec 001 §2, §4): the saved fund's institute and name, the
 * address of the pension information and its acceptance. Free of React and rjsf: the route loader
 * prefetches the saved fund through `preload` without loading the form.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { LoggedUserInfo } from '../../api/types';

export interface SavedPensionFund {
  readonly covip: string;
  readonly nome: string;
  readonly istituto: string;
}

export const pensionQueryKeys = {
  information: ['static-links', 'documentazione', 'informativa_previdenza_integrativa'] as const,
  fund: (covip: string) => ['pension-fund', covip] as const,
};

/** `GET /api/static_links/documentazione/informativa_previdenza_integrativa` -> `{url}`. */
export const pensionInformationQueryOptions = () =>
  queryOptions({
    queryKey: pensionQueryKeys.information,
    queryFn: ({ signal }) =>
      apiRequest<{ url: string }>('/static_links/documentazione/informativa_previdenza_integrativa', {
        signal,
      }),
    staleTime: 10 * 60_000,
  });

/**
 * The COVIP code of the user's saved fund (`user_anag.covip_fondo` of `GET /api/get-logged-user-info`),
 * null when none is saved. The form engine knows nothing of it: the block reads it from the logged user.
 */
export function savedCovipOf(userInfo: Pick<LoggedUserInfo, 'user_anag'> | undefined): string | null {
  const covip = userInfo?.user_anag.covip_fondo;
  return covip && covip.trim() !== '' ? covip : null;
}

/**
 * The user's saved fund (`user_anag.covip_fondo`) with its institute and name, looked up with the fund
 * search (`GET /api/fondi_previdenza?term=<covip>`): null when the search does not know the code.
 */
export async function fetchSavedFund(covip: string, signal?: AbortSignal): Promise<SavedPensionFund | null> {
  const funds = await apiRequest<SavedPensionFund[]>('/fondi_previdenza', {
    signal,
    query: { term: covip, limit: 10 },
  });
  return funds.find((fund) => fund.covip === covip) ?? null;
}

/** `POST /api/previdenza_info_accept`. */
export function acceptPensionInformation(): Promise<{ previdenza_is_ok: boolean }> {
  return apiRequest<{ previdenza_is_ok: boolean }>('/previdenza_info_accept', {
    method: 'POST',
    body: { previdenza_is_ok: true },
  });
}
