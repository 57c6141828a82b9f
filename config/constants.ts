/** Business constants of the specification (000 §9, 001 §9, 002 §9), in one place. */
export const constants = {
  iosBannerDelayMs: 1_000,
  euroDecimals: 2,
  passwordMinLength: 8,
  passwordMaxLength: 32,
  otpDigits: 6,
  expiryWarningDays: 10,
  copyrightFromYear: 2020,
  dateFormat: 'DD-MM-YYYY',
  dateTimeFormat: 'DD-MM-YYYY HH:mm:ss',
  /** Session rules of ARCHITECTURE.md §7. */
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  /** Request bodies outside uploads. */
  maxJsonBodyBytes: 1_048_576,
  /** home-fornitori's province filter: "every province" (002 §2.1); read by its route file at first paint. */
  sellersNoProvince: 'no_prov',
} as const;

// Legal figures by tax year (pension deductibility, art. 51 c.3, meal vouchers...) are in
// `legal-constants.ts`: a module of their own (not even re-exported here), so that the first paint,
// which reads the constants above, does not carry them.
