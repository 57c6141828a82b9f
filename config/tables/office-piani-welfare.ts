/**
 * The company's welfare plans (route office-ref-azi-piani-welfare, spec 002 §2.8, §3, §4.3, §9): a
 * year filter (2020 to the current year plus 10) and all / expired / active, child plans under their
 * parent (`wpw_id_piano_padre`), expired red, within 10 days a warning; each plan's credits file is
 * saved as `piano_{id}_crediti.xlsx` ("Impossibile scaricare il file." when it fails).
 */
import { constants } from '../constants';
import type { TableDeclaration } from './types';

export const plansTable = {
  name: 'office-piani-welfare',
  caption: 'boPlansCaption',
  scope: 'company',
  source: { path: '/piani_welfare', rows: 'results' },
  paging: { mode: 'none' },
  filters: [
    {
      kind: 'year',
      param: 'anno',
      label: 'boPlanYear',
      firstYear: constants.planFirstYear,
      yearsAhead: constants.planYearsAhead,
    },
    {
      kind: 'select',
      param: 'stato',
      label: 'boPlanState',
      defaultValue: 'tutti',
      options: [
        { value: 'tutti', label: 'tableAll' },
        { value: 'scaduti', label: 'boPlanExpired' },
        { value: 'attivi', label: 'boPlanActive' },
      ],
    },
  ],
  columns: [
    { kind: 'text', field: 'wpw_id', label: 'movCancelledId' },
    { kind: 'text', field: 'wpw_descrizione', label: 'boColPlan' },
    { kind: 'date', field: 'wpw_data_decorrenza', label: 'movCreditStart' },
    { kind: 'date', field: 'wpw_data_scadenza', label: 'movCreditExpiry' },
    {
      kind: 'download',
      field: 'wpw_id',
      label: 'boColPlanCredits',
      call: { path: '/piano_welfare_crediti/{wpw_id}' },
      linkLabel: 'boPlanCreditsDownload',
      ariaLabel: { text: 'boPlanCreditsAria', params: { plan: 'wpw_descrizione' } },
      failure: 'boDownloadFailed',
    },
  ],
  tones: [
    { tone: 'expired', field: 'wpw_data_scadenza', color: 'red', label: 'tableExpired' },
    {
      tone: 'expiring',
      field: 'wpw_data_scadenza',
      withinDays: constants.expiryWarningDays,
      color: 'yellow',
      label: 'movCreditExpiring',
    },
  ],
  nested: { parentField: 'wpw_id_piano_padre', idField: 'wpw_id' },
  rowKey: ['wpw_id'],
  rowData: { plan: 'wpw_id', parent: 'wpw_id_piano_padre' },
  minWidth: 760,
  skeletonRows: 4,
  empty: { text: 'boPlansEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'plan-row' },
} as const satisfies TableDeclaration;
