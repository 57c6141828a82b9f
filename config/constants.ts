/** Business constants of the specification (000 §9, 001 §9, 002 §9), in one place. */
export const constants = {
  notificationPollingMs: 120_000,
  carouselIntervalMs: 3_000,
  menuRowSize: 4,
  iosBannerDelayMs: 1_000,
  euroDecimals: 2,
  passwordMinLength: 8,
  passwordMaxLength: 32,
  otpDigits: 6,
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
  expiryWarningDays: 10,
  copyrightFromYear: 2020,
  dateFormat: 'DD-MM-YYYY',
  dateTimeFormat: 'DD-MM-YYYY HH:mm:ss',
  /** Session rules of ARCHITECTURE.md §7. */
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  /** Request bodies outside uploads. */
  maxJsonBodyBytes: 1_048_576,
  // internal messaging (issue 17): the longest message, HTML formatting included (spec 002 §5, §9).
  internalMessageMaxChars: 8000,
} as const;

// Legal figures by tax year (pension deductibility, art. 51 c.3, meal vouchers...) are in
// `legal-constants.ts`: a module of their own (not even re-exported here), so that the first paint,
// which reads the constants above, does not carry them.
