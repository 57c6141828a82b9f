/**
 * The calls of the operator console (issue 26, `src/server/routes/operator`): who is signed in with the
 * filters' choices, one request (reading it puts it in review), a decision, a document inline, the
 * payouts overview and a new batch. The lists are the declared tables `operator-queue`,
 * `operator-batches` and `operator-audit`.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  OperatoreDecisione,
  OperatoreEsito,
  OperatorePagamenti,
  OperatoreProfilo,
  OperatoreRichiesta,
} from '../../../../schemas/wire-types.gen';
import { apiRequest, type BlobAnswer } from '../../api/client';

export const operatorProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['operator-profile'] as const,
    queryFn: ({ signal }) => apiRequest<OperatoreProfilo>('/operatore/profilo', { signal }),
    staleTime: 5 * 60_000,
  });

export const operatorRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['operator-request', id] as const,
    queryFn: ({ signal }) => apiRequest<OperatoreRichiesta>(`/operatore/richieste/${id}`, { signal }),
    // A missing request, or one outside the operator's customers (404), does not appear by asking again.
    retry: false,
  });

/** Read again after a batch action of the declared table (its `refresh.queries`). */
export const operatorPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: ['operator-payouts'] as const,
    queryFn: ({ signal }) => apiRequest<OperatorePagamenti>('/operatore/pagamenti', { signal }),
  });

export function decide(id: number, decision: OperatoreDecisione): Promise<OperatoreEsito> {
  return apiRequest<OperatoreEsito>(`/operatore/richieste/${id}/decisione`, {
    method: 'POST',
    body: decision,
  });
}

export function loadDocument(id: number, signal?: AbortSignal): Promise<BlobAnswer> {
  return apiRequest(`/operatore/documenti/${id}`, { responseType: 'blob', signal });
}

/** A document shown inline: its blob, kept while shown (a failure is not asked again). */
export const operatorDocumentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['operator-document', id] as const,
    queryFn: ({ signal }) => loadDocument(id, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
  });

export interface BatchCreated {
  id: number;
  bonifici: number;
  totale: string;
  data_esecuzione: string;
}

export function createBatch(conto: number, dataEsecuzione: string): Promise<BatchCreated> {
  return apiRequest<BatchCreated>('/operatore/pagamenti', {
    method: 'POST',
    body: { conto, data_esecuzione: dataEsecuzione },
  });
}

/** A row of `GET /api/operatore/importazioni` (the declared table `operator-imports`). */
export interface OperatorImport {
  id: number;
  azienda: string;
  cliente: string;
  stato: string;
  file: string;
  righe: number | null;
  righe_con_avvisi: number | null;
  note: string;
  creata_il: string;
  da_decidere: boolean;
}

/** Rejects a validated import (409 when it can no longer be decided). */
export function rejectImport(id: number, motivo: string): Promise<{ id: number; stato: string }> {
  const note = motivo.trim();
  return apiRequest(`/operatore/importazioni/${id}/rifiuta`, {
    method: 'POST',
    body: note === '' ? {} : { motivo: note },
  });
}

/** A row of `GET /api/operatore/piattapasto` (the declared table `operator-piattapasto`). */
export interface OperatorPiattapastoOrder {
  id: number;
  azienda: string;
  fornitore: string;
  stato: string;
  valore_buono: string;
  creato_il: string;
  errore: string | null;
  da_inviare: boolean;
}

/** Queues the sending of every confirmed order of the customers served: the orders queued. */
export function sendPiattapastoOrders(): Promise<{ ordini: number[] }> {
  return apiRequest('/operatore/piattapasto/invio', { method: 'POST' });
}

/** A row of `GET /api/operatore/fornitori` (the declared table `operator-suppliers`). */
export interface OperatorSupplier {
  id: number;
  nome: string;
  comune: string;
  provincia: string | null;
  ha_chiave: boolean;
}

/** A new API key of a supplier, the previous one revoked: shown once (403 for a limited operator). */
export function issueSupplierKey(id: number): Promise<{ id: number; chiave: string }> {
  return apiRequest(`/operatore/fornitori/${id}/chiave`, { method: 'POST' });
}

/** A row of `GET /api/operatore/codici-buoni` (the declared table `operator-codes`). */
export interface OperatorCodeStock {
  acquisto: string;
  prodotto: string;
  titolo: string;
  liberi: number;
  consegnati: number;
  scaduti: number;
  prossima_scadenza: string | null;
  livello: number;
  bassa: boolean;
}

/** Loads a CSV of codes: all of it, or nothing (400 with `righe`, every wrong line). */
export function uploadCodes(fileName: string, content: string): Promise<{ caricati: number }> {
  return apiRequest('/operatore/codici-buoni', {
    method: 'POST',
    body: { nome_file: fileName, contenuto: content },
  });
}
