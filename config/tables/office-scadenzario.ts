/**
 * The company's credit expiry schedule (route office-scadenzario-azi, spec 002 §2.8, §3, §4.3, §9): one
 * row per employee, 50 a page; a credit expiring within 10 days is red, an expired one grey with
 * "Credito scaduto il {date}. Nessun credito in essere presente." (or only the second sentence for the
 * 1970 epoch date: the employee never had credit); the toolbar downloads the whole schedule as a file.
 */
import { constants } from '../constants';
import type { TableDeclaration } from './types';

export const EPOCH_DATE = '1970-01-01';

export const scheduleTable = {
  name: 'office-scadenzario',
  caption: 'boScheduleCaption',
  scope: 'company',
  source: { path: '/scadenzario_azienda', rows: 'results' },
  paging: { mode: 'server', pageSizes: [10, 25, 50, 100, 500], defaultPageSize: 50 },
  columns: [
    { kind: 'text', field: 'cognome', label: 'profileSurname' },
    { kind: 'text', field: 'nome', label: 'profileName' },
    { kind: 'euro', field: 'credito_tot', label: 'creditTotalColumn' },
    { kind: 'euro', field: 'credito_art51c3', label: 'boColArt51Credit' },
    { kind: 'date', field: 'scadenza_credito', label: 'creditExpiryColumn' },
  ],
  tones: [
    {
      tone: 'expiring',
      field: 'scadenza_credito',
      withinDays: constants.expiryWarningDays,
      color: 'red',
      label: 'movCreditExpiring',
    },
    {
      tone: 'expired',
      field: 'scadenza_credito',
      when: { field: 'scadenza_credito', equals: EPOCH_DATE },
      color: 'gray',
      text: { text: 'boScheduleNoCredit', params: {} },
    },
    {
      tone: 'expired',
      field: 'scadenza_credito',
      color: 'gray',
      text: { text: 'boScheduleExpired', params: { date: 'scadenza_credito' } },
    },
  ],
  rowData: { scadenza: 'scadenza_credito' },
  toolbar: { download: { query: { download: true }, label: 'boScheduleDownload' } },
  minWidth: 720,
  skeletonRows: 5,
  empty: { text: 'boScheduleEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'schedule-row' },
} as const satisfies TableDeclaration;
