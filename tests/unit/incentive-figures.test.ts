/** Loyalty and Incentive figures (spec 002 §2.9, §9): fee 3% of the top-up, VAT 22% on the fee, total. */
import { describe, expect, it } from 'vitest';
import { incentiveFigures } from '../../src/shared/incentive';

describe('incentive top-up figures', () => {
  it('computes fee, VAT on the fee and the invoice total in cents', () => {
    expect(incentiveFigures(100_000)).toEqual({
      importo: 100_000,
      commissione: 3_000,
      iva: 660,
      totale: 103_660,
    });
    expect(incentiveFigures(0)).toEqual({ importo: 0, commissione: 0, iva: 0, totale: 0 });
  });

  it('rounds each step half up to the cent', () => {
    // 0.50 € -> fee 1.5 cents -> 2; VAT 22% of 2 cents = 0.44 -> 0.
    expect(incentiveFigures(50)).toEqual({ importo: 50, commissione: 2, iva: 0, totale: 52 });
    // 250.50 € -> fee 751.5 -> 752 cents; VAT 165.44 -> 165 cents.
    expect(incentiveFigures(25_050)).toEqual({ importo: 25_050, commissione: 752, iva: 165, totale: 25_967 });
  });
});
