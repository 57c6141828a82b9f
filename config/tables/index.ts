/** Every table declaration, by name (`tests/config/tables.test.ts` checks them all). */
import { extensions } from '../extensions';
import { cancelledPurchasesTable } from './cancelled-purchases';
import { creditStatusTable } from './credit-status';
// internal messaging (issue 17)
import { internalMessagesTable } from './internal-messages';
import { internalMessagesArchiveTable } from './internal-messages-archive';
// Piattapasto (issue 17)
import { piattapastoOrdersTable } from './office-piattapasto-ordini';
import { movementsCompanyTable } from './movements-company';
import { movementsUserTable } from './movements-user';
import { notificationsTable } from './notifications';
import { notificationsArchiveTable } from './notifications-archive';
import type { TableDeclaration } from './types';
// Referent back office (issue 16).
import { keysTable } from './office-chiavi';
import { consultantsTable } from './office-consulenti';
import { plansTable } from './office-piani-welfare';
import { topupsTable } from './office-ricariche';
import { scheduleTable } from './office-scadenzario';
import { userFilesTable } from './office-user-files';
// Conventions (issue 14).
import { voucherStatusTable } from './stato-voucher';

// bulk credit import (issue 17)
import { importsTable } from './office-import';
// A request's life (issue 26)
import { myRequestsTable } from './my-requests';
// The provider's operator console (issue 26)
import { operatorAuditTable } from './operator-audit';
import { operatorBatchesTable } from './operator-batches';
import { operatorBatchesViewTable } from './operator-batches-view';
import { operatorQueueTable } from './operator-queue';
// The console's former terminal-only pages (issue 26)
import { operatorCodesTable } from './operator-codes';
import { operatorImportsTable } from './operator-imports';
import { operatorPiattapastoTable } from './operator-piattapasto';
import { operatorSuppliersTable } from './operator-suppliers';
export const tables = {
  // A request's life (issue 26)
  'my-requests': myRequestsTable,
  // The provider's operator console (issue 26)
  'operator-queue': operatorQueueTable,
  'operator-batches': operatorBatchesTable,
  'operator-batches-view': operatorBatchesViewTable,
  'operator-audit': operatorAuditTable,
  'operator-imports': operatorImportsTable,
  'operator-piattapasto': operatorPiattapastoTable,
  'operator-suppliers': operatorSuppliersTable,
  'operator-codes': operatorCodesTable,
  'movements-user': movementsUserTable,
  'movements-company': movementsCompanyTable,
  notifications: notificationsTable,
  'notifications-archive': notificationsArchiveTable,
  'cancelled-purchases': cancelledPurchasesTable,
  'credit-status': creditStatusTable,
  // Referent back office (issue 16).
  'office-scadenzario': scheduleTable,
  'office-piani-welfare': plansTable,
  'office-chiavi': keysTable,
  'office-consulenti': consultantsTable,
  'office-user-files': userFilesTable,
  'office-ricariche': topupsTable,
  // Conventions (issue 14).
  'stato-voucher': voucherStatusTable,
  // internal messaging (issue 17)
  'internal-messages': internalMessagesTable,
  'internal-messages-archive': internalMessagesArchiveTable,
  // Piattapasto (issue 17)
  'office-piattapasto-ordini': piattapastoOrdersTable,
  // bulk credit import (issue 17)
  'office-import': importsTable,
} as const satisfies Record<string, TableDeclaration>;

export type TableName = keyof typeof tables;

/** The installation's own tables (config/extensions), by name: a built-in name wins. */
export const extensionTables: Readonly<Record<string, TableDeclaration>> = Object.fromEntries(
  Object.entries(extensions.tables).filter(([name]) => !Object.hasOwn(tables, name)),
);

export type * from './types';
export {
  cancelledPurchasesTable,
  creditStatusTable,
  internalMessagesArchiveTable,
  internalMessagesTable,
  movementsCompanyTable,
  movementsUserTable,
  notificationsArchiveTable,
  notificationsTable,
  consultantsTable,
  keysTable,
  plansTable,
  scheduleTable,
  topupsTable,
  userFilesTable,
  voucherStatusTable,
  // Piattapasto (issue 17)
  piattapastoOrdersTable,
  // bulk credit import (issue 17)
  importsTable,
};
