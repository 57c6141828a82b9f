/** The operator console's list pages (issue 26) served by its generic route (see ./index.ts). */
import { operatorAuditTable } from '../../../../config/tables/operator-audit';
import { operatorBatchesTable } from '../../../../config/tables/operator-batches';
import { operatorBatchesViewTable } from '../../../../config/tables/operator-batches-view';
import { operatorCodesTable } from '../../../../config/tables/operator-codes';
import { operatorImportsTable } from '../../../../config/tables/operator-imports';
import { operatorPiattapastoTable } from '../../../../config/tables/operator-piattapasto';
import { operatorSuppliersTable } from '../../../../config/tables/operator-suppliers';
import { queryClient } from '../../api/query-client';
import { operatorPayoutsQueryOptions } from '../../features/operator/operator-api';
import { ensureFirstTablePage } from '../-loader-data';
import { pageScreen, type ScreenPage } from './screen-page';

/** operatore-codici: the suppliers' code stocks and the CSV upload. */
export const codesPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/operator/codes-screen')).CodesScreen),
  load: () => [ensureFirstTablePage(operatorCodesTable)],
};

/** operatore-fornitori: the conventions suppliers and their API keys. */
export const suppliersPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/operator/suppliers-screen')).SuppliersScreen),
  load: () => [ensureFirstTablePage(operatorSuppliersTable)],
};

/** operatore-importazioni: the referents' bulk imports, accepted or rejected. */
export const importsPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/operator/imports-screen')).ImportsScreen),
  load: () => [ensureFirstTablePage(operatorImportsTable)],
};

/** operatore-pagamenti: what is to be paid, a new batch, the batches. */
export const payoutsPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/operator/payouts-screen')).PayoutsScreen),
  // The overview, then the batches in the table it allows (to pay from, or only to view).
  load: () => [
    queryClient
      .ensureQueryData(operatorPayoutsQueryOptions())
      .then((overview) =>
        ensureFirstTablePage(overview.puo_pagare ? operatorBatchesTable : operatorBatchesViewTable),
      ),
  ],
};

/** operatore-piattapasto: the Piattapasto orders and sending the confirmed ones now. */
export const piattapastoPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/operator/piattapasto-screen')).PiattapastoScreen,
  ),
  load: () => [ensureFirstTablePage(operatorPiattapastoTable)],
};

/** operatore-registro: the audit log of the operators' actions. */
export const auditPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/operator/audit-screen')).AuditScreen),
  load: () => [ensureFirstTablePage(operatorAuditTable)],
};
