/**
 * The user's movement history (route dashmovimenti, spec 000 §2, §3 Movement row, §9): one server
 * page of `get_storico_transazioni/utente` with the period's totals; the replay button towards the
 * form the server names for the row (`modulo_replay`, or by kind from a server that names none), and
 * the link to the detail of a purchase that delivered a code. The period and text filters, the chart
 * and the balances are screen code.
 */
import { forms } from '../forms';
import { screenConstants } from '../screen-constants';
import { movementKinds } from '../movement-kinds';
import { routes, type RouteName } from '../routes';
import type { TableColumn, TableDeclaration } from './types';

export const movementPaging = {
  mode: 'server',
  pageSizes: screenConstants.cancelledPurchasesPageSizes,
  defaultPageSize: 25,
  texts: {
    pageSize: 'movPageSize',
    total: 'tableTotal',
    pages: 'tablePages',
    page: 'tablePage',
    previous: 'tablePreviousPage',
    next: 'tableNextPage',
  },
} as const;

/** Columns before the employee (company view only). */
export const movementLeadColumns: readonly TableColumn[] = [
  { kind: 'date-time', field: 'created', label: 'date', cardHeader: true },
  {
    kind: 'status',
    field: 'id_kind',
    label: 'movColKind',
    set: 'movement-kind',
    plain: true,
    fallbackField: 'kind',
  },
  { kind: 'text', field: 'id_acquisto', label: 'movColPurchase' },
  { kind: 'text', field: 'oggetto', label: 'movColObject', empty: 'movHidden' },
  { kind: 'text', field: 'soggetto', label: 'movColSubject' },
];

export const movementAmountColumns: readonly TableColumn[] = [
  { kind: 'euro', field: 'AVERE', label: 'movAvere', total: 'totals.AVERE', totalTestId: 'total-avere' },
  { kind: 'euro', field: 'DARE', label: 'movDare', total: 'totals.DARE', totalTestId: 'total-dare' },
];

export const movementTestIds = {
  row: 'movement-row',
  skeleton: 'movement-skeleton',
  empty: 'movements-empty',
  total: 'pager-total',
  totals: 'movement-totals',
} as const;

/**
 * The replay form the server names (`modulo_replay`, issue 25: the form the request was sent through):
 * any request form route (`/base-request/<route_name>`). A name the portal does not know opens nothing.
 */
const formRoutes: Record<string, RouteName> = Object.fromEntries(
  (Object.keys(routes) as RouteName[])
    .filter((name) => routes[name].group === 'base-request')
    .map((name) => [name, name]),
);

/** The replay form of each kind that has one (movement-kinds.ts), for a server that sends no `modulo_replay`. */
const replayRoutes: Record<string, RouteName> = Object.fromEntries(
  movementKinds.flatMap((kind) =>
    'replayRoute' in kind ? [[String(kind.id), kind.replayRoute as RouteName]] : [],
  ),
);

/** The movement kinds of the request forms (config/forms): their purchases are requests with a life (issue 26). */
const requestKinds: readonly number[] = [...new Set(forms.map((form) => form.kind))];

export const movementsUserTable = {
  name: 'movements-user',
  caption: 'movTableCaption',
  scope: 'user',
  source: {
    path: '/get_storico_transazioni/utente',
    params: ['date_start', 'date_stop', 'search'],
    rows: 'results',
  },
  paging: movementPaging,
  columns: [...movementLeadColumns, ...movementAmountColumns],
  rowActions: [
    {
      kind: 'navigate',
      label: 'movReplay',
      ariaLabel: { text: 'movReplayLabel', params: { id: 'id_acquisto' } },
      route: [
        { field: 'modulo_replay', routes: formRoutes },
        { field: 'id_kind', routes: replayRoutes },
      ],
      params: { id_acq_replay: 'id_acquisto' },
      when: { field: 'id_acquisto', notEquals: null },
      icon: 'repeat',
      testId: 'movement-replay',
    },
    // A purchase that delivered a code (a voucher, a card, a mutual-aid adhesion): its detail (issue 13).
    {
      kind: 'navigate',
      label: 'movDeliveredCode',
      ariaLabel: { text: 'movDeliveredCodeLabel', params: { id: 'id_acquisto' } },
      route: 'dettaglio-acquisto',
      params: { id_acquisto: 'id_acquisto' },
      when: { field: 'codice_consegnato', equals: true },
      testId: 'movement-delivered-code',
    },
    // A request sent from a form (issue 26): its page with the timeline.
    {
      kind: 'navigate',
      label: 'myRequestsOpen',
      ariaLabel: { text: 'myRequestsHistoryLink', params: { id: 'id_acquisto' } },
      route: 'dettaglio-richiesta',
      params: { id_acquisto: 'id_acquisto' },
      when: {
        all: [
          { field: 'id_acquisto', notEquals: null },
          { field: 'id_kind', in: requestKinds },
        ],
      },
      testId: 'movement-request',
    },
  ],
  rowData: { kind: 'id_kind' },
  totalsLabel: 'movTotals',
  striped: true,
  minWidth: 960,
  skeletonRows: 5,
  empty: { text: 'movEmpty', help: 'movEmptyHelp', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: movementTestIds,
} as const satisfies TableDeclaration;
