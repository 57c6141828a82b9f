/**
 * A full reload of the customer's login page (spec 000 §4: after the enrolment and after the
 * expired-password mail the page "reloads to login"): nothing of the sign-in attempt survives.
 */
export function reloadToLogin(customer: string): void {
  window.location.assign(`/login/${encodeURIComponent(customer)}`);
}
