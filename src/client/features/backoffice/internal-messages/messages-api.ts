/**
 * Calls of the internal messaging (spec 002 §7): the recipients offered (`GET /api/utenti_azienda`
 * with `solo_attivi=1`) and the sending (`POST /api/comunicazione_interna`), both for the company
 * acted for (`Act-For`), keyed under `backoffice` and that company.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type {
  DipendenteAzienda,
  ComunicazioneInterna,
  ComunicazioneInviata,
} from '../../../../../schemas/wire-types.gen';

export type Recipient = DipendenteAzienda;

export const recipientsQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: ['backoffice', 'utenti_azienda', 'attivi', companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest<Recipient[]>('/utenti_azienda', { signal, query: { solo_attivi: 1 }, actFor: companyId }),
  });

export function sendInternalMessage(
  body: ComunicazioneInterna,
  companyId: number | null,
  idempotencyKey: string,
): Promise<ComunicazioneInviata> {
  return apiRequest<ComunicazioneInviata>('/comunicazione_interna', {
    method: 'POST',
    body,
    actFor: companyId,
    idempotencyKey,
  });
}
