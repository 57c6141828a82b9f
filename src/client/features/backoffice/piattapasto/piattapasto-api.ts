/**
 * Calls of Piattapasto (spec 002 §7), all for the company acted for (`Act-For`), keyed under
 * `backoffice` and that company: the settings (GET and POST), the template CSV, the order CSV upload
 * (multipart field `csv_ordine`), confirm and cancel of the order under review (body `id_ordine`).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type BlobAnswer } from '../../../api/client';
import type {
  PiattapastoImpostazioni,
  PiattapastoImpostazioniSalva,
  PiattapastoOrdineCaricato,
} from '../../../../../schemas/wire-types.gen';

export type Settings = PiattapastoImpostazioni;
export type SettingsBody = PiattapastoImpostazioniSalva;
export type UploadedOrder = PiattapastoOrdineCaricato;

export const settingsQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: ['backoffice', 'piattapasto_impostazioni', companyId] as const,
    queryFn: ({ signal }) => apiRequest<Settings>('/piattapasto_impostazioni', { signal, actFor: companyId }),
    retry: false,
  });

export const saveSettings = (body: SettingsBody, companyId: number | null) =>
  apiRequest<Settings>('/piattapasto_impostazioni', { method: 'POST', body, actFor: companyId });

export const downloadTemplate = (companyId: number | null): Promise<BlobAnswer> =>
  apiRequest('/piattapasto_template', { responseType: 'blob', actFor: companyId });

export function uploadOrder(file: File, companyId: number | null): Promise<UploadedOrder> {
  const form = new FormData();
  form.append('csv_ordine', file, file.name);
  return apiRequest<UploadedOrder>('/piattapasto_carica_ordine', {
    method: 'POST',
    body: form,
    actFor: companyId,
  });
}

export const confirmOrder = (id: number, companyId: number | null) =>
  apiRequest<void>('/piattapasto_conferma_ordine', {
    method: 'POST',
    body: { id_ordine: id },
    actFor: companyId,
  });

export const cancelOrder = (id: number, companyId: number | null) =>
  apiRequest<void>('/piattapasto_annulla_ordine', {
    method: 'DELETE',
    body: { id_ordine: id },
    actFor: companyId,
  });
