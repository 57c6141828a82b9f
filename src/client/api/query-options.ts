import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { CreditAnswer, LoggedUserInfo, MenuPerms, NotificationCounts, ReferentCompany } from './types';

export const queryKeys = {
  userInfo: ['user-info'] as const,
  menuPerms: ['menu-perms'] as const,
  credit: ['credit'] as const,
  notificationCounts: ['notification-counts'] as const,
  referentCompanies: ['referent-companies'] as const,
};

/** `GET /api/get-logged-user-info`. */
export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userInfo,
    queryFn: ({ signal }) => apiRequest<LoggedUserInfo>('/get-logged-user-info', { signal }),
  });

/** `GET /api/get_menu_perms`: the keys of the answer are the permissions. */
export const menuPermsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.menuPerms,
    queryFn: ({ signal }) => apiRequest<MenuPerms>('/get_menu_perms', { signal }),
    select: (perms) => Object.keys(perms),
  });

/** `GET /api/pdoppiaapi/credito_utente`: money is kept fresh (a few seconds at most). */
export const creditQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.credit,
    queryFn: ({ signal }) => apiRequest<CreditAnswer>('/pdoppiaapi/credito_utente', { signal }),
    select: (answer) => answer.crediti,
    staleTime: 5_000,
  });

/** `GET /api/info_notifiche` (polling comes with the notifications issue). */
export const notificationCountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationCounts,
    queryFn: ({ signal }) => apiRequest<NotificationCounts>('/info_notifiche', { signal }),
  });

/** `GET /api/aziende_referente` (back office: carries `Act-For`). */
export const referentCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.referentCompanies,
    queryFn: ({ signal }) =>
      apiRequest<ReferentCompany[]>('/aziende_referente', { signal, backOffice: true }),
  });
