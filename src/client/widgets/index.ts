/**
 * The named widgets and fields of the request forms (ARCHITECTURE.md §4): config/forms declarations
 * refer to them by name in their uiSchema (`ui:widget`, `ui:field`); the engine hands these two
 * registries to rjsf. Each reads the engine context (`registry.formContext`, see
 * engine/forms/form-context.ts). The names are the unions of config/forms/types.ts (`PortalWidgetName`,
 * `FormFieldName`): a declaration naming another fails `tsc`, and so does a registry missing one.
 * The blocks' hooks are in block-hooks.ts.
 */
import type { Field, RegistryFieldsType, RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { FormFieldName, PortalWidgetName } from '../../../config/forms/types';
import { AmountWidget } from './amount';
import { AttachmentWidget } from './attachment';
import { BeneficiaryField } from './beneficiary';
import { CategoryWidget } from './category';
import { ConsentWidget } from './consent';
import { ConsumedField } from './consumed';
import { DateWidget } from './date';
import { DocumentsField } from './documents';

/** Upload slots drawn after a field (`UploadSlot.after`), placed by the engine's object template. */
export { AnchoredSlots, hasAnchoredSlots } from './documents';
/** The forms' textarea (rjsf's `TextareaWidget` name), typed without waiting for the form. */
export { TextareaWidget } from './textarea';
import { IbanWidget } from './iban';
import { IncentiveAmountWidget } from './incentive-amount';
import { LoanCalculatorField } from './loan-calculator';
import { MonthsWidget } from './months';
import { PensionFundField } from './pension-fund';
import { PhoneWidget } from './phone';
import { SupportCategoryWidget } from './support-category';
import { SupplierField } from './supplier';

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
