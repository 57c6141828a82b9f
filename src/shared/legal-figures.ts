/**
 * Legal figures by tax year (`config/constants.ts` `legalConstants`), for rules and for texts. A text
 * names them as `{name:euro}` placeholders (for example `{pensionDeductibilityLimit:euro}`) and its
 * screen passes `legalParams(taxYear())`, so a new year's figure is one line of config.
 */
import { fuelBonusLimits, legalConstants } from '../../config/legal-constants';
import { euro, type Money, parseCents } from './money';

type Figures = (typeof legalConstants)[keyof typeof legalConstants];
export type LegalFigureName = keyof Figures;

const years = Object.keys(legalConstants)
  .map(Number)
  .sort((a, b) => a - b);

/** The tax year of an instant: the calendar year in Rome. */
export function taxYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' }).format(now));
}

/** The figures in force in a tax year, in cents: the year's own, else the closest year listed before it (or the first). */
export function legalFigures(year: number): Record<LegalFigureName, number> {
  const known = [...years].reverse().find((y) => y <= year) ?? years[0]!;
  const figures = legalConstants[known as keyof typeof legalConstants];
  const out = {} as Record<LegalFigureName, number>;
  for (const [name, wire] of Object.entries(figures) as [LegalFigureName, string][]) {
    const cents = parseCents(wire);
    // A malformed figure is a programming error: tests/unit/legal-figures.test.ts reads every one.
    if (cents === null) throw new Error(`cifra di legge non valida: ${name} = ${wire}`);
    out[name] = cents;
  }
  return out;
}

/** Pension deductibility of a tax year (001 §9), in cents: the yearly limit, and with a result bonus. */
export function pensionLimits(year: number): { yearly: number; withResultBonus: number } {
  const figures = legalFigures(year);
  return {
    yearly: figures.pensionDeductibilityLimit,
    withResultBonus: figures.pensionDeductibilityLimit + figures.pensionResultBonusExtra,
  };
}

/** Every legal figure of a tax year as a text parameter, plus the derived pension limit with a result bonus. */
export function legalParams(
  year: number,
): Record<LegalFigureName | 'pensionDeductibilityLimitWithResultBonus', Money> {
  const figures = legalFigures(year);
  const params = {} as Record<LegalFigureName | 'pensionDeductibilityLimitWithResultBonus', Money>;
  for (const [name, cents] of Object.entries(figures) as [LegalFigureName, number][])
    params[name] = euro(cents);
  params.pensionDeductibilityLimitWithResultBonus = euro(pensionLimits(year).withResultBonus);
  return params;
}

/** The most a fuel card may cost in a tax year, in cents (config/legal-constants.ts `fuelBonusLimits`). */
export function fuelBonusLimit(year: number): number {
  const listed = Object.keys(fuelBonusLimits)
    .map(Number)
    .sort((a, b) => a - b);
  const known = [...listed].reverse().find((y) => y <= year) ?? listed[0]!;
  const cents = parseCents(fuelBonusLimits[known as keyof typeof fuelBonusLimits]);
  if (cents === null) throw new Error(`limite del bonus carburante non valido per il ${known}`);
  return cents;
}
