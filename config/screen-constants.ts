/**
 * Business constants of the screens reached after sign-in (conventions, showcases, back office), and of
 * their server calls. Kept apart from `constants.ts`, which the first paint loads whole: the login
 * route's JavaScript does not grow with every screen added.
 */
export const screenConstants = {
  // Shell, home and forms after sign-in (000 §9, 001 §9).
  notificationPollingMs: 120_000,
  carouselIntervalMs: 3_000,
  menuRowSize: 4,
  taxCodeLength: 16,
  vatNumberLength: 11,
  phoneMinLength: 6,
  phoneMaxLength: 30,
  maxFileBytes: 3_145_728,
  maxFilesPerSlot: 4,
  redirectCountdownSeconds: 10,
  cancelledPurchasesPageSizes: [10, 25, 50, 100, 500],
  cancelledPurchasesDefaultPageSize: 10,
  supplierSuggestionLimit: 10,
  suggestionMinChars: 2,
  // Conventions and multi-use vouchers (spec 002 §2.1-§2.6, §9; issue 14).
  /** Categories per row of home-fornitori: 3 from this width (px), 2 below it. */
  sellersCategoriesWideFromPx: 1200,
  /** Category ids of the contract (002 §2.1). */
  sellersCompanyCategoryId: 8,
  sellersSpecialCategoryId: 11,
  supplierShowcasePageSize: 18,
  supplierShowcasePerRow: 6,
  supplierShowcaseDebounceMs: 500,
  articleCarouselMs: 4_000,
  voucherPageSizes: [5, 10, 25, 50, 100, 200, 500],
  voucherDefaultPageSize: 10,
  /** The amounts a consortium voucher is sold for (GET tagli_buoni). */
  voucherCuts: ['25.00', '50.00', '100.00', '150.00', '250.00'],
  /** A multi-use voucher is valid this many months from the day it is made. */
  voucherValidityMonths: 12,
  pinDigits: 6,
  /** Wrong PINs at redemptions after which the PIN is blocked until a new one is generated. */
  pinMaxFailedAttempts: 5,

  // Showcases (issue 13; 001 §2, §7, §9).
  /** Retailer showcase: 18 products a page, 6 a row, sorted by price; voucher home 4 retailers a row. */
  voucherProductsPageSize: 18,
  voucherProductsPerRow: 6,
  voucherRetailersPerRow: 4,
  /** Retailers and mutual-aid sections: at most 12 a row. */
  showcaseMaxPerRow: 12,
  showcaseSearchDebounceMs: 500,
  /** Mutual aid: 8 products a page, 4 a row; sections asked with page_size 1000 and id_categ 53. */
  eureteProductsPageSize: 8,
  eureteProductsPerRow: 4,
  eureteSectionsPageSize: 1000,
  eureteSectionsCategory: 53,
  /** The fixed section of the supplementary health, paid from the total (001 §2). */
  eureteHealthSection: 'assistenza_sanitaria_integrativa',
  /** The fixed section of the mutual-aid "100" page (conv-eurete-100): art. 100 purposes, from the total. */
  eurete100Section: 'welfare_sociale_art100',
  // Referent back office (002 §2.8, §2.9, §9).
  /** Loyalty and Incentive: service fee on the top-up and VAT on the fee, in percent. */
  incentiveFeePercent: 3,
  incentiveVatPercent: 22,
  /** Welfare plans year filter: from this year to the current one plus `planYearsAhead`. */
  planFirstYear: 2020,
  planYearsAhead: 10,
  /** Key pairs made in the browser: RSA modulus (the spec's 1024 is below every current guideline). */
  rsaKeyBits: 3072,
  /** Consultant requests: how far the signature's `created` may be from the server's clock. */
  consultantSignatureSkewSeconds: 300,
  // internal messaging (issue 17): the longest message, HTML formatting included (spec 002 §5, §9).
  internalMessageMaxChars: 8000,
  // Piattapasto (issue 17; spec 002 §2.8, §3, §5, §9).
  /** The meal-voucher suppliers a company may use (`fornitore` of the settings). */
  piattapastoSuppliers: ['pellegrini', 'repas', 'toduba'],
  /** The supplier whose client code is not asked, and the one whose voucher VAT is. */
  piattapastoSupplierWithoutClientCode: 'toduba',
  piattapastoSupplierWithVat: 'repas',
  /** Meal voucher VAT values, in percent (002 §9). */
  piattapastoVatValues: [0, 4],
  /** Order status table: default page size 5, options as the status tables (002 §9). */
  piattapastoOrderPageSizes: [5, 10, 25, 50, 100, 200, 500],
  piattapastoOrderDefaultPageSize: 5,
  /** The uploaded order CSV: at most this many bytes and data rows. */
  piattapastoCsvMaxBytes: 1_048_576,
  piattapastoCsvMaxRows: 20_000,
  /** The most vouchers one employee may get in one order (a month has at most 23 working days). */
  piattapastoMaxVouchersPerRow: 31,
} as const;
