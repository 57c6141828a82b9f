/**
 * Legal figures move with the tax year: each is kept with the year it applies to (wire amounts). Texts
 * show them through `src/shared/legal-figures.ts` (`legalFigures(year)`, `{name:euro}` placeholders) for the
 * current tax year in Rome; a year after the last one listed uses the last one.
 */
export const legalConstants = {
  2025: {
    art51c3Limit: '1000.00',
    art51c3LimitWithChildren: '2000.00',
    /** Pension deductibility (001 §9) and what a result bonus converted into pension adds to it. */
    pensionDeductibilityLimit: '5164.57',
    pensionResultBonusExtra: '3000.00',
    mealVoucherElectronicDailyLimit: '8.00',
    fringeBenefitVoucherLimit: '515.00',
    /** Supplementary health funds' contributions not taxed (site-normativa, 002 §9). */
    supplementaryHealthLimit: '3615.20',
    // Back office (002 §2.8, §2.9): paper meal vouchers a day; gift deductibility per gift.
    mealVoucherPaperDailyLimit: '4.00',
    incentiveGiftDeductibilityLimit: '50.00',
  },
  2026: {
    art51c3Limit: '1000.00',
    art51c3LimitWithChildren: '2000.00',
    pensionDeductibilityLimit: '5300.00',
    pensionResultBonusExtra: '3000.00',
    mealVoucherElectronicDailyLimit: '10.00',
    fringeBenefitVoucherLimit: '515.00',
    /** Supplementary health funds' contributions not taxed (site-normativa, 002 §9). */
    supplementaryHealthLimit: '3615.20',
    // Back office (002 §2.8, §2.9): paper meal vouchers a day; gift deductibility per gift.
    mealVoucherPaperDailyLimit: '4.00',
    incentiveGiftDeductibilityLimit: '50.00',
  },
} as const;

/** The name of a legal figure (the same in every year). */
export type LegalFigureName = keyof (typeof legalConstants)[keyof typeof legalConstants];

/**
 * Fuel bonus (issue 13, 001 §9 "maximum 200 euro (by 31/12/2023); card can be bought once"): the most a
 * fuel card may cost in a tax year (wire amounts), read through `fuelBonusLimit(year)`
 * (`src/shared/legal-figures.ts`); a year after the last one listed uses the last one.
 */
export const fuelBonusLimits = {
  2023: '200.00',
  2025: '200.00',
  2026: '200.00',
} as const;
