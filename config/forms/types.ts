/**
 * The declarations of the forms (ARCHITECTURE.md §4, spec 001 §2-5, §9, spec 002 §2.7-2.9, §5, §7).
 *
 * Two kinds share one core (`FormCore`: payload schema, uiSchema, intro, payload rules):
 *
 * - a *plain form* (`PlainFormDeclaration`, config/plain-forms/): the core plus its submit call (path,
 *   method, JSON or multipart) and what success does (dialog or toast, then where to go). The support
 *   request, the Piattapasto settings, the internal message, the PIN request and the incentive top-up
 *   of spec 002 are plain forms: validation, overlay, submit, success, error box; no credit.
 * - a *request form* (`RequestFormDeclaration`, config/forms/): the core plus the movement kind, the
 *   credit that pays, the amount, categories, upload slots, rules and replay. Its call is fixed by the
 *   contract: `POST /api/crea_richiesta/{route_name}` with an Idempotency-Key, "Riepilogo operazione"
 *   before and "Richiesta inviata" after (`requestSubmitCall`).
 *
 * The portal renders both with rjsf (`src/client/engine/forms`); the server accepts request forms at
 * `POST /api/crea_richiesta/{route_name}` (`src/server/routes/forms`): both validate the same schema
 * and run the same named rules (`src/shared/forms/rules.ts`). Behaviour that is real code lives in
 * named widgets, fields (blocks, with their hooks) and rules that a declaration refers to by name
 * (typed unions below: a name the portal does not register fails `tsc`); a new form needs no code.
 *
 * The form data IS the wire payload: the schema describes what is sent, plus the display-only
 * fields listed in `payload.omit` (removed before sending). Documents are the `docs` array of
 * document ids; which slot a document fills is known from its `file_kind`.
 */
import type { MessageKey } from '../messages-account.it';
import type { FormMessageKey } from '../messages-forms.it';
import type { RouteName } from '../routes';
import type { TextRef } from '../texts';

/** The amount-vs-credit warnings (001 §5): the default, the ART 51 C.3 and the "procedura" variant; `{n:euro}` is the credit. */
export type OverCreditMessageKey =
  'formAmountOverCredit' | 'formAmountOverCreditArt51c3' | 'formAmountOverCreditPension';

/** Which balance pays (001 §1): bills and rent/mortgage draw on art51c3, the others on the total. */
export type CreditSourceName = 'totale' | 'art51c3';

/** Document kinds of 001 §3 (`file_kind`). */
export type FileKind =
  'doc_fam' | 'doc_preven' | 'doc_extr_p' | 'doc_pagam' | 'doc_acq' | 'doc_extra' | 'doc_rata' | 'doc_loan';

/** A condition on the form data, used to show, hide and require parts of the form. */
export type FieldCondition =
  | { readonly field: string; readonly equals: string | number | boolean | null }
  | { readonly field: string; readonly in: readonly (string | number)[] }
  | { readonly field: string; readonly atMost: number };

/** An upload slot (001 §9): one document of one kind, made of up to 4 merged files. */
export interface UploadSlot {
  /** Unique in the form; also the test id of the slot (`slot-<name>`). */
  readonly name: string;
  /** A key of the form catalogue, or `literal(...)` (config/texts.ts). */
  readonly label: TextRef<FormMessageKey>;
  readonly file_kind: FileKind;
  /** Document type ids (`file_kind_list/{kind}`) this slot does not offer (the nine lists of 001 §9). */
  readonly exclude: readonly number[];
  /** true, false, or required only when the condition holds. */
  readonly required: boolean | FieldCondition;
  /** Message when a required slot is empty (default `formDocumentRequired`). */
  readonly requiredMessage?: FormMessageKey;
  /** Shown only when the condition holds; a hidden slot's document is dropped from `docs`. */
  readonly visibleWhen?: FieldCondition;
  /**
   * A top-level field of the form: the slot is drawn right after that field (its block) instead of among
   * the other documents, and takes the keyboard focus when it appears (the family document after the
   * beneficiary block, where the choice of "Familiare" adds it).
   */
  readonly after?: string;
  /** Short help under the label. */
  readonly help?: TextRef<FormMessageKey>;
}

