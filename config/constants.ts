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
} as const;

/**
 * Legal figures move with the tax year: each is kept with the year it applies to (wire amounts). Texts
 * show them through `src/shared/legal-figures.ts` (`legalFigures(year)`, `{name:euro}` placeholders) for the
 * current tax year in Rome; a year after the last one listed uses the last one.
 */
export const legalConstants = {
  2025: {
    art51c3Limit: '1000.00',
    art51c3LimitWithChildren: '2000.00',
    /** Pension deductibility (001 §9) and what a result bonus converted into pension adds to it. */
    pensionDeductibilityLimit: '5164.57',
    pensionResultBonusExtra: '3000.00',
    mealVoucherElectronicDailyLimit: '8.00',
    fringeBenefitVoucherLimit: '515.00',
  },
  2026: {
    art51c3Limit: '1000.00',
    art51c3LimitWithChildren: '2000.00',
    pensionDeductibilityLimit: '5300.00',
    pensionResultBonusExtra: '3000.00',
    mealVoucherElectronicDailyLimit: '10.00',
    fringeBenefitVoucherLimit: '515.00',
  },
} as const;
