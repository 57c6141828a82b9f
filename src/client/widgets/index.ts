/**
 * The named widgets and fields of the forms (ARCHITECTURE.md §4): config/forms declarations refer to
 * them by name in their uiSchema (`ui:widget`, `ui:field`). Each reads the engine context
 * (`registry.formContext`, see form-kit/form-context.ts). The names are the unions of
 * config/forms/types.ts (`PortalWidgetName`, `FormFieldName`): a declaration naming another fails `tsc`,
 * and so does a registry missing one. The blocks' hooks are in block-hooks.ts.
 *
 * `formWidgetRegistry` is what the form engine receives (form-kit `FormWidgets`); features/forms hands it
 * over. Nothing here imports the engine.
 */
import type { Field, RegistryFieldsType, RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { FormFieldName, PortalWidgetName } from '../../../config/forms/types';
import type { FormWidgets } from '../form-kit';
import { AmountWidget } from './amount';
import { AttachmentWidget } from './attachment';
import { BeneficiaryField } from './beneficiary';
import { blockHooks } from './block-hooks';
import { CategoryWidget } from './category';
import { ConsentWidget } from './consent';
import { ConsumedField } from './consumed';
import { DateWidget } from './date';
import { AnchoredSlots, DocumentsField, hasAnchoredSlots } from './documents';
import { IbanWidget } from './iban';
import { IncentiveAmountWidget } from './incentive-amount';
import { LoanCalculatorField } from './loan-calculator';
import { MonthsWidget } from './months';
import { PensionFundField } from './pension-fund';
import { PhoneWidget } from './phone';
import { SupportCategoryWidget } from './support-category';
import { SupplierField } from './supplier';
import { TextareaWidget } from './textarea';

/** The forms' textarea (rjsf's `TextareaWidget` name), typed without waiting for the form. */
export { TextareaWidget };

/** `ui:widget` names: one input for one field. */
export const formWidgets = {
  amount: AmountWidget,
  category: CategoryWidget,
  date: DateWidget,
  consent: ConsentWidget,
  iban: IbanWidget,
  months: MonthsWidget,
  attachment: AttachmentWidget,
  phone: PhoneWidget,
  'support-category': SupportCategoryWidget,
  'incentive-amount': IncentiveAmountWidget,
  // Exactly the names config/forms/types.ts declares: a name missing here, or one more, fails `tsc`.
} satisfies Record<PortalWidgetName, Widget> & RegistryWidgetsType;

/** `ui:field` names: blocks that render (and fill) several fields, and the fields they consume. */
export const formFields = {
  beneficiary: BeneficiaryField,
  supplier: SupplierField,
  'pension-fund': PensionFundField,
  'loan-calculator': LoanCalculatorField,
  consumed: ConsumedField,
  documents: DocumentsField,
} satisfies Record<FormFieldName, Field> & RegistryFieldsType;

/**
 * The registry the form engine receives: the widgets (with the forms' textarea under rjsf's
 * `TextareaWidget` name, typed without waiting for the form), the fields, the blocks' hooks, and the
 * upload slots declared `after` a field (`UploadSlot.after`), drawn by the engine's object template.
 */
export const formWidgetRegistry: FormWidgets = {
  widgets: { ...formWidgets, TextareaWidget },
  fields: formFields,
  blockHooks,
  afterField: { has: hasAnchoredSlots, Component: AnchoredSlots },
};
