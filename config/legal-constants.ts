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
    // Back office (002 §2.8, §2.9): paper meal vouchers a day; gift deductibility per gift.
    mealVoucherPaperDailyLimit: '4.00',
    incentiveGiftDeductibilityLimit: '50.00',
  },
} as const;
