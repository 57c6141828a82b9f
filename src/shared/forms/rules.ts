/**
 * The named rules of the request forms (config/forms/types.ts `FormRuleName`, spec 001 §5), written
 * once: the portal runs them before the confirm dialog, the server before debiting. The answer maps
 * a field (top-level, dotted for nested, `docs` for documents) to its Italian messages.
 */
import { allowedRelationIds, amortization, loanInterest, monthNames } from '../../../config/forms';
import type { FileKind, FormDeclaration, FormRuleName } from '../../../config/forms/types';
import { textOf } from '../../../config/texts';
import {
  formatFormMessage,
  formMessages,
  type FormMessageArgs,
  type FormMessageKey,
} from '../catalogues/forms';
import { euro, parseCents } from '../money';
import { dayjs, formatDate, romeToday } from '../dates';
import { isCompleteEuroAmount } from '../validators/euro';
import { isValidIban, normalizeIban } from '../validators/iban';
import { isValidTaxCode, normalizeTaxCode } from '../validators/codice-fiscale';
import { isValidVatNumber } from '../validators/partita-iva';
import { isSlotRequired } from './conditions';
import { earliestInstallmentDate, loanMaximumCents } from './loan';

export interface RuleCategory {
  readonly id: number;
  readonly nome: string;
  readonly me_stesso: boolean;
}

export interface RuleDocument {
  readonly doc_id: number;
  readonly file_kind: FileKind;
}

export interface RuleContext {
  /** YYYY-MM-DD in Europe/Rome (`romeToday()`). */
  readonly today: string;
  /** Spendable credit of `form.credit`, in cents; when given, an amount above it is an error. */
  readonly creditCents?: number;
  /** The categories of the form kind, for the category that forces the beneficiary to be the user. */
  readonly categories?: readonly RuleCategory[];
  /** The documents named in `data.docs` that exist and belong to the user, with their kinds. */
  readonly documents: readonly RuleDocument[];
}

export type RuleErrors = Record<string, string[]>;

type Data = Record<string, unknown>;

export { romeToday };

