/**
 * Shared steps of the public routes (spec 000 §2): the customer comes from the URL (or the
 * session / installed-app fallback), is remembered, and its colour map is loaded first.
 */
import { normalizeCustomer } from '../stores/customer';
import { useSessionStore } from '../stores/session';
import { applyCustomerSkin } from '../stores/skin-loader';

/** The customer named by a URL segment, else the current one. Remembered in `wbcustomer`. */
export function selectCustomer(segment: string | undefined): string {
  const session = useSessionStore.getState();
  const customer = normalizeCustomer(segment) ?? session.customer;
  session.setCustomer(customer);
  return customer;
}

/** `/password-lost/<customer…>/<token_hash>`: the last segment is the token hash. */
export function splitCustomerAndToken(splat: string | undefined): {
  customer: string | undefined;
  tokenHash: string | undefined;
} {
  const parts = (splat ?? '').split('/').filter((part) => part !== '');
  const tokenHash = parts.pop();
  return { customer: parts.length > 0 ? parts.join('/') : undefined, tokenHash };
}

/** Loader step of every public route and of the authenticated layout. */
export function loadCustomerSkin(customer: string): Promise<boolean> {
  return applyCustomerSkin(customer);
}
