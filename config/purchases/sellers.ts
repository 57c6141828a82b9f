/**
 * The purchases of the conventions (issue 14; spec 002 §2.3-§2.5, §7): an article of a supplier's
 * showcase, paid from the total at its discounted price, and a consortium's multi-use voucher, one of
 * the cuts of `GET tagli_buoni` from art. 51 c.3, redeemed at the affiliates with the holder's PIN. Both
 * are served by the generic `POST /api/crea_acquisto/{name}` (src/server/routes/purchases); what is
 * particular to a seller is its declared `seller` option (types.ts `PurchaseSeller`). Their bodies are
 * the contract of schemas/api (acquisto-articolo, acquisto-buono-consorzio).
 */
import { screenConstants } from '../screen-constants';
import type { PurchaseDeclaration } from './types';

/** An article of a supplier (vetrina-articolo): its discounted price from the total, movement kind 6. */
export const articolo = {
  name: 'articolo',
  route_name: 'vetrina-articolo',
  title: 'purchaseSellerArticle',
  balance: 'totale',
  amount: { kind: 'product', catalogue: 'articoli', field: 'id_articolo' },
  body: { schema: 'acquisto-articolo' },
  ticks: [],
  seller: { kind: 'article' },
  movement: { kind: 6, oggetto: 'purchaseArticle' },
  texts: { overCredit: 'formAmountOverCredit', success: 'formSellersArticleSuccess' },
  after: { kind: 'menu' },
} as const satisfies PurchaseDeclaration;

/**
 * A consortium's multi-use voucher (vetrina-consorzio): one of the cuts from art. 51 c.3 with the
 * declaration ticked and a PIN, movement kind 5.
 */
export const buonoConsorzio = {
  name: 'buono-consorzio',
  route_name: 'vetrina-consorzio',
  title: 'purchaseConsortiumVoucher',
  balance: 'art51c3',
  amount: { kind: 'cuts', cuts: screenConstants.voucherCuts },
  body: { amountField: 'importo', schema: 'acquisto-buono-consorzio' },
  ticks: [{ kind: 'declaration', field: 'dichiarazione', label: 'formSellersVoucherDeclaration' }],
  requiresPin: true,
  seller: { kind: 'consortium-voucher', validityMonths: screenConstants.voucherValidityMonths },
  movement: { kind: 5, oggetto: 'purchaseMultiUseVoucher' },
  texts: { overCredit: 'formAmountOverCreditArt51c3', success: 'formSellersVoucherSuccess' },
  after: { kind: 'menu' },
} as const satisfies PurchaseDeclaration;

export const sellerPurchases: readonly PurchaseDeclaration[] = [articolo, buonoConsorzio];
