/**
 * Buying one catalogue product outside a grid (the fuel card): the declared product purchase run by the
 * purchase engine's flow with the product's code and price.
 */
import { formMessages } from '../../../../config/messages-forms.it';
import type { PurchaseDeclaration } from '../../../../config/purchases/types';
import { checkPurchase, purchaseBody, purchaseCall } from '../../../shared/purchases';
import type { PurchaseFlow, PurchaseOutcome } from '../../engine/purchase';

export function buyProduct(
  flow: PurchaseFlow,
  purchase: PurchaseDeclaration,
  product: { code: string; priceCents: number },
  creditCents: number,
): Promise<PurchaseOutcome> {
  const body = purchaseBody(purchase, { product: product.code });
  const check = checkPurchase(purchase, body, { priceCents: product.priceCents });
  if (check.amountCents === null) return Promise.resolve('failed');
  return flow.run({
    call: purchaseCall(purchase),
    body,
    balance: purchase.balance,
    creditCents,
    amountCents: check.amountCents,
    successText: formMessages[purchase.texts.success],
    after: purchase.after,
  });
}
