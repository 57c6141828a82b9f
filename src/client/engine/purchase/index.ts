/**
 * The purchase engine (ARCHITECTURE.md §4 "Purchases"): the flow every purchase and request form shares
 * and the panel of a purchase declared in config/purchases. Other rooms import from here only.
 */
export { PurchasePanel, type PurchasePanelProps } from './purchase-panel';
export {
  PurchaseOverlay,
  usePurchaseFlow,
  type CreatedPurchase,
  type PurchaseFlow,
  type PurchaseOrder,
  type PurchaseOutcome,
} from './purchase-flow';
export { usePurchaseCompleted } from './purchase-completed';
export { openConfirmDialog, showSuccessDialog, type ConfirmFigures } from './purchase-dialogs';
export { runFollowUp } from './follow-up';
export { idempotencyKey, isUncertain, keyForPayload, settlePayload } from './idempotency-keys';
