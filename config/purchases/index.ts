/**
 * The purchases of the portal (ARCHITECTURE.md §4), one declaration each (see types.ts): vouchers, fuel
 * bonus, app vouchers and mutual aid (showcases.ts), the conventions' articles and consortium vouchers
 * (sellers.ts); the incentive top-up is declared here by its issue. The six request forms run the same
 * purchase engine from their own declarations (config/forms), and tests declare a purchase of their
 * own (tests/fixtures/purchases) to prove the engine and the server route end to end.
 */
import { extensions } from '../extensions';
import { sellerPurchases } from './sellers';
import { showcasePurchases } from './showcases';
import type { PurchaseDeclaration } from './types';

export const purchases: readonly PurchaseDeclaration[] = [
  // Showcases (issue 13): vouchers, fuel card, app vouchers, mutual aid.
  ...showcasePurchases,
  // Conventions (issue 14): an article of a supplier, a consortium's multi-use voucher.
  ...sellerPurchases,
  // The installation's own (config/extensions).
  ...extensions.purchases,
];

export function findPurchase(
  name: string,
  list: readonly PurchaseDeclaration[] = purchases,
): PurchaseDeclaration | undefined {
  return list.find((purchase) => purchase.name === name);
}
