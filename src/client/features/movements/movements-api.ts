/**
 * Calls of the movement history (spec 000 §2, §3, §7): the movements of the user or of the company
 * acted for, the credit lines, the cancelled purchases, the advances balance and the exports.
 * Back-office answers are keyed under `backoffice` and the company acted for.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { constants } from '../../../../config/constants';
import { apiRequest, type BlobAnswer, type QueryValue } from '../../api/client';
import type {
  AcquistiAnnullati,
  ContoAnticipi,
  LineaCredito,
  Movimento,
  StoricoTransazioni,
} from '../../../../schemas/wire-types.gen';

export type MovementEntity = 'utente' | 'azienda';

/** Page sizes of the movements and of the cancelled purchases (spec 000 §9). */
export const PAGE_SIZES = constants.cancelledPurchasesPageSizes;
export const MOVEMENTS_DEFAULT_PAGE_SIZE = 25;

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

export interface MovementsParams extends MovementFilters {
  entity: MovementEntity;
  /** The company acted for (company view), part of the cache key. */
  actForId: number | null;
  page: number;
  pageSize: number;
}

function movementsQuery(params: MovementFilters & { page?: number; pageSize?: number }) {
  const query: Record<string, QueryValue> = {
    date_start: params.date_start,
    date_stop: params.date_stop,
    search: params.search,
  };
  if (params.page !== undefined) query.page = params.page;
  if (params.pageSize !== undefined) query.page_size = params.pageSize;
  return query;
}

const movementsPath = (entity: MovementEntity) => `/get_storico_transazioni/${entity}`;

const scope = (entity: MovementEntity, actForId: number | null) =>
  entity === 'azienda' ? (['backoffice', 'movements', actForId] as const) : (['movements'] as const);

/** `GET /api/get_storico_transazioni/{entity}`: one page and the period's totals and months. */
export const movementsQueryOptions = ({ entity, actForId, page, pageSize, ...filters }: MovementsParams) =>
  queryOptions({
    queryKey: [
      ...scope(entity, actForId),
      filters.date_start ?? '',
      filters.date_stop ?? '',
      filters.search ?? '',
      page,
      pageSize,
    ] as const,
    queryFn: ({ signal }) =>
      apiRequest<MovementsAnswer>(movementsPath(entity), {
        signal,
        query: movementsQuery({ ...filters, page, pageSize }),
        backOffice: entity === 'azienda',
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The same movements as an .xlsx file (`download=true`). */
export function downloadMovements(entity: MovementEntity, filters: MovementFilters): Promise<BlobAnswer> {
  return apiRequest(movementsPath(entity), {
    query: { ...movementsQuery(filters), download: true },
    responseType: 'blob',
    backOffice: entity === 'azienda',
  });
}

/** `GET /api/crediti_lista`: the user's credit lines. */
export const creditLinesQueryOptions = () =>
  queryOptions({
    queryKey: ['credit-lines'] as const,
    queryFn: ({ signal }) => apiRequest<CreditLine[]>('/crediti_lista', { signal }),
    staleTime: 0,
  });

/** `GET /api/acquisti_annullati`: one page of cancelled purchases. */
export const cancelledQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['cancelled-purchases', page, pageSize] as const,
    queryFn: ({ signal }) =>
      apiRequest<CancelledPage>('/acquisti_annullati', { signal, query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** `GET /api/get_status_conto_anticipi` (back office). */
export const advancesQueryOptions = (actForId: number | null) =>
  queryOptions({
    queryKey: ['backoffice', 'advances', actForId] as const,
    queryFn: ({ signal }) =>
      apiRequest<ContoAnticipi>('/get_status_conto_anticipi', {
        signal,
        backOffice: true,
      }),
  });

/** `GET /api/export_wfbridge_fine_mese` (back office, blob). */
export function downloadPayrollExport(dateStart: string, dateEnd: string): Promise<BlobAnswer> {
  return apiRequest('/export_wfbridge_fine_mese', {
    query: { date_start: dateStart, date_end: dateEnd },
    responseType: 'blob',
    backOffice: true,
  });
}

/** `GET /api/export_crediti_res_utenti` (back office, blob). */
export function downloadResidualCredits(): Promise<BlobAnswer> {
  return apiRequest('/export_crediti_res_utenti', { responseType: 'blob', backOffice: true });
}
