/**
 * The request forms (ARCHITECTURE.md §4): one declaration per route name. Adding a form is one entry
 * here plus its payload schema in schemas/forms/ (and its route gating in config/routes.ts).
 */
import { extensions } from '../extensions';
import { convOndemand } from './conv-ondemand';
import { convPrevidenzaIntegrativa } from './conv-previdenza-integrativa';
import { rimbAffMutui } from './rimb-aff-mutui';
import { rimbBollette } from './rimb-bollette';
import { rimbInteressi } from './rimb-interessi';
import { rimbSpese } from './rimb-spese';
import type { FormDeclaration } from './types';

export const forms = [
  convOndemand,
  rimbSpese,
  rimbInteressi,
  rimbBollette,
  rimbAffMutui,
  convPrevidenzaIntegrativa,
] as const satisfies readonly FormDeclaration[];

export type FormRouteName = (typeof forms)[number]['route_name'];

/**
 * The installation's forms (config/extensions): their route names are not `RouteName`s for the compiler;
 * the portal's form route and the server read them with the built-in ones.
 */
export const extensionForms = extensions.forms.map((form) => form.declaration as FormDeclaration);

export function findForm(routeName: string): FormDeclaration | undefined {
  return (
    forms.find((form) => form.route_name === routeName) ??
    extensionForms.find((form) => form.route_name === routeName)
  );
}

/** Italian month names of `mesi_sel` (001 §3), in calendar order. */
export const monthNames = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/** Kinship relations a family beneficiary may have (001 §3, §6): spouse, children, parents, civil union. */
export const allowedRelationIds = [2, 3, 4, 8] as const;

/** Mortgage categories of rent/mortgage (001 §5, §9). */
export const amortization = { requiredCategoryIds: [66, 67, 68], maxCategoryId: 68 } as const;

/** Loan interest (001 §9): 90% of the interest share divided by the holders; first installment one month on. */
export const loanInterest = { reimbursedPercent: 90, minHolders: 1, minMonthsAhead: 1 } as const;

/**
 * Pension deductibility (001 §9) is a legal figure of the tax year: `config/constants.ts`
 * `legalConstants[year].pensionDeductibilityLimit` (+ `pensionResultBonusExtra` with a result bonus),
 * read through `src/shared/legal-figures.ts` (`pensionLimits(year)`).
 */
