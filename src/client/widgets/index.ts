/**
 * The named widgets and fields of the forms (ARCHITECTURE.md §4): config/forms declarations refer to
 * them by name in their uiSchema (`ui:widget`, `ui:field`). Each reads the engine context
 * (`registry.formContext`, see form-kit/form-context.ts). The names are the unions of
 * config/forms/types.ts (`PortalWidgetName`, `FormFieldName`): a declaration naming another fails `tsc`,
 * and so does a map missing one. The blocks' hooks are in block-hooks.ts.
 *
 * These are the widgets all at once, as plain rjsf registries (a form rendered with every widget, as the
 * widgets' tests do). The portal does not import this file: the registry the form engine receives
 * (form-kit `FormWidgets`) is composed in features/forms/widget-registry.ts, one chunk per widget,
 * loaded when a form names it. Nothing here imports the engine.
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