// ---------------------------------------------------------------------------------------------
// Names the portal registers (checked by the compiler: src/client/widgets/index.ts `satisfies` them)

/**
 * `ui:widget` names: the portal's own widgets (src/client/widgets) and the Mantine inputs of rjsf the
 * form theme keeps (engine/forms/form-theme.tsx).
 */
export type PortalWidgetName =
  | 'amount'
  | 'category'
  | 'date'
  | 'consent'
  | 'iban'
  | 'months'
  | 'attachment'
  // Support form (issue 15): the phone with its live feedback, the categories of config/support-categories.ts
  | 'phone'
  | 'support-category'
  // Loyalty and Incentive top-up (issue 16): the amount with its fee, VAT and total shown live.
  | 'incentive-amount';
export type StockWidgetName =
  'text' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'checkboxes' | 'password' | 'email' | 'hidden';
export type FormWidgetName = PortalWidgetName | StockWidgetName;

/** `ui:field` names: blocks that render (and fill) several fields, and the fields they consume. */
export type FormFieldName =
  'beneficiary' | 'supplier' | 'pension-fund' | 'loan-calculator' | 'consumed' | 'documents';

/**
 * Named rules, each implemented once in `src/shared/forms/rules.ts` and run by the portal (before the
 * confirm dialog) and by the server (before debiting).
 */
export type FormRuleName =
  /** me_stesso / family member: tax code with check letter, name, relation 2,3,4,8; category forcing me_stesso. */
  | 'beneficiary'
  /** fornitore complete and partita IVA valid. */
  | 'supplier'
  /** IBAN valid (field `iban`). */
  | 'iban'
  /** at least one month in `mesi_sel`. */
  | 'months'
  /** rent/mortgage: amortization plan only up to category 68, required for 66, 67, 68. */
  | 'amortization'
  /** loan interest: holders >= 1, maximum = 90% of interest / holders, amount within it, installment date >= today + 1 month. */
  | 'loan'
  /** pension: consent ticked, a fund chosen. */
  | 'pension'
  /** required slots present (including the beneficiary document when the beneficiary is not the user). */
  | 'documents';

/** JSON Schema keywords whose Italian text a field may choose in its uiSchema (`ui:errors`). */
export type ErrorKeyword =
  | 'required'
  | 'type'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'minimum'
  | 'maximum'
  | 'enum'
  | 'minItems'
  | 'const';

/**
 * The uiSchema of one field: rjsf's keys, with the widget and field names typed, plus `ui:errors`
 * (the message key shown for a keyword's error on this field, e.g. `{ pattern: 'formTaxCodeInvalid' }`:
 * the engine reads it instead of guessing from the field's name). Nested objects name their fields'
 * uiSchemas as further keys.
 */
export interface FieldUi {
  readonly 'ui:widget'?: FormWidgetName;
  readonly 'ui:field'?: FormFieldName;
  readonly 'ui:errors'?: Readonly<Partial<Record<ErrorKeyword, FormMessageKey>>>;
  /** Options of the widget (`rows`, `minMonthsFromToday`, ...): plain values only. */
  readonly 'ui:options'?: Readonly<
    Record<string, string | number | boolean | readonly unknown[] | undefined>
  >;
  readonly 'ui:help'?: string;
  readonly 'ui:title'?: string;
  readonly 'ui:placeholder'?: string;
  readonly 'ui:readonly'?: boolean;
  readonly 'ui:disabled'?: boolean;
  readonly 'ui:order'?: readonly string[];
  readonly [nested: string]: FieldUi | UiValue;
}

/**
 * Any other rjsf `ui:` value (`ui:enumNames`, `ui:emptyValue`, ...). No plain object: an object under a
 * key is a nested field's uiSchema, so its widget and field names are checked too.
 */
