/**
 * What the form engine hands to every widget and field through rjsf's `formContext`
 * (`props.registry.formContext`), for request and plain forms alike: the declaration, the whole form data (blocks such as the
 * beneficiary or the loan calculator read and write several sibling fields), the user's credit
 * and the categories already loaded. Widgets never fetch the form's own data themselves.
 *
 * Generic on purpose: nothing here belongs to one form. A block that needs data of its own (the pension
 * block's saved fund) reads it itself or through its hooks (block-hooks.ts).
 */
import type { UploadSlot } from '../../../config/forms/types';
import type { AnyFormDeclaration } from '../../shared/forms';
import type { Categoria } from '../../../schemas/wire-types.gen';

/** A category of the form's kind (`GET /api/categorie/{kind}`). */
export type FormCategory = Readonly<Categoria>;

/** A document held by an upload slot of this form (kept by the engine, not in the payload). */
export interface SlotDocument {
  readonly doc_id: number;
  readonly file_kind: UploadSlot['file_kind'];
  /** Document type id (`file_kind_list/{kind}`) and date, shown in the slot's summary. */
  readonly file_kind_id: number;
  readonly file_date: string;
  /** Name shown to the user (merged PDF name or the reused document's name). */
  readonly label: string;
}

/**
 * What an upload slot holds before it is sent with «Carica»: the document type, the date and the
 * chosen files. The slot reports it to the engine, which keeps it in the form's draft on the device,
 * and reads it back when it mounts (a restored draft).
 */
export interface SlotPick {
  readonly typeId: string | null;
  readonly date: string | null;
  readonly files: readonly File[];
}

/** The user's own data every form may show (the intro's read-only block). */
export interface FormUser {
  readonly nome: string;
  readonly cognome: string;
  readonly cod_fisc: string;
}

export interface FormEngineContext {
  /** A request form or a plain form (`isRequestForm` tells them apart). */
  readonly declaration: AnyFormDeclaration;
  /** The current form data (the payload being built). */
  readonly formData: Readonly<Record<string, unknown>>;
  /** Writes several top-level fields at once (e.g. the beneficiary block fills code, name and relation). */
  setFields(patch: Readonly<Record<string, unknown>>): void;
  /**
   * Writes `fields` computed from the latest data (a functional update): blocks whose fields depend on
   * each other (the loan calculator) use it so that a write made in a transition a moment earlier (typed
   * text) is never overwritten by a derived value computed from an older render.
   */
  updateFields(
    fields: readonly string[],
    compute: (data: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>,
  ): void;
  /** Spendable credit in cents of the balance that pays this form (`declaration.credit`). */
  readonly creditCents: number;
  /** Categories of the form kind (empty for forms without categories). */
  readonly categories: readonly FormCategory[];
  /** Errors of any field by name (dotted for nested), from the last validation: blocks show their fields' errors. */
  errorsFor(field: string): readonly string[];
  /** Upload slots: the document currently held by each slot name (the engine derives `docs` from these). */
  readonly slotDocuments: Readonly<Record<string, SlotDocument | undefined>>;
  setSlotDocument(slot: string, document: SlotDocument | undefined): void;
  /** The user's own data (read-only blocks). */
  readonly user: FormUser;
  /** Files chosen in `attachment` fields, by field (sent as parts of a multipart body, never as JSON). */
  readonly files: Readonly<Record<string, readonly File[] | undefined>>;
  setFiles(field: string, files: readonly File[]): void;
  /** True while a submission is running: widgets disable themselves. */
  readonly submitting: boolean;
  /**
   * False while the device is offline: the form stays usable, but nothing is sent (the submit button
   * and the slots' «Carica» wait until the device is back online).
   */
  readonly online: boolean;
  /** The slot's pick as the engine last knew it (a restored draft's, when the slot mounts). */
  slotPick(slot: string): SlotPick | undefined;
  /** The slot's pick changed (undefined or empty: nothing chosen). */
  setSlotPick(slot: string, pick: SlotPick | undefined): void;
}

/** Reads the engine context from rjsf props (`registry.formContext`). */
export function engineContext(props: { registry: { formContext?: unknown } }): FormEngineContext {
  const context = props.registry.formContext as FormEngineContext | undefined;
  if (!context) throw new Error('Widget usato fuori dal motore dei moduli (formContext mancante).');
  return context;
}