export function hasErrors(errors: RuleErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

class Collector {
  readonly errors: RuleErrors = {};

  add<K extends FormMessageKey>(field: string, key: K, ...params: FormMessageArgs<K>): void {
    this.addText(field, formatFormMessage(key, ...params));
  }

  addText(field: string, message: string): void {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
}

/** The amount is a complete euro amount above zero and within the credit; returns its cents when valid. */
function checkAmount(field: string, value: unknown, out: Collector): number | null {
  if (typeof value !== 'string' || !isCompleteEuroAmount(value)) {
    out.add(field, 'formAmountInvalid');
    return null;
  }
  const cents = parseCents(value);
  if (cents === null) {
    out.add(field, 'formAmountInvalid');
    return null;
  }
  if (cents === 0) {
    out.add(field, 'formAmountZero');
    return null;
  }
  return cents;
}

function ruleAmount(form: FormDeclaration, data: Data, context: RuleContext, out: Collector): void {
  const cents = checkAmount(form.amountField, data[form.amountField], out);
  if (cents !== null && context.creditCents !== undefined && cents > context.creditCents) {
    out.add(form.amountField, form.amountWarning, { n: euro(context.creditCents) });
  }
}

function ruleBeneficiary(data: Data, context: RuleContext, out: Collector): void {
  const category = context.categories?.find((entry) => entry.id === data.id_categ);
  const meStesso = data.me_stesso;
  if (category?.me_stesso === true && meStesso !== true) {
    out.add('me_stesso', 'formBeneficiaryForcedMyself');
    return;
  }
  if (meStesso === true) return;
  if (meStesso !== false) {
    out.add('me_stesso', 'formBeneficiaryIncomplete');
    return;
  }
  const taxCode = data.cod_fisc_ben;
  const relation = data.id_relazione_ben;
  if (isBlank(taxCode) || isBlank(data.nome_ben) || relation === null || relation === undefined) {
    out.add('me_stesso', 'formBeneficiaryIncomplete');
  }
  if (typeof taxCode === 'string' && taxCode.trim() !== '') {
    if (normalizeTaxCode(taxCode) !== taxCode || !isValidTaxCode(taxCode))
      out.add('cod_fisc_ben', 'formTaxCodeInvalid');
  }
  if (
    relation !== null &&
    relation !== undefined &&
    !(allowedRelationIds as readonly unknown[]).includes(relation)
  ) {
    out.add('id_relazione_ben', 'formBeneficiaryRelationNotAllowed');
  }
}

function ruleSupplier(data: Data, out: Collector): void {
  const supplier = data.fornitore;
  if (supplier === null || typeof supplier !== 'object' || Array.isArray(supplier)) {
    out.add('fornitore', 'formSupplierIncomplete');
    return;
  }
  const fields = supplier as Data;
  const vat = fields.p_iva;
  if (typeof vat === 'string' && vat.trim() !== '' && !isValidVatNumber(vat))
    out.add('fornitore.p_iva', 'formVatInvalid');
  if (['p_iva', 'ragione_sociale', 'indirizzo', 'citta'].some((name) => isBlank(fields[name]))) {
    out.add('fornitore', 'formSupplierIncomplete');
  }
  const iban = fields.iban;
  if (iban !== null && iban !== undefined && !(typeof iban === 'string' && iban.trim() === '')) {
    if (!isNormalizedValidIban(iban)) out.add('fornitore.iban', 'formIbanInvalid');
  }
}

function isNormalizedValidIban(value: unknown): boolean {
  return typeof value === 'string' && normalizeIban(value) === value && isValidIban(value);
}

function ruleIban(data: Data, out: Collector): void {
  if (!isNormalizedValidIban(data.iban)) out.add('iban', 'formIbanInvalid');
}

function ruleMonths(data: Data, out: Collector): void {
  const months = data.mesi_sel;
  const valid =
    Array.isArray(months) &&
    months.length > 0 &&
    months.every((month) => (monthNames as readonly unknown[]).includes(month));
  if (!valid) out.add('mesi_sel', 'formMonthsRequired');
}

/** The context documents that `data.docs` names. */
function namedDocuments(data: Data, context: RuleContext): RuleDocument[] {
  const ids = Array.isArray(data.docs) ? (data.docs as unknown[]) : [];
  return context.documents.filter((document) => ids.includes(document.doc_id));
}

function ruleAmortization(data: Data, context: RuleContext, out: Collector): void {
  const category = data.id_categ;
  if (typeof category !== 'number' || category <= amortization.maxCategoryId) return;
  if (namedDocuments(data, context).some((document) => document.file_kind === 'doc_loan')) {
    out.add('docs', 'formAmortizationNotAllowed');
  }
}

function ruleLoan(data: Data, context: RuleContext, out: Collector): void {
  const holders = data.intestatari;
  const holdersValid =
    typeof holders === 'number' && Number.isInteger(holders) && holders >= loanInterest.minHolders;
  if (!holdersValid) out.add('intestatari', 'formLoanHoldersMinimum');

  const interest = checkAmount('importo_interessi', data.importo_interessi, out);
  if (holdersValid && interest !== null) {
    const maximum = loanMaximumCents(interest, holders);
    const declared = typeof data.importo_max_rimb === 'string' ? parseCents(data.importo_max_rimb) : null;
    if (declared !== maximum) out.add('importo_max_rimb', 'formLoanMaximumMismatch');
    const amount = typeof data.importo === 'string' ? parseCents(data.importo) : null;
    // The amount itself (format, zero, credit) is the 'amount' rule's: here only its relation to the maximum.
    if (amount !== null && isCompleteEuroAmount(data.importo as string)) {
      if (data.quant_rimb === 'massima' && amount !== maximum) out.add('importo', 'formLoanMaximumMismatch');
      if (data.quant_rimb === 'parziale' && amount > maximum) {
        out.add('importo', 'formLoanOverMaximum', { n: euro(maximum) });
      }
    }
  }
  if (data.quant_rimb !== 'massima' && data.quant_rimb !== 'parziale')
    out.add('quant_rimb', 'formChooseOption');

  const date = data.data_rata;
  if (typeof date !== 'string' || !dayjs(date, 'YYYY-MM-DD', true).isValid()) {
    out.add('data_rata', 'formInvalidDate');
  } else if (date < earliestInstallmentDate(context.today)) {
    out.add('data_rata', 'formLoanDateTooEarly', { date: formatDate(context.today) });
  }
}

function rulePension(data: Data, out: Collector): void {
  if (data.prev_ok !== true) out.add('prev_ok', 'formPensionConsentRequired');
  if (isBlank(data.covip)) out.add('covip', 'formFundNotSelected');
}

function ruleDocuments(form: FormDeclaration, data: Data, context: RuleContext, out: Collector): void {
  const ids = Array.isArray(data.docs) ? (data.docs as unknown[]) : [];
  if (ids.some((id) => !context.documents.some((document) => document.doc_id === id))) {
    out.add('docs', 'formInvalidValue');
  }
  const available = new Map<FileKind, number>();
  for (const document of namedDocuments(data, context)) {
    available.set(document.file_kind, (available.get(document.file_kind) ?? 0) + 1);
  }
  // Documents fill the required slots of their kind in declaration order; the slots left empty report.
  for (const slot of form.slots) {
    if (!isSlotRequired(slot, data)) continue;
    const left = available.get(slot.file_kind) ?? 0;
    if (left > 0) available.set(slot.file_kind, left - 1);
    else if (slot.requiredMessage)
      out.add('docs', slot.requiredMessage, { slot: textOf(formMessages, slot.label) });
    else out.add('docs', 'formDocumentRequired', { slot: textOf(formMessages, slot.label) });
  }
}

function runRule(
  name: FormRuleName,
  form: FormDeclaration,
  data: Data,
  context: RuleContext,
  out: Collector,
): void {
  switch (name) {
    case 'beneficiary':
      return ruleBeneficiary(data, context, out);
    case 'supplier':
      return ruleSupplier(data, out);
    case 'iban':
      return ruleIban(data, out);
    case 'months':
      return ruleMonths(data, out);
    case 'amortization':
      return ruleAmortization(data, context, out);
    case 'loan':
      return ruleLoan(data, context, out);
    case 'pension':
      return rulePension(data, out);
    case 'documents':
      return ruleDocuments(form, data, context, out);
  }
}

/** Runs the amount check (every form) and the form's named rules. An empty object means the data may be sent. */
export function runFormRules(form: FormDeclaration, data: Data, context: RuleContext): RuleErrors {
  const out = new Collector();
  ruleAmount(form, data, context, out);
  for (const name of form.rules) runRule(name, form, data, context, out);
  return out.errors;
}
