/**
 * Loyalty and Incentive top-up figures (spec 002 §2.9, §9), the same in the portal (shown live as the
 * amount is typed) and on the server (stored with the request and printed on the pro-forma): the
 * service fee is `incentiveFeePercent` of the top-up, VAT is `incentiveVatPercent` of the fee, and the
 * invoice total is amount + fee + VAT. Integer cents, rounded half up at each step.
 */
import { constants } from '../../config/constants';

export interface IncentiveFigures {
  importo: number;
  commissione: number;
  iva: number;
  totale: number;
}

/** `cents * percent / 100`, rounded half up (cents and percents are non-negative integers). */
function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

export function incentiveFigures(importo: number): IncentiveFigures {
  const commissione = percentOf(importo, constants.incentiveFeePercent);
  const iva = percentOf(commissione, constants.incentiveVatPercent);
  return { importo, commissione, iva, totale: importo + commissione + iva };
}
