/**
 * The named widgets and fields of the request forms (ARCHITECTURE.md §4): config/forms declarations
 * refer to them by name in their uiSchema (`ui:widget`, `ui:field`); the engine hands these two
 * registries to rjsf. Each reads the engine context (`registry.formContext`, see
 * engine/forms/form-context.ts). A name used by a declaration must exist here (tests/config checks it).
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { AmountWidget } from './amount';
import { BeneficiaryField } from './beneficiary';
import { CategoryWidget } from './category';
import { ConsentWidget } from './consent';
import { ConsumedField } from './consumed';
import { DateWidget } from './date';
import { DocumentsField } from './documents';
import { IbanWidget } from './iban';
import { LoanCalculatorField } from './loan-calculator';
import { MonthsWidget } from './months';
import { PensionFundField } from './pension-fund';
import { SupplierField } from './supplier';

/** `ui:widget` names: one input for one field. */
export const formWidgets = {
  amount: AmountWidget,
  category: CategoryWidget,
  date: DateWidget,
  consent: ConsentWidget,
  iban: IbanWidget,
  months: MonthsWidget,
} satisfies RegistryWidgetsType;

/** `ui:field` names: blocks that render (and fill) several fields, and the fields they consume. */
export const formFields = {
  beneficiary: BeneficiaryField,
  supplier: SupplierField,
  'pension-fund': PensionFundField,
  'loan-calculator': LoanCalculatorField,
  consumed: ConsumedField,
  documents: DocumentsField,
} satisfies RegistryFieldsType;

export type FormWidgetName = keyof typeof formWidgets;
export type FormFieldName = keyof typeof formFields;