type UiValue = string | number | boolean | readonly unknown[] | undefined;

/** A form's uiSchema: the order of its top-level fields and one `FieldUi` per field. */
export interface FormUiSchema {
  readonly 'ui:order'?: readonly string[];
  readonly [field: string]: FieldUi | readonly string[] | undefined;
}

/** Types a uiSchema where it is written outside a declaration (shared parts): unknown names fail `tsc`. */
export function uiSchema<const T extends FormUiSchema>(ui: T): T {
  return ui;
}

// ---------------------------------------------------------------------------------------------
// The core every form has

/** How the portal opens the form (001 §2 "Common form behaviour"). */
export interface FormIntro {
  /** Non-dismissible information modal on load. */
  readonly infoModal?: { readonly title: TextRef<MessageKey>; readonly body: FormMessageKey };
  /** Tutorial video banner: the slug of the group in `GET /api/static_links/tutorial`. */
  readonly tutorialSlug?: string;
  /** Documentation links: the `site-documentazione` group (`GET /api/static_links/documentazione?group=`). */
  readonly documentationGroup?: string;
  /** Read-only name, surname and tax code of the user. */
  readonly showUserData?: boolean;
}

/** Form data -> wire payload (src/shared/forms/payload.ts). */
export interface PayloadRules {
  /** Display-only fields removed before sending (pension: istituto, nome). */
  readonly omit?: readonly string[];
  /** Fields sent as null when blank (pension notes). */
  readonly blankToNull?: readonly string[];
}

export interface FormCore {
  /** A key of the account catalogue (the menu and the request lists show the same title), or `literal(...)`. */
  readonly title: TextRef<MessageKey>;
  /** `$id` of the payload schema (schemas/forms/ for the portal's forms). */
  readonly schemaId: string;
  /** rjsf uiSchema: order, widgets and fields by name (`ui:widget`, `ui:field`), labels, help, error texts. */
  readonly uiSchema: FormUiSchema;
  readonly intro: FormIntro;
  readonly payload: PayloadRules;
}

// ---------------------------------------------------------------------------------------------
// Plain forms

/** The call a plain form sends (under `/api`). */
export interface SubmitCall {
  /** e.g. `/supporto`; no `{placeholders}`: a form is one call. */
  readonly path: string;
  readonly method: 'POST' | 'PUT' | 'PATCH';
  /**
   * `json`: the payload as JSON; `multipart`: one text part per field (numbers and booleans as text,
   * lists and objects as JSON, null fields left out) plus the files of `attachment` fields under
   * their field name; `none`: no body at all (the PIN request).
   */
  readonly encoding: 'json' | 'multipart' | 'none';
  /** `company`: sent for the company acted for (`Act-For`, the back office); default `user`. */
  readonly scope?: 'user' | 'company';
  /**
   * JSON only: one `Idempotency-Key` per payload (and company), reused when the same payload is sent
   * again after a failure, so a retry never records the request twice (the top-up).
   */
  readonly idempotent?: boolean;
}

/** What a successful submission shows, then does. */
export interface SuccessBehaviour {
  /** A dialog closed only by its button (not by Escape or backdrop), e.g. "Richiesta inviata". */
  readonly dialog?: { readonly title: FormMessageKey; readonly text: FormMessageKey };
  /** A toast instead of (or after) a dialog. */
  readonly toast?: { readonly title?: FormMessageKey; readonly text: FormMessageKey };
  /**
   * Then: `menu` (home menu), `reset` (the form starts again from its initial data: the top-up's
   * amount is cleared), `reload` (initial data read again from `load`: the saved settings), a route.
   */
  readonly then: 'menu' | 'reset' | 'reload' | { readonly route: RouteName };
}

