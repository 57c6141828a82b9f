/** Every table declaration, by name (`tests/config/tables.test.ts` checks them all). */
import { cancelledPurchasesTable } from './cancelled-purchases';
import { creditStatusTable } from './credit-status';
import { movementsCompanyTable } from './movements-company';
import { movementsUserTable } from './movements-user';
import { notificationsTable } from './notifications';
import { notificationsArchiveTable } from './notifications-archive';
import type { TableDeclaration } from './types';
// Conventions (issue 14).
import { voucherStatusTable } from './stato-voucher';

export const tables = {
  'movements-user': movementsUserTable,
  'movements-company': movementsCompanyTable,
  notifications: notificationsTable,
  'notifications-archive': notificationsArchiveTable,
  'cancelled-purchases': cancelledPurchasesTable,
  'credit-status': creditStatusTable,
  // Conventions (issue 14).
  'stato-voucher': voucherStatusTable,
} as const satisfies Record<string, TableDeclaration>;

export type TableName = keyof typeof tables;

export type * from './types';
export {
  cancelledPurchasesTable,
  creditStatusTable,
  movementsCompanyTable,
  movementsUserTable,
  notificationsArchiveTable,
  notificationsTable,
  voucherStatusTable,
};
