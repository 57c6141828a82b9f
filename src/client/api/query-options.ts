import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client';
import type {
  CarouselSlide,
  CreditAnswer,
  LoggedUserInfo,
  MenuPerms,
  NotificationBox,
  NotificationCounts,
  NotificationMode,
  NotificationPage,
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
  /** Prefix of every notification list (inbox and archive, any mode and page). */
  notificationLists: ['notification-list'] as const,
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
 * `constants.notificationPollingMs` while a session exists (features/shell/notification-bell.tsx).
 */
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
export const carouselPlaylistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.carouselPlaylist,
    queryFn: ({ signal }) => apiRequest<CarouselSlide[]>('/carosello_get_playlist', { signal }),
    staleTime: 10 * 60_000,
  });

export interface NotificationListParams {
  box: NotificationBox;
  mode: NotificationMode;
  page: number;
  pageSize: number;
}

/** `GET /api/notifiche_utente_list` or its `_archivio` variant, one page (spec 002 §7). */
export const notificationListQueryOptions = ({ box, mode, page, pageSize }: NotificationListParams) =>
  queryOptions({
    queryKey: [...queryKeys.notificationLists, box, mode, page, pageSize] as const,
    queryFn: ({ signal }) =>
      apiRequest<NotificationPage>(
        box === 'archive' ? '/notifiche_utente_list_archivio' : '/notifiche_utente_list',
        { signal, query: { page, page_size: pageSize, mode } },
      ),
    staleTime: 0,
  });
