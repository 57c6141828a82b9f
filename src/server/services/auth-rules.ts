/**
 * The numbers of the sign-in security rules (ARCHITECTURE.md §7), in one place. The password policy
 * lengths come from config/constants.ts (spec 000 §5, §9).
 */
export const authRules = {
  /** argon2id parameters (OWASP minimum): 19 MiB, 2 passes, 1 lane. */
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /** A new password must differ from this many most recent ones (the current one included). */
  passwordHistory: 5,
  /** A changed password expires after this many days (spec 000 §9: change about every three months). */
  passwordLifetimeDays: 90,
  /** Failed sign-ins per account and window before 429. */
  maxFailedLogins: 10,
  failedLoginWindowMinutes: 15,
  /** Check tokens (and the e-mail codes bound to them) live this long. */
  checkTokenMinutes: 10,
  /** Wrong codes that kill a check token (or a reset link). */
  maxWrongCodes: 5,
  /** TOTP: RFC 6238, SHA1, 6 digits, 30-second steps; the current and the previous step are accepted. */
  totp: { algorithm: 'SHA1', digits: 6, period: 30, issuer: 'Portale Welfare', secretBytes: 20 },
  /** E-mail codes: 6 random digits. */
  mailCodeDigits: 6,
  /** Password reset links live this long. */
  resetLinkMinutes: 60,
  /** At most this many reset links per user and hour: nobody can flood a mailbox through the form. */
  maxResetLinksPerHour: 5,
  /** Signed links (SSO token, reconnection, token login) live this long. */
  signedLinkSeconds: 300,
} as const;
