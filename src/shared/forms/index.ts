/** The form logic (plain and request forms) and the rules shared by the portal's form engine and the server's request endpoint (ARCHITECTURE.md §4). */
export { evaluateCondition, isSlotRequired, isSlotVisible, valueAt } from './conditions';
export { earliestInstallmentDate, effectiveHolders, loanMaximumAmount, loanMaximumCents } from './loan';
export { hasErrors, romeToday, runFormRules } from './rules';
export type { RuleCategory, RuleContext, RuleDocument, RuleErrors } from './rules';
export { toMultipartFields, toPayload } from './payload';
export { formName, isRequestForm, slotsOf, type AnyFormDeclaration } from './kinds';
export { payloadToReplay, replayToFormData } from './replay';
