/**
 * Calls and answers of the movement history (spec 000 §2, §3, §7) besides its tables (those are
 * `config/tables/movements-*`, `credit-status`, `cancelled-purchases`): the answer's shape the chart
 * reads, the .xlsx download, the advances balance and the exports. A back-office call asks for one
 * company (`Act-For`), and its answer is keyed under `backoffice` and that company.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type BlobAnswer, type QueryValue } from '../../api/client';
import type {
  AcquistiAnnullati,
  ContoAnticipi,
  LineaCredito,
  Movimento,
  StoricoTransazioni,
} from '../../../../schemas/wire-types.gen';

export type MovementEntity = 'utente' | 'azienda';

/** The credit (AVERE) and debit (DARE) of a movement, a month or a period; a row has one of the two. */
export type MovementAmounts = Pick<Movimento, 'AVERE' | 'DARE'>;

/** A movement; `id_utente` and `dipendente` in the company view only. */
export type MovementRow = Movimento;

/** The totals of a month (`month` YYYY-MM). */
export type MonthlyAmounts = StoricoTransazioni['monthly'][number];

/** `GET /api/get_storico_transazioni/{entity}`; `saldo_aziendale` in the company view only. */
export type MovementsAnswer = StoricoTransazioni;

export type CreditLine = LineaCredito;
export type CancelledPage = AcquistiAnnullati;
export type CancelledPurchase = CancelledPage['results'][number];

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
      apiRequest<ContoAnticipi>('/get_status_conto_anticipi', {
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
