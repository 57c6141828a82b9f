import { describe, expect, it } from 'vitest';
import { fuelBonusLimits, legalConstants } from '../../config/legal-constants';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import {
  fuelBonusLimit,
  legalFigures,
  legalParams,
  pensionLimits,
  taxYear,
} from '../../src/shared/legal-figures';
import { parseCents } from '../../src/shared/money';

const NBSP = '\u00a0';

describe('legal figures by tax year', () => {
  it('every figure of every year is a valid amount', () => {
    for (const [year, figures] of Object.entries(legalConstants)) {
      for (const [name, wire] of Object.entries(figures))
        expect(parseCents(wire), `${year} ${name}`).not.toBeNull();
    }
  });

  it('the pension information shows 5.300,00 € (and 8.300,00 € with a result bonus) for 2026', () => {
    const text = formatFormMessage('formInfoPension', legalParams(2026));
    expect(text).toContain(`deducibile fino a 5.300,00${NBSP}€ all’anno`);
    expect(text).toContain(`elevabili a 8.300,00${NBSP}€ quando`);
    expect(text).not.toMatch(/\{|5\.164/);
  });

  it('shows the figure of the year it applies to: 5.164,57 € in 2025', () => {
    const text = formatFormMessage('formInfoPension', legalParams(2025));
    expect(text).toContain(`5.164,57${NBSP}€`);
    expect(text).toContain(`8.164,57${NBSP}€`);
    expect(pensionLimits(2025)).toEqual({ yearly: 516_457, withResultBonus: 816_457 });
    expect(pensionLimits(2026)).toEqual({ yearly: 530_000, withResultBonus: 830_000 });
  });

  it('a later year keeps the last figures listed; an earlier one the first', () => {
    expect(legalFigures(2031)).toEqual(legalFigures(2026));
    expect(legalFigures(2019)).toEqual(legalFigures(2025));
    expect(legalFigures(2026).mealVoucherElectronicDailyLimit).toBe(1000);
    expect(legalFigures(2025).mealVoucherElectronicDailyLimit).toBe(800);
    expect(legalFigures(2026).art51c3Limit).toBe(100_000);
    expect(legalFigures(2026).art51c3LimitWithChildren).toBe(200_000);
  });

  it('the tax year is the calendar year in Rome', () => {
    // 31 December 23:30 UTC is already 1 January in Rome.
    expect(taxYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(taxYear(new Date('2026-06-15T10:00:00Z'))).toBe(2026);
    expect(taxYear(new Date('2025-12-31T22:59:00Z'))).toBe(2025);
  });
});

describe('fuel bonus limit by tax year (issue 13, 001 §9)', () => {
  it('is 200,00 € in the years listed, the last one for a later year, the first for an earlier one', () => {
    for (const wire of Object.values(fuelBonusLimits)) expect(parseCents(wire)).not.toBeNull();
    expect(fuelBonusLimit(2023)).toBe(20_000);
    expect(fuelBonusLimit(2024)).toBe(20_000);
    expect(fuelBonusLimit(2026)).toBe(20_000);
    expect(fuelBonusLimit(2031)).toBe(parseCents(Object.values(fuelBonusLimits).at(-1)!));
    expect(fuelBonusLimit(2000)).toBe(parseCents(fuelBonusLimits[2023]));
  });
});
