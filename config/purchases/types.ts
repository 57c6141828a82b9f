/**
 * The declaration of a purchase (ARCHITECTURE.md §4 "Purchases", spec 001 §4, 002 §4): a product bought
 * from the welfare credit with no per-product code. The portal runs it with the purchase engine
 * (`src/client/engine/purchase`: credit check, "Riepilogo operazione", overlay, POST with one
 * Idempotency-Key per payload, "Richiesta inviata", what follows) and the server accepts it at
 * `POST /api/crea_acquisto/{name}` (`src/server/routes/purchases`), debiting the declared balance.
 * The amount rules are one shared function (`src/shared/purchases.ts`) run by both.
 */
import type { OverCreditMessageKey } from '../forms/types';
import type { MessageKey } from '../messages-account.it';
import type { FormMessageKey } from '../messages-forms.it';
import type { TextRef } from '../texts';

/** A purchase's title or movement object: a key of the account or form catalogue, or `literal(...)`. */
export type PurchaseText = TextRef<MessageKey | FormMessageKey>;

/** Which balance pays (001 §1): the total, or its art. 51 c.3 part. */
export type PurchaseBalance = 'totale' | 'art51c3';

/**
 * How the amount is chosen. Amounts are wire strings ("25.00"). Later product screens add
 * `{ kind: 'product' }` (the price of the chosen product): the union is the place to add it.
 */
export type PurchaseAmount =
  /** One amount, shown and not chosen. */
  | { readonly kind: 'fixed'; readonly importo: string }
  /** One of a list of cuts (vouchers' denominations). */
  | { readonly kind: 'cuts'; readonly cuts: readonly string[] }
  /** A free amount from `min` to `max`, in multiples of `step` counted from `min`. */
  | { readonly kind: 'free'; readonly min: string; readonly max: string; readonly step: string }
  /**
   * The price of a product chosen in a showcase (config/showcases, `open.kind: 'purchase'`): the body
   * carries its code in `field`; the server reads the price from its `catalogue` (never from the body)
   * and refuses a code the catalogue does not hold for this user.
   */
  | { readonly kind: 'product'; readonly catalogue: ProductCatalogue; readonly field: string };

/**
 * The server's product catalogues (src/server/services/catalogues.ts): voucher products of the retailers
 * (`aml`), fuel cards (`benzina`), mutual-aid products of any section but those with a page of their
 * own (`eurete`), of the supplementary health's section only (`eurete-sanitaria`) and of the "100"
 * page's section only (`eurete-100`; config/purchases/showcases.ts `eureteOwnPageSections`), and the
 * articles of the conventions' suppliers (`articoli`, conv_articles: sold by the `article` seller only,
 * see `PurchaseSeller`).
 */
export type ProductCatalogue = 'aml' | 'benzina' | 'eurete' | 'eurete-sanitaria' | 'eurete-100' | 'articoli';

/**
 * What the user gets besides the movement: `code`, a unique random code delivered to the inbox and by
 * mail with the declared instructions, shown in the purchase detail to its owner only.
 */
export interface PurchaseDelivery {
  readonly kind: 'code';
  /** How to use the code (a key of `messages-forms.it.ts`). */
  readonly howTo: FormMessageKey;
  /**
   * The codes come from a stock the provider loads (services/voucher-stock.ts); below this many free
   * codes of a product the operator is warned (default 10).
   */
  readonly lowStock?: number;
}

/** A box the user ticks before buying; sent as `field: true`, refused by the server when missing. */
export interface PurchaseTick {
  /** `declaration` (the consortium voucher's declaration) or `conditions` (a partner's conditions). */
  readonly kind: 'declaration' | 'conditions';
  readonly field: string;
  readonly label: FormMessageKey;
}

/** What runs after the success dialog's Ok. */
export type PurchaseFollowUp =
  /** Back to the menu. */
  | { readonly kind: 'menu' }
  /**
   * A further call whose answer holds an address, opened in a new window, then the menu (001 §4, the
   * mutual-aid supplementary health: `sso_link`). The body is the purchase's body fields named here.
   */
  | {
      readonly kind: 'sso-window';
      /** API path after the base, e.g. `/eurete_sso_link`. */
      readonly call: string;
      readonly bodyFields: readonly string[];
      /** Field of the answer holding the address. */
      readonly urlField: string;
    };

