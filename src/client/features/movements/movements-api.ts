/**
 * Calls and answers of the movement history (spec 000 §2, §3, §7) besides its tables (those are
 * `config/tables/movements-*`, `credit-status`, `cancelled-purchases`): the answer's shape the chart
 * reads, the .xlsx download, the advances balance and the exports. A back-office call asks for one
 * company (`Act-For`), and its answer is keyed under `backoffice` and that company.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type BlobAnswer, type QueryValue } from '../../api/client';

export type MovementEntity = 'utente' | 'azienda';

export interface MovementAmounts {
  AVERE: string | null;
  DARE: string | null;
}

export interface MovementRow extends MovementAmounts {
  id: number;
  id_kind: number;
  kind: string;
  id_acquisto: number | null;
  stato_acquisto: string | null;
  oggetto: string | null;
  soggetto: string | null;
  created: string;
  /** Company view only. */
  id_utente?: number;
  dipendente?: string | null;
}

export interface MonthlyAmounts extends MovementAmounts {
  /** YYYY-MM */
  month: string;
}

export interface MovementsAnswer {
  date_start: string;
  date_stop: string;
  count: number;
  results: MovementRow[];
  totals: MovementAmounts;
  monthly: MonthlyAmounts[];
  /** Company view only. */
  saldo_aziendale?: string | null;
}

/** Filters of the history, as in the route's search parameters. */
export interface MovementFilters {
  date_start?: string | undefined;
  date_stop?: string | undefined;
  search?: string | undefined;
}

function movementsQuery(filters: MovementFilters) {
  const query: Record<string, QueryValue> = {
    date_start: filters.date_start,
    date_stop: filters.date_stop,
    search: filters.search,
  };
  return query;
}

const movementsPath = (entity: MovementEntity) => `/get_storico_transazioni/${entity}`;

/** The same movements as an .xlsx file (`download=true`). */
export function downloadMovements(
  entity: MovementEntity,
  filters: MovementFilters,
  companyId: number | null,
): Promise<BlobAnswer> {
  return apiRequest(movementsPath(entity), {
    query: { ...movementsQuery(filters), download: true },
    responseType: 'blob',
    ...(entity === 'azienda' ? { actFor: companyId } : {}),
  });
}

/** `GET /api/get_status_conto_anticipi` (back office). */
export const advancesQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: ['backoffice', 'advances', companyId] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ saldo_anticipi: string | null }>('/get_status_conto_anticipi', {
        signal,
        actFor: companyId,
      }),
  });

/** `GET /api/export_wfbridge_fine_mese` (back office, blob). */
export function downloadPayrollExport(
  dateStart: string,
  dateEnd: string,
  companyId: number | null,
): Promise<BlobAnswer> {
  return apiRequest('/export_wfbridge_fine_mese', {
    query: { date_start: dateStart, date_end: dateEnd },
    responseType: 'blob',
    actFor: companyId,
  });
}

/** `GET /api/export_crediti_res_utenti` (back office, blob). */
export function downloadResidualCredits(companyId: number | null): Promise<BlobAnswer> {
  return apiRequest('/export_crediti_res_utenti', { responseType: 'blob', actFor: companyId });
}
