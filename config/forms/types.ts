/**
 * The declaration of a request form (ARCHITECTURE.md §4, spec 001 §2-5, §9).
 *
 * A form is one entry of `config/forms/index.ts` plus its payload schema `schemas/forms/<route>.json`.
 * The portal renders it with rjsf (`src/client/engine/forms`) and the server accepts it at
 * `POST /api/crea_richiesta/{route_name}` (`src/server/routes/forms`): both validate the same schema
 * and run the same named rules (`src/shared/forms/rules.ts`). Behaviour that is real code lives in
 * named widgets, fields and rules that this declaration refers to by name; a new form needs no code.
 *
 * The form data IS the wire payload: the schema describes what is sent, plus the display-only
 * fields listed in `payload.omit` (removed before sending). Documents are the `docs` array of
 * document ids; which slot a document fills is known from its `file_kind`.
 */
import type { FormMessageKey } from '../messages-forms.it';

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
  readonly label: string;
  readonly file_kind: FileKind;
  /** Document type ids (`file_kind_list/{kind}`) this slot does not offer (the nine lists of 001 §9). */
  readonly exclude: readonly number[];
  /** true, false, or required only when the condition holds. */
  readonly required: boolean | FieldCondition;
  /** Message when a required slot is empty (default `formDocumentRequired`). */
  readonly requiredMessage?: FormMessageKey;
  /** Shown only when the condition holds; a hidden slot's document is dropped from `docs`. */
  readonly visibleWhen?: FieldCondition;
  /** Short help under the label. */
  readonly help?: string;
}

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

/** How the portal opens the form (001 §2 "Common form behaviour"). */
export interface FormIntro {
  /** Non-dismissible information modal on load. */
  readonly infoModal?: { readonly title: string; readonly body: FormMessageKey };
  /** Tutorial video banner: the slug of the group in `GET /api/static_links/tutorial`. */
  readonly tutorialSlug?: string;
  /** Documentation links: the `site-documentazione` group (`GET /api/static_links/documentazione?group=`). */
  readonly documentationGroup?: string;
  /** Read-only name, surname and tax code of the user. */
  readonly showUserData?: boolean;
  /** Pension: the acceptance modal of `previdenza_is_ok` (Accetta e Continua / Annulla -> menu). */
  readonly pensionAcceptance?: boolean;
}

/**
 * How a purchase read by `GET /api/get_acquisto_full/{id}` maps back to form data (replay).
 * Each entry: form field (dotted for nested objects, e.g. `fornitore.p_iva`) <- a dotted path in the
 * answer (e.g. `acquisto_row.importo_totale`), or several paths joined by a space, or a path whose
 * values are translated by `map` (`*` = any other value, `''` = missing). Missing values without a
 * `''` entry leave the field empty.
 */
export type ReplaySource =
  | string
  | {
      readonly from: string | readonly string[];
      /** Joins several paths (default ' '). */
      readonly join?: string;
      readonly map?: Readonly<Record<string, string | number | boolean>>;
    };
export type ReplayMap = Readonly<Record<string, ReplaySource>>;

export interface FormDeclaration {
  /** The route name of config/routes.ts (`/base-request/<route_name>`); also the API path segment. */
  readonly route_name: string;
  /** form_kind (001 §3) = the movement kind of the purchase (1, 3, 4, 7, 13, 14). */
  readonly kind: number;
  readonly title: string;
  /** `$id` of the payload schema in schemas/forms/. */
  readonly schemaId: string;
  /** rjsf uiSchema: order, widgets and fields by name (`ui:widget`, `ui:field`), labels, help. */
  readonly uiSchema: Readonly<Record<string, unknown>>;
  readonly credit: CreditSourceName;
  /** The amount field debited (a euro string). */
  readonly amountField: string;
  /** Text of the amount-vs-credit warning: the default, the ART 51 C.3 or the "procedura" variant. */
  readonly amountWarning:
    'formAmountOverCredit' | 'formAmountOverCreditArt51c3' | 'formAmountOverCreditPension';
  /** Categories of `GET /api/categorie/{kind}` (field `id_categ`); false for forms without one. */
  readonly categories: boolean;
  readonly slots: readonly UploadSlot[];
  readonly rules: readonly FormRuleName[];
  readonly intro: FormIntro;
  /** Text after "La richiesta è stata inviata con successo con l'id {id}" in the success dialog. */
  readonly successText: FormMessageKey;
  readonly payload: {
    /** Display-only fields removed before sending (pension: istituto, nome). */
    readonly omit?: readonly string[];
    /** Fields sent as null when blank (pension notes). */
    readonly blankToNull?: readonly string[];
  };
  readonly replay: ReplayMap;
  /** Which field of the payload names the movement's `oggetto` (category name by default) and `soggetto`. */
  readonly movement?: { readonly soggetto?: 'beneficiary' | 'supplier' | 'fund' };
}