/** Where a plain form's initial values come from, besides the schema's defaults. */
export interface PlainFormPrefill {
  /** Read-only values of the signed-in user (support form: cognome, nome, email, azienda). */
  readonly user?: Readonly<Record<string, 'nome' | 'cognome' | 'email' | 'cod_fisc' | 'azienda'>>;
  /** A call whose JSON answer's fields of the schema are the initial data (Piattapasto settings). */
  readonly load?: { readonly path: string; readonly scope?: 'user' | 'company' };
}

export interface PlainFormDeclaration extends FormCore {
  /** Unique among plain forms; the test id of the form (`plain-form-<name>`). */
  readonly name: string;
  readonly submit: SubmitCall;
  /** The submit button's text (default `formSubmit`). */
  readonly submitLabel?: FormMessageKey;
  /** The overlay's text while sending (default `formSubmitting`). */
  readonly submittingText?: FormMessageKey;
  readonly prefill?: PlainFormPrefill;
  readonly success: SuccessBehaviour;
  /** A line above the server's errors in the error box (e.g. "Si è verificato un errore nel salvataggio dei dati, il sistema riporta:"). */
  readonly errorIntro?: FormMessageKey;
}

// ---------------------------------------------------------------------------------------------
// Request forms

/**
 * How a purchase read by `GET /api/get_acquisto_full/{id}` maps back to form data (replay), and,
 * read the other way, how the server builds that answer from the stored payload.
 * Each entry: form field (dotted for nested objects, e.g. `fornitore.p_iva`) <- a dotted path in the
 * answer (e.g. `acquisto_row.importo_totale`), or several paths joined by a space (the server splits
 * the field at the first `join`), or a path whose values are translated by `map` (`*` = any other
 * value, `''` = missing; the server writes the key whose value the field holds, and clears the path
 * for `''`). Missing values without a `''` entry leave the field empty.
 */
export type ReplaySource =
  | string
  | {
      readonly from: string | readonly string[];
      /** Joins several paths (default ' '). */
      readonly join?: string;
      readonly map?: Readonly<Record<string, string | number | boolean>>;
      /** Written into the answer by the server, not read back into the form (a block refills it). */
      readonly answerOnly?: boolean;
    };
export type ReplayMap = Readonly<Record<string, ReplaySource>>;

/**
 * A set of purchase categories (`GET /api/categorie/{set}`, field `id_categ`). Its own number, apart
 * from the form's movement kind (round 1 numbered the sets after the kinds that first used them).
 */
export interface CategorySet {
  readonly set: number;
}

export interface RequestFormDeclaration extends FormCore {
  /** The route name of config/routes.ts (`/base-request/<route_name>`); also the API path segment. */
  readonly route_name: string;
  /** form_kind (001 §3) = the movement kind of the purchase (1, 3, 4, 7, 13, 14). */
  readonly kind: number;
  readonly credit: CreditSourceName;
  /** The amount field debited (a euro string). */
  readonly amountField: string;
  /** Text of the amount-vs-credit warning: the default, the ART 51 C.3 or the "procedura" variant. */
  readonly amountWarning: OverCreditMessageKey;
  /** The category set of `id_categ`; false for forms without a category. */
  readonly categories: CategorySet | false;
  readonly slots: readonly UploadSlot[];
  readonly rules: readonly FormRuleName[];
  /** Text after "La richiesta è stata inviata con successo con l'id {id}" in the success dialog. */
  readonly successText: FormMessageKey;
  readonly replay: ReplayMap;
  /** Which field of the payload names the movement's `oggetto` (category name by default) and `soggetto`. */
  readonly movement?: { readonly soggetto?: 'beneficiary' | 'supplier' | 'fund' };
}

/** The name round 1 gave the request form's declaration. */
export type FormDeclaration = RequestFormDeclaration;

/** The call of every request form (ARCHITECTURE.md §5): fixed by the contract, not declared. */
export function requestSubmitCall(form: Pick<RequestFormDeclaration, 'route_name'>): SubmitCall {
  return { path: `/crea_richiesta/${encodeURIComponent(form.route_name)}`, method: 'POST', encoding: 'json' };
}
