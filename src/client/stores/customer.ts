/**
 * The customer (spec 000 §1): taken from the URL, kept in localStorage under `wbcustomer`,
 * and used when the app runs installed (standalone) without a customer in the URL.
 */
import { CUSTOMER_PATTERN, DEFAULT_CUSTOMER } from '../../../config/skins';

export const WBCUSTOMER_KEY = 'wbcustomer';

/** A customer slug from a URL segment: lower case; anything else than a slug is rejected. */
export function normalizeCustomer(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim().toLowerCase();
  return CUSTOMER_PATTERN.test(value) ? value : null;
}

/** True when the portal runs as an installed app (iOS `navigator.standalone` or display-mode). */
export function isStandaloneDisplay(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = window.navigator as Navigator & { standalone?: boolean };
  if (nav.standalone === true) return true;
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

export function readRememberedCustomer(): string | null {
  try {
    return normalizeCustomer(window.localStorage.getItem(WBCUSTOMER_KEY));
  } catch {
    return null;
  }
}

export function rememberCustomer(customer: string): void {
  try {
    window.localStorage.setItem(WBCUSTOMER_KEY, customer);
  } catch {
    // storage unavailable (private mode): the customer stays in memory
  }
}

/** Customer to use when the URL names none: the installed app uses `wbcustomer`. */
export function fallbackCustomer(): string {
  return (isStandaloneDisplay() ? readRememberedCustomer() : null) ?? DEFAULT_CUSTOMER;
}
