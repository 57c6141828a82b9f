/**
 * A full reload of the customer's login page (spec 000 §4: after the enrolment and after the
 * expired-password mail the page "reloads to login"): nothing of the sign-in attempt survives.
 * The operators (issue 26) have their own sign-in page.
 */
import { operatorCustomer } from '../../../../config/skins';

export function reloadToLogin(customer: string): void {
  window.location.assign(
    customer === operatorCustomer ? '/operatore/accesso' : `/login/${encodeURIComponent(customer)}`,
  );
}
