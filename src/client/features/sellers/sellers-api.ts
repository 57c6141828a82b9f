/**
 * The conventions calls the screens read (spec 002 §7 "Suppliers and vouchers"; names in
 * src/server/routes/sellers): query options and the two writes (PIN, disclaimer). Types come from schemas/.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Articolo,
  CategoriaFornitori,
  ConvSpecialAgreed,
  FornitoreConvenzionato,
  InfoFornitore,
  PinStatus,
  Provincia,
  TagliBuoni,
} from '../../../../schemas/wire-types.gen';
import { apiRequest } from '../../api/client';

export const sellersKeys = {
  all: ['sellers'] as const,
  pin: ['sellers', 'pin'] as const,
  agreed: ['sellers', 'agreed'] as const,
};

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...sellersKeys.all, 'categories'] as const,
    queryFn: ({ signal }) => apiRequest<CategoriaFornitori[]>('/categorie_fornitori', { signal }),
    staleTime: 60_000,
  });

export const provincesQueryOptions = () =>
  queryOptions({
    queryKey: [...sellersKeys.all, 'provinces'] as const,
    queryFn: ({ signal }) => apiRequest<Provincia[]>('/province_fornitori', { signal }),
    staleTime: 60_000,
  });

export const supplierQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...sellersKeys.all, 'supplier', id] as const,
    queryFn: ({ signal }) =>
      apiRequest<InfoFornitore>(`/info_fornitore/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...sellersKeys.all, 'article', id] as const,
    queryFn: ({ signal }) => apiRequest<Articolo>(`/info_articolo/${encodeURIComponent(id)}`, { signal }),
    staleTime: 10_000,
  });

export const affiliatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...sellersKeys.all, 'affiliates', id] as const,
    queryFn: ({ signal }) =>
      apiRequest<FornitoreConvenzionato[]>(`/fornitori_consorzio/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });

export const cutsQueryOptions = () =>
  queryOptions({
    queryKey: [...sellersKeys.all, 'cuts'] as const,
    queryFn: ({ signal }) => apiRequest<TagliBuoni>('/tagli_buoni', { signal }),
    staleTime: 300_000,
  });

export const pinQueryOptions = () =>
  queryOptions({
    queryKey: sellersKeys.pin,
    queryFn: ({ signal }) => apiRequest<PinStatus>('/pin_identificativo', { signal }),
    staleTime: 0,
  });

export const agreedQueryOptions = () =>
  queryOptions({
    queryKey: sellersKeys.agreed,
    queryFn: ({ signal }) => apiRequest<ConvSpecialAgreed>('/conv_special_agreed', { signal }),
    staleTime: Infinity,
  });

export const generatePin = () => apiRequest<PinStatus>('/pin_identificativo', { method: 'POST' });

export const acceptDisclaimer = () =>
  apiRequest<ConvSpecialAgreed>('/conv_special_agreed', { method: 'POST' });

/** The session's copy of the acceptance (002 §2.1: "kept in the session"). */
export const AGREED_SESSION_KEY = 'conv_special_agreed';

export function agreedInSession(): boolean {
  try {
    return window.sessionStorage.getItem(AGREED_SESSION_KEY) === 'true';
  } catch {
    return false;
  }
}

export function keepAgreedInSession(): void {
  try {
    window.sessionStorage.setItem(AGREED_SESSION_KEY, 'true');
  } catch {
    // Private mode without storage: the server's copy still holds it.
  }
}
