/** Every table declaration, by name (`tests/config/tables.test.ts` checks them all). */
import { cancelledPurchasesTable } from './cancelled-purchases';
import { creditStatusTable } from './credit-status';
// internal messaging (issue 17)
import { internalMessagesTable } from './internal-messages';
import { internalMessagesArchiveTable } from './internal-messages-archive';
import { movementsCompanyTable } from './movements-company';
import { movementsUserTable } from './movements-user';
import { notificationsTable } from './notifications';
import { notificationsArchiveTable } from './notifications-archive';
import type { TableDeclaration } from './types';

export const tables = {
  'movements-user': movementsUserTable,
  'movements-company': movementsCompanyTable,
  notifications: notificationsTable,
  'notifications-archive': notificationsArchiveTable,
  'cancelled-purchases': cancelledPurchasesTable,
  'credit-status': creditStatusTable,
  // internal messaging (issue 17)
  'internal-messages': internalMessagesTable,
  'internal-messages-archive': internalMessagesArchiveTable,
} as const satisfies Record<string, TableDeclaration>;

export type TableName = keyof typeof tables;

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
};
