/**
 * The portal's registry of form widgets (form-kit `FormWidgets`), composed here, where the form engine
 * and the widgets meet. Every named widget and field is a loader that the engine calls when a form's
 * uiSchema names it:
 *
 * - the ones most request forms name (amount, category, date, beneficiary, supplier, documents, consumed)
 *   come with the form screens' chunk: one download, one gzip dictionary with the engine;
 * - the others (the loan calculator, the pension fund, the IBAN, the months, the consent, the plain forms'
 *   attachment, phone, support category and incentive amount) are chunks of their own, downloaded only by
 *   a form that names them (their libraries with them: ibantools, NumberInput, MultiSelect...).
 *
 * The names are the unions of config/forms/types.ts (`PortalWidgetName`, `FormFieldName`): a declaration
 * naming another, or a name missing here, fails `tsc`. Always there: the forms' textarea under rjsf's
 * `TextareaWidget` name (any `ui:widget: textarea`), the blocks' hooks (small: the form route's loader
 * reads them too) and the upload slots drawn after a field.
 */
import type { FormFieldName, PortalWidgetName } from '../../../../config/forms/types';
import type { FieldLoader, FormWidgets, WidgetLoader } from '../../form-kit';
import { AmountWidget } from '../../widgets/amount';
import { BeneficiaryField } from '../../widgets/beneficiary';
import { blockHooks } from '../../widgets/block-hooks';
import { CategoryWidget } from '../../widgets/category';
import { ConsumedField } from '../../widgets/consumed';
import { DateWidget } from '../../widgets/date';
import { AnchoredSlots, DocumentsField, hasAnchoredSlots } from '../../widgets/documents';
import { SupplierField } from '../../widgets/supplier';
import { TextareaWidget } from '../../widgets/textarea';

/** A widget or field that comes with the form screens. */
const bundled =
  <T>(component: T) =>
  () =>
    Promise.resolve(component);

/** `ui:widget` names: one input for one field. */
const widgets = {
  amount: bundled(AmountWidget),
  category: bundled(CategoryWidget),
  date: bundled(DateWidget),
  consent: () => import('../../widgets/consent').then((module) => module.ConsentWidget),
  iban: () => import('../../widgets/iban').then((module) => module.IbanWidget),
  months: () => import('../../widgets/months').then((module) => module.MonthsWidget),
  attachment: () => import('../../widgets/attachment').then((module) => module.AttachmentWidget),
  phone: () => import('../../widgets/phone').then((module) => module.PhoneWidget),
  'support-category': () =>
    import('../../widgets/support-category').then((module) => module.SupportCategoryWidget),
  'incentive-amount': () =>
    import('../../widgets/incentive-amount').then((module) => module.IncentiveAmountWidget),
} satisfies Record<PortalWidgetName, WidgetLoader>;

/** `ui:field` names: blocks that render (and fill) several fields, and the fields they consume. */
const fields = {
  beneficiary: bundled(BeneficiaryField),
  supplier: bundled(SupplierField),
  consumed: bundled(ConsumedField),
  documents: bundled(DocumentsField),
  'pension-fund': () => import('../../widgets/pension-fund').then((module) => module.PensionFundField),
  'loan-calculator': () =>
    import('../../widgets/loan-calculator').then((module) => module.LoanCalculatorField),
} satisfies Record<FormFieldName, FieldLoader>;

export const formWidgetRegistry: FormWidgets = {
  replaced: { TextareaWidget },
  widgets,
  fields,
  blockHooks,
  afterField: { has: hasAnchoredSlots, Component: AnchoredSlots },
};
