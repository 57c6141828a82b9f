/**
 * The operator console's supplier codes (route operatore-codici, issue 26): every stock (purchase and
 * product) of `GET /api/operatore/codici-buoni`, empty ones included, with the free, delivered and expired
 * codes; an empty stock is red with "Esaurita", one below its level yellow with "Scorta bassa" (badges
 * next to the free codes, not by colour only). The CSV upload is the screen's
 * (`features/operator/codes-screen.tsx`).
 */
import type { TableDeclaration } from './types';

export const operatorCodesTable = {
  name: 'operator-codes',
  caption: 'opCodesTitle',
  scope: 'user',
  source: { path: '/operatore/codici-buoni' },
  paging: { mode: 'client', pageSizes: [20, 50, 100], defaultPageSize: 20 },
  columns: [
    { kind: 'text', field: 'titolo', label: 'messEditorH2', cardHeader: true },
    { kind: 'text', field: 'acquisto', label: 'opColPurchase' },
    { kind: 'text', field: 'prodotto', label: 'opColProduct' },
    { kind: 'text', field: 'liberi', label: 'opColFree' },
    { kind: 'text', field: 'consegnati', label: 'opColTaken' },
    { kind: 'text', field: 'scaduti', label: 'boPlanExpired' },
    { kind: 'date', field: 'prossima_scadenza', label: 'opColNextExpiry', empty: 'none' },
    { kind: 'text', field: 'livello', label: 'opColLevel' },
  ],
  tones: [
    {
      tone: 'match',
      field: 'liberi',
      when: { field: 'liberi', equals: 0 },
      color: 'red',
      label: 'opStockEmpty',
    },
    {
      tone: 'match',
      field: 'liberi',
      when: {
        all: [
          { field: 'bassa', equals: true },
          { field: 'liberi', notEquals: 0 },
        ],
      },
      color: 'yellow',
      label: 'opStockLow',
    },
  ],
  rowKey: ['acquisto', 'prodotto'],
  toolbar: { refresh: true },
  minWidth: 960,
  skeletonRows: 4,
  empty: { text: 'opCodesEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'operator-code-row', empty: 'operator-codes-empty' },
} as const satisfies TableDeclaration;
