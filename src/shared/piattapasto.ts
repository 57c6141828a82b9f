/**
 * Piattapasto settings rules (spec 002 §5), run by the portal (the settings modal, the upload's
 * alert) and by the server (saving, and before an order is made):
 * - incomplete when the voucher value is empty or not above zero, or a supplier that has a client
 *   code (all but toduba) has none, or the supplier is repas and the VAT is empty or negative; an
 *   order needs a supplier too;
 * - the client code is asked unless the supplier is toduba; the VAT only for repas, 0% or 4% with at
 *   most one decimal digit; the voucher value is a euro amount with a dot decimal.
 */
import { screenConstants } from '../../config/screen-constants';
import { parseCents } from './money';

export type PiattapastoSupplier = (typeof screenConstants.piattapastoSuppliers)[number];

export interface PiattapastoSettingsValues {
  /** Wire amount ("8.00") or null. */
  valore_buono: string | null;
  /** Percent (0 or 4) or null. */
  iva_buono: number | null;
  codice_cliente: string | null;
  fornitore: string | null;
}

export function isKnownSupplier(value: string | null | undefined): value is PiattapastoSupplier {
  return (screenConstants.piattapastoSuppliers as readonly string[]).includes(value ?? '');
}

/** The client code field is shown (and required) for this supplier. */
export const asksClientCode = (fornitore: string | null): boolean =>
  fornitore !== screenConstants.piattapastoSupplierWithoutClientCode;

/** The VAT field is shown (and required) for this supplier. */
export const asksVat = (fornitore: string | null): boolean =>
  fornitore === screenConstants.piattapastoSupplierWithVat;

const VOUCHER_VALUE = /^\d{1,6}(\.\d{1,2})?$/;
/** Keystroke check of the voucher value: digits, an optional dot and up to two decimals. */
export const isVoucherValueInput = (value: string): boolean =>
  value === '' || /^\d{0,6}(\.\d{0,2})?$/.test(value);
/** Keystroke check of the VAT: digits and at most one decimal digit. */
export const isVatInput = (value: string): boolean => value === '' || /^\d{0,3}(\.\d?)?$/.test(value);

/** The voucher value in cents when it is a valid amount above zero, else null. */
export function voucherValueCents(value: string | null): number | null {
  if (value === null || !VOUCHER_VALUE.test(value.trim())) return null;
  const cents = parseCents(value.trim());
  return cents !== null && cents > 0 ? cents : null;
}

/** The VAT when it is one of the allowed values (0 or 4) with at most one decimal digit, else null. */
export function vatValue(value: number | string | null): number | null {
  if (value === null || value === '') return null;
  const text = String(value).trim();
  if (!/^\d{1,3}(\.\d)?$/.test(text)) return null;
  const vat = Number(text);
  return (screenConstants.piattapastoVatValues as readonly number[]).includes(vat) ? vat : null;
}

/** 002 §5: the settings allow an order (upload enabled, no alert). */
export function settingsComplete(settings: PiattapastoSettingsValues): boolean {
  const { fornitore } = settings;
  if (!isKnownSupplier(fornitore)) return false;
  if (voucherValueCents(settings.valore_buono) === null) return false;
  if (asksClientCode(fornitore) && !settings.codice_cliente?.trim()) return false;
  if (asksVat(fornitore) && (settings.iva_buono === null || settings.iva_buono < 0)) return false;
  return true;
}