/**
 * A purchase sold by a convention's seller (spec 002 §2.3-§2.5, §7; src/server/services/seller-purchases.ts).
 * The body names the seller's item; the server finds it among those the user's company sees (404 when it
 * is not there) before anything else, and writes the movement with the seller as its `soggetto` and the
 * declared `oggetto` followed by what was sold. Refusals that name no field answer as the conventions'
 * calls do (`detail`). The call publishes a 404 besides the other purchases' answers.
 */
export type PurchaseSeller =
  /**
   * An article of a supplier's showcase (vetrina-articolo). The body names it by `id_articolo`,
   * `id_fornitore` and `codice_articolo` (one missing: 400 "articolo da acquistare non definito"; another
   * supplier or code: 400); its discounted price is the amount, so the declaration's amount is
   * `{ kind: 'product', catalogue: 'articoli', field: 'id_articolo' }` and the over-credit warning names
   * no field. One unit of its availability goes with the purchase, in the debit's transaction (sold out:
   * 409, nothing debited). The oggetto continues with "{codice} - {supplier}".
   */
  | { readonly kind: 'article' }
  /**
   * A multi-use voucher of a consortium (vetrina-consorzio). The body names the consortium by
   * `id_consorzio`; the amount is the declared one (cuts, free, fixed). The voucher is written in the
   * debit's transaction with a unique code, valid `validityMonths` from today, its credit the amount;
   * the consortium's affiliated suppliers redeem it with the holder's PIN (`POST riscatta_voucher`), so
   * the declaration must say `requiresPin: true`. The oggetto continues with the consortium's name.
   */
  | { readonly kind: 'consortium-voucher'; readonly validityMonths: number };

export interface PurchaseDeclaration {
  /** Unique; the API path segment (`crea_acquisto/{name}`) and the test id of the panel. */
  readonly name: string;
  /** The route name (config/routes.ts) whose gating the purchase follows; its permission when not declared there. */
  readonly route_name: string;
  /** Named in the API summary and the referents' stock mails (the server reads it through its catalogue). */
  readonly title: PurchaseText;
  readonly balance: PurchaseBalance;
  readonly amount: PurchaseAmount;
  readonly body: {
    /** The body field carrying the chosen amount (cuts, free; default `importo`); a fixed amount is not sent. */
    readonly amountField?: string;
    /** Fields sent as they are (a partner's `service`, a product code). */
    readonly constants?: Readonly<Record<string, string | number | boolean>>;
    /**
     * The `$id` of the body's schema in schemas/api, when the call's contract is written there (the
     * conventions' purchases, 002 §7); it must hold every field the declaration sends. Otherwise the
     * schema is derived from the declaration.
     */
    readonly schema?: string;
  };
  readonly ticks: readonly PurchaseTick[];
  /** The user must have an identifying PIN (002 §4: consortium vouchers). */
  readonly requiresPin?: boolean;
  /** Sold by a convention's seller: what the body names, what the purchase writes besides the movement. */
  readonly seller?: PurchaseSeller;
  /** The ledger's movement: kind (1-14), `oggetto` and `soggetto` (the user's name when absent). */
  readonly movement: { readonly kind: number; readonly oggetto: PurchaseText; readonly soggetto?: string };
  readonly texts: {
    /** Warning when the amount exceeds the balance (the ART 51 C.3 variant for that balance). */
    readonly overCredit: OverCreditMessageKey;
    /** Product text after "La richiesta è stata inviata con successo con l'id {id}". */
    readonly success: FormMessageKey;
    /** Label of the buy button (default "Acquista"). */
    readonly buy?: FormMessageKey;
    /** No amount chosen (cuts, free; default "Indicare l'importo da acquistare."). */
    readonly amountMissing?: FormMessageKey;
    /** Shown in place of the cuts when the screen offers none of them (app vouchers: none within the credit). */
    readonly noneOffered?: FormMessageKey;
  };
  readonly after: PurchaseFollowUp;
  /** A code delivered after the purchase (vouchers, cards). */
  readonly delivers?: PurchaseDelivery;
}
