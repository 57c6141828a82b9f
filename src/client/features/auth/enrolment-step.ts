/**
 * The authenticator step of the enrolment (spec 000 §4 Enrolment): the code that confirmed the app
 * is spent, so the server refuses it, and any code of the same 30-second step, for the sign-in that
 * follows (`apiOtpReplayed`). The wizard remembers when it completed (sessionStorage survives the
 * reload to the login); the code step of that tab says to wait for the app's next code while the
 * step lasts.
 */

/** sessionStorage key: the instant (ms) the enrolment was confirmed in this tab. */
export const ENROLLED_AT_KEY = 'enrolment_confirmed_at';

/** RFC 6238 time step of the authenticator apps (the server's, services/otp.ts). */
export const TOTP_STEP_MS = 30_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called once the app's code confirmed the enrolment. */
export function rememberEnrolment(now = Date.now()): void {
  storage()?.setItem(ENROLLED_AT_KEY, String(now));
}

/**
 * Milliseconds left of the step in which the enrolment was confirmed (0 when it is over, or there was
 * none in this tab); an enrolment whose step is over is forgotten.
 */
export function enrolmentStepLeft(now = Date.now()): number {
  const store = storage();
  const at = Number(store?.getItem(ENROLLED_AT_KEY) ?? NaN);
  if (!Number.isFinite(at)) return 0;
  const end = (Math.floor(at / TOTP_STEP_MS) + 1) * TOTP_STEP_MS;
  if (now >= end || now < at) {
    store?.removeItem(ENROLLED_AT_KEY);
    return 0;
  }
  return end - now;
}
