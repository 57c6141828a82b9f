/**
 * The Piattapasto settings rules of spec 002 §5 (src/shared/piattapasto.ts), shared by the settings
 * modal and the server: completeness, the fields each supplier asks for, the euro and VAT formats.
 */
import { describe, expect, it } from 'vitest';
import {
  asksClientCode,
  asksVat,
  isVatInput,
  isVoucherValueInput,
  settingsComplete,
  vatValue,
  voucherValueCents,
} from '../../src/shared/piattapasto';

const base = { valore_buono: '8.00', iva_buono: 4, codice_cliente: 'C-1', fornitore: 'repas' };

describe('Piattapasto settings rules (002 §5)', () => {
  it('complete settings, and each way of being incomplete', () => {
    expect(settingsComplete(base)).toBe(true);
    expect(settingsComplete({ ...base, valore_buono: null })).toBe(false);
    expect(settingsComplete({ ...base, valore_buono: '0.00' })).toBe(false);
    expect(settingsComplete({ ...base, valore_buono: '-1' })).toBe(false);
    expect(settingsComplete({ ...base, codice_cliente: '  ' })).toBe(false);
    expect(settingsComplete({ ...base, codice_cliente: null, fornitore: 'pellegrini' })).toBe(false);
    expect(settingsComplete({ ...base, iva_buono: null })).toBe(false);
    expect(settingsComplete({ ...base, iva_buono: -4 })).toBe(false);
    // toduba has no client code; only repas has a VAT.
    expect(settingsComplete({ ...base, codice_cliente: null, iva_buono: null, fornitore: 'toduba' })).toBe(
      true,
    );
    expect(settingsComplete({ ...base, iva_buono: null, fornitore: 'pellegrini' })).toBe(true);
    // No supplier, or one the portal does not know: no order.
    expect(settingsComplete({ ...base, fornitore: null })).toBe(false);
    expect(settingsComplete({ ...base, fornitore: 'edenred' })).toBe(false);
  });

  it('which fields each supplier asks for', () => {
    expect([asksClientCode('pellegrini'), asksClientCode('repas'), asksClientCode('toduba')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([asksVat('pellegrini'), asksVat('repas'), asksVat('toduba')]).toEqual([false, true, false]);
  });

  it('the voucher value: a euro amount with a dot decimal above zero', () => {
    expect(voucherValueCents('8')).toBe(800);
    expect(voucherValueCents('8.5')).toBe(850);
    expect(voucherValueCents('10.25')).toBe(1025);
    for (const bad of ['8,50', '8.505', '0', '0.00', '', 'abc', '-2', null])
      expect(voucherValueCents(bad)).toBeNull();
    expect(['', '8', '8.', '8.5', '8.50'].every(isVoucherValueInput)).toBe(true);
    expect(['8,', '8.501', 'a', '-'].some(isVoucherValueInput)).toBe(false);
  });

  it('the VAT: digits and at most one decimal, 0 or 4 only', () => {
    expect([vatValue(0), vatValue(4), vatValue('4.0'), vatValue('0.0')]).toEqual([0, 4, 4, 0]);
    for (const bad of [22, 4.5, '4.25', '4,0', '', null, -4]) expect(vatValue(bad)).toBeNull();
    expect(['', '4', '4.', '4.0'].every(isVatInput)).toBe(true);
    expect(['4.25', '4,0', 'x'].some(isVatInput)).toBe(false);
  });
});
