import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IndirizziEsterni } from '../../../schemas/wire-types.gen';
import { ApiError, apiRequest } from './client';
import type {
  CarouselSlide,
  CreditAnswer,
  LoggedUserInfo,
  MenuPerms,
  NotificationCounts,
  ReferentCompany,
  UserPrivacy,
} from './types';

export const queryKeys = {
  userInfo: ['user-info'] as const,
  menuPerms: ['menu-perms'] as const,
  credit: ['credit'] as const,
  notificationCounts: ['notification-counts'] as const,
  referentCompanies: ['referent-companies'] as const,
  userPrivacy: ['user-privacy'] as const,
  carouselPlaylist: ['carousel-playlist'] as const,
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

/**
 * `GET /api/info_notifiche`: the bell's counters. The bell polls it every
 * `screenConstants.notificationPollingMs` while a session exists (features/shell/notification-bell.tsx).
 */
export const notificationCountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationCounts,
    queryFn: ({ signal }) => apiRequest<NotificationCounts>('/info_notifiche', { signal }),
  });

/**
 * `GET /api/aziende_referente` (back office): asked for the company acted for, which keys the
 * answer and goes as `Act-For`. The previous list stays on screen while another company's loads.
 */
export const referentCompaniesQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: ['backoffice', ...queryKeys.referentCompanies, companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest<ReferentCompany[]>('/aziende_referente', { signal, actFor: companyId }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/user_privacy`: the consent given, or null when there is none yet (404). */
export const userPrivacyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userPrivacy,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<UserPrivacy>('/user_privacy', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `GET /api/carosello_get_playlist`: the slides of the home carousel (their actions are signed). */
/** The installation's outside addresses (request form, new convention): null hides their buttons. */
export const externalLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['indirizzi-esterni'] as const,
    queryFn: ({ signal }) => apiRequest<IndirizziEsterni>('/indirizzi_esterni', { signal }),
    staleTime: 60 * 60_000,
  });

export const carouselPlaylistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.carouselPlaylist,
    queryFn: ({ signal }) => apiRequest<CarouselSlide[]>('/carosello_get_playlist', { signal }),
    staleTime: 10 * 60_000,
  });
