import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AziendaAffiliata,
  BenefitHub,
  CartaCarburante,
  CodiceConsegnato,
  CreditiInScadenza,
  GruppoFileUtente,
  IndirizziEsterni,
  LinkApp,
  TicketAssistenzaInviato,
} from '../../../schemas/wire-types.gen';
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

/** The installation's outside addresses (request form, new convention): null hides their buttons. */
export const externalLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['indirizzi-esterni'] as const,
    queryFn: ({ signal }) => apiRequest<IndirizziEsterni>('/indirizzi_esterni', { signal }),
    staleTime: 60 * 60_000,
  });

/** `GET /api/carosello_get_playlist`: the slides of the home carousel (their actions are signed). */
export const carouselPlaylistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.carouselPlaylist,
    queryFn: ({ signal }) => apiRequest<CarouselSlide[]>('/carosello_get_playlist', { signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/crediti_in_scadenza`, under the credit's key: whatever refreshes the balance (a purchase) refreshes this too. */
export const creditExpiryQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.credit, 'scadenze'] as const,
    queryFn: ({ signal }) => apiRequest<CreditiInScadenza>('/crediti_in_scadenza', { signal }),
    select: (answer) => answer.scadenze,
    staleTime: 60_000,
  });

/** The filters of "I Miei Files" (site-archivio-files). */
export interface FileFilters {
  id_ordine?: number;
  id_categoria?: number;
  id_tipo_file?: number;
}

/** `GET /api/files_utente`: the user's documents grouped by purchase, filtered. */
export const userFilesQueryOptions = (filters: FileFilters) =>
  queryOptions({
    queryKey: ['files', filters] as const,
    queryFn: ({ signal }) =>
      apiRequest<GruppoFileUtente[]>('/files_utente', { signal, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/supporto`: the support requests the user sent. */
export const sentTicketsQueryOptions = () =>
  queryOptions({
    queryKey: ['support-tickets'] as const,
    queryFn: ({ signal }) => apiRequest<TicketAssistenzaInviato[]>('/supporto', { signal }),
  });

/** `GET /api/benefit_hub`: the customer code of the discount portal. */
export const benefitHubQueryOptions = () =>
  queryOptions({
    queryKey: ['benefit-hub'] as const,
    queryFn: () => apiRequest<BenefitHub>('/benefit_hub'),
    staleTime: 5 * 60_000,
  });

/** `GET /api/aziende_affiliate` (back office): the companies affiliated to the one acted for. */
export const affiliatedCompaniesQueryOptions = (actFor: number | null) =>
  queryOptions({
    queryKey: ['backoffice', 'aziende_affiliate', actFor] as const,
    queryFn: ({ signal }) => apiRequest<AziendaAffiliata[]>('/aziende_affiliate', { signal, actFor }),
  });

/** `GET /api/dettaglio_acquisto/{id}`: the code a purchase delivered (its owner only). */
export const purchaseDetailQueryOptions = (purchaseId: number) =>
  queryOptions({
    queryKey: ['purchase-detail', purchaseId] as const,
    queryFn: ({ signal }) => apiRequest<CodiceConsegnato>(`/dettaglio_acquisto/${purchaseId}`, { signal }),
    retry: false,
  });

/** `GET /api/bonus_benzina`: the fuel card on offer; 204 (no card) answers no body, kept as null. */
export const fuelBonusQueryOptions = () =>
  queryOptions({
    queryKey: ['showcase', 'bonus-benzina'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<CartaCarburante | undefined>('/bonus_benzina', { signal })) ?? null,
    staleTime: 0,
  });

/** `GET /api/static_links/app`: the store pages of every app voucher page's app. */
export const appLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['static-links', 'app'] as const,
    queryFn: ({ signal }) => apiRequest<LinkApp[]>('/static_links/app', { signal }),
    staleTime: 10 * 60_000,
  });
