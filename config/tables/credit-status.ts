/**
 * Credit status (modal of the movement history, spec 000 §2, §3 Credit line): every credit line of
 * the user with its state on the server's day (Rome): an expired line says «Scaduto», is greyed and
 * has nothing spendable, so the spendable column adds up to the balance; lines expiring within
 * `constants.expiryWarningDays` say «In scadenza» and are tinted.
 */
import { constants } from '../constants';
import type { TableDeclaration } from './types';

export const creditStatusTable = {
  name: 'credit-status',
  caption: 'movCreditStatus',
  scope: 'user',
  source: { path: '/crediti_lista' },
  paging: { mode: 'none' },
  columns: [
    { kind: 'date', field: 'data_decorrenza', label: 'movCreditStart' },
    { kind: 'date', field: 'data_scadenza', label: 'movCreditExpiry' },
    { kind: 'status', field: 'stato', label: 'status', set: 'credit-line-state', plain: true },
    { kind: 'text', field: 'fonte.nome', label: 'movCreditSource' },
    { kind: 'euro', field: 'credito_iniziale', label: 'movCreditInitial' },
    { kind: 'euro', field: 'credito_spendibile', label: 'movCreditSpendable' },
    { kind: 'euro', field: 'credito_contabile', label: 'movCreditAccounted' },
  ],
  tones: [
    // The greyed row of an expired line (its «Scaduto» is the state column, from the server).
    { tone: 'expired', field: 'data_scadenza' },
    {
      tone: 'expiring',
      field: 'data_scadenza',
      withinDays: constants.expiryWarningDays,
      label: 'movCreditExpiring',
    },
  ],
  note: { text: 'movCreditExpiringHelp', params: { n: constants.expiryWarningDays } },
  striped: false,
  minWidth: 720,
  skeletonRows: 3,
  empty: { text: 'movCreditNone', placement: 'block' },
  failure: { show: 'text', text: 'creditLoadFailed' },
  testIds: { row: 'credit-line' },
} as const satisfies TableDeclaration;
