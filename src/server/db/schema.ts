/**
 * The Kysely types of the database, as the code imports them. Every table and column comes from
 * schema.gen.ts, generated from a database migrated by migrations/*.sql (`npm run db-types`;
 * tests/server/db-types.test.ts fails when it is stale): bigint columns as JS numbers (connect.ts parses
 * them with a safe-integer check), `date` as 'YYYY-MM-DD' strings, timestamptz as Date, bytea as
 * Uint8Array, jsonb as the parsed value out and JSON text in.
 *
 * Written here by hand are only the deliberate narrowings of a few columns, each checked:
 *  - CHECKED_TEXT: text (or text[]) columns that a CHECK constraint keeps to a list of values, typed as
 *    that list; the test compares every list with its constraint in the migrated database;
 *  - JsonShapes: the shape the code keeps a jsonb column in;
 *  - FILLED_BY_TRIGGER: NOT NULL columns without a default that a BEFORE INSERT trigger fills when the
 *    insert leaves them out, optional on insert; the test checks the trigger.
 * Nullability, defaults (optional on insert) and arrays stay the database's. A narrowing naming a table
 * or column the database lacks, a text narrowing of a non-text column, a shape for a non-jsonb column or
 * a trigger-filled column that is optional on insert already does not compile (the checks below).
 */
import type { ColumnType, Insertable, InsertType, Selectable, SelectType, UpdateType } from 'kysely';
import { carouselActionNames, type CarouselActionName } from '../../../config/carousel-actions';
import type { Skin as WireSkin } from '../../../schemas/wire-types.gen';
import type * as Gen from './schema.gen';

// --- Values of CHECK-constrained text columns ------------------------------------------------------
const PROFILES = ['utente', 'ref_aziendale', 'operatore'] as const;
export type Profile = (typeof PROFILES)[number];

const PURCHASE_STATUSES = ['inserito', 'approvato', 'pagato', 'rifiutato'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A request's stage in its life (issue 26, 160-operators.sql), finer than the wire status. */
const REVIEW_STATES = [
  'inviata',
  'in_verifica',
  'documenti_richiesti',
  'approvata',
  'in_pagamento',
  'pagata',
  'rifiutata',
] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

const PURCHASE_EVENTS = [
  'in_verifica',
  'prima_approvazione',
  'documenti_richiesti',
  'documenti_aggiunti',
  'approvata',
  'in_pagamento',
  'uscita_dal_lotto',
  'pagata',
  'rifiutata',
] as const;
export type PurchaseEvent = (typeof PURCHASE_EVENTS)[number];

const PAYOUT_BATCH_STATUSES = ['aperto', 'eseguito', 'annullato'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** A mail's state in the outbox (190-mail-outbox.sql, plugins/mail.ts). */
export const OUTBOX_STATES = ['kept', 'pending', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const CREDIT_SOURCE_KINDS = ['totale', 'art51c3'] as const;
export type CreditSourceKind = (typeof CREDIT_SOURCE_KINDS)[number];

const VERSI = ['AVERE', 'DARE'] as const;
export type Verso = (typeof VERSI)[number];

const OTP_METHODS = ['totp', 'email'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];

/** The declared carousel action types (config/carousel-actions.ts; CHECK in 003-home.sql). */
export type CarouselActionType = CarouselActionName;

const LOGIN_TICKET_PURPOSES = ['auth_otp', 'mail_otp', 'enroll', 'enroll_confirm'] as const;
export type LoginTicketPurpose = (typeof LOGIN_TICKET_PURPOSES)[number];

const PASSWORD_RESET_KINDS = ['lost', 'expired'] as const;
export type PasswordResetKind = (typeof PASSWORD_RESET_KINDS)[number];

/** Document kinds of spec 001 §3 (005-forms.sql). */
export const FILE_KIND_NAMES = [
  'doc_fam',
  'doc_preven',
  'doc_extr_p',
  'doc_pagam',
  'doc_acq',
  'doc_extra',
  'doc_rata',
  'doc_loan',
] as const;
export type FileKindName = (typeof FILE_KIND_NAMES)[number];

const DOCUMENT_MIMES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentMime = (typeof DOCUMENT_MIMES)[number];

const STATIC_LINK_TYPES = ['tutorial', 'documentazione'] as const;
export type StaticLinkType = (typeof STATIC_LINK_TYPES)[number];

/** Bulk credit import (080-imports.sql; issue 17). */
const IMPORT_JOB_STATUSES = [
  'IN_QUEUE',
  'IN_PROGRESS',
  'VALIDATION_FAILED',
  'VALIDATION_COMPLETED',
  'VALIDATION_COMPLETED_WITH_WARNINGS',
  'CANCELLED_BY_COMPANY_REFERENT',
  'REJECTED_BY_BACKOFFICE',
  'ACCEPTED_BY_BACKOFFICE',
  'IMPORTED_SUCCESSFULLY',
  'IMPORT_FAILED',
] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** Piattapasto (issue 17, 090-piattapasto.sql). */
const PIATTAPASTO_ORDER_STATUSES = ['TO_VALIDATE', 'VALID', 'STARTED', 'COMPLETED', 'ERROR'] as const;
export type PiattapastoOrderStatus = (typeof PIATTAPASTO_ORDER_STATUSES)[number];

/**
 * The text columns a CHECK constraint keeps to a list of values, by table and column: each is typed as
 * its list (an array of them for a text[] column). tests/server/db-types.test.ts reads every column's
 * constraint in a migrated database and fails when its values differ from the list.
 */
export const CHECKED_TEXT = {
  users: { profile: PROFILES, otp_method: OTP_METHODS },
  profile_permissions: { profile: PROFILES },
  customer_permissions: { profile: PROFILES },
  customers: { second_factors: OTP_METHODS },
  purchases: { status: PURCHASE_STATUSES, credit_source: CREDIT_SOURCE_KINDS, review_state: REVIEW_STATES },
  outbox: { state: OUTBOX_STATES },
  purchase_events: { event: PURCHASE_EVENTS },
  payout_batches: { status: PAYOUT_BATCH_STATUSES },
  partner_handoffs: { comp_credito: CREDIT_SOURCE_KINDS },
  movements: { verso: VERSI },
  company_advances: { verso: VERSI },
  carousel_slides: { action_type: carouselActionNames },
  login_tickets: { purpose: LOGIN_TICKET_PURPOSES },
  password_resets: { kind: PASSWORD_RESET_KINDS },
  document_type_kinds: { file_kind: FILE_KIND_NAMES },
  documents: { file_kind: FILE_KIND_NAMES, mime: DOCUMENT_MIMES },
  support_ticket_files: { mime: DOCUMENT_MIMES },
  static_link_groups: { type: STATIC_LINK_TYPES },
  static_links: { type: STATIC_LINK_TYPES },
  import_jobs: { status: IMPORT_JOB_STATUSES },
  piattapasto_orders: { status: PIATTAPASTO_ORDER_STATUSES },
} as const;

// --- Shapes of jsonb columns -------------------------------------------------------------------------
/** `customers.skin` holds the answer of getapiuserskin as it is sent (schemas/api/skin.json). */
export type Skin = WireSkin;

/** An employee the meal-voucher supplier refused, and why (piattapasto_orders.json_error_detail). */
export interface PiattapastoOrderError {
  email: string;
  nome: string;
  errore: string;
}

/**
 * The value a jsonb column holds (never null: a nullable column stays nullable), by table and column.
 * The code writes them as JSON text. Columns not listed are typed `JsonValue`.
 */
export interface JsonShapes {
  customers: { skin: Skin };
  purchases: { payload: Record<string, unknown> };
  piattapasto_orders: { json_error_detail: PiattapastoOrderError[] };
  demo_meal_voucher_orders: { esito: { rif_fornitore: string; rifiutati: PiattapastoOrderError[] } };
}

// --- Columns filled by a trigger ---------------------------------------------------------------------
/**
 * By table and column, the BEFORE INSERT trigger that fills the column when an insert leaves it out: the
 * company of a movement (004-history.sql; the ledger leaves it out, bulk loads give it).
 */
export const FILLED_BY_TRIGGER = {
  movements: { company_id: 'movements_company' },
  purchases: { review_state: 'purchases_review_state', company_id: 'purchases_company' },
} as const;

// --- The narrowed database ---------------------------------------------------------------------------
type Tables = Gen.DB;
type NonNullSelect<C> = Exclude<SelectType<C>, null>;
type IsText<C> = [NonNullSelect<C>] extends [string] | [string[]] ? true : false;
type IsJson<C> = [SelectType<C>] extends [Gen.JsonValue]
  ? [Gen.JsonValue] extends [SelectType<C>]
    ? true
    : false
  : false;
type Path<T, C> = `${T & string}.${C & string}`;

/** `N` itself when every entry names a text column of the database, else a message where one does not. */
type TextCheck<N> = {
  readonly [T in keyof N]: T extends keyof Tables
    ? {
        readonly [C in keyof N[T]]: C extends keyof Tables[T]
          ? IsText<Tables[T][C]> extends true
            ? readonly string[]
            : `${Path<T, C>}: not a text or text[] column`
          : `${Path<T, C>}: no such column in the database`;
      }
    : `${T & string}: no such table in the database`;
};

/** `N` itself when every entry names a jsonb column and is not nullable, else a message. */
type JsonCheck<N> = {
  [T in keyof N]: T extends keyof Tables
    ? {
        [C in keyof N[T]]: C extends keyof Tables[T]
          ? IsJson<Tables[T][C]> extends true
            ? null extends N[T][C]
              ? `${Path<T, C>}: the shape must not hold null (the column's nullability is kept)`
              : N[T][C]
            : `${Path<T, C>}: not a jsonb column`
          : `${Path<T, C>}: no such column in the database`;
      }
    : `${T & string}: no such table in the database`;
};

/** `N` itself when every entry names a column that is required on insert, else a message. */
type FilledCheck<N> = {
  readonly [T in keyof N]: T extends keyof Tables
    ? {
        readonly [C in keyof N[T]]: C extends keyof Tables[T]
          ? undefined extends InsertType<Tables[T][C]>
            ? `${Path<T, C>}: optional on insert already (a default)`
            : null extends InsertType<Tables[T][C]>
              ? `${Path<T, C>}: optional on insert already (nullable)`
              : string
          : `${Path<T, C>}: no such column in the database`;
      }
    : `${T & string}: no such table in the database`;
};

/** Text or text[] column `C` narrowed to values `V`; null and undefined (optional on insert) kept. */
type SwapText<T, V> = T extends string ? V : T extends readonly string[] ? V[] : T;
type NarrowText<C, V> = ColumnType<
  SwapText<SelectType<C>, V>,
  SwapText<InsertType<C>, V>,
  SwapText<UpdateType<C>, V>
>;

/** jsonb column `C` read as `S` (or null when the column is nullable); written as JSON text. */
type NarrowJson<C, S> = ColumnType<
  S | (null extends UpdateType<C> ? null : never),
  InsertType<C>,
  UpdateType<C>
>;

/** Column `C` made optional on insert (the database fills it). */
type FilledOnInsert<C> = ColumnType<SelectType<C>, InsertType<C> | undefined, UpdateType<C>>;

type Entry<N, T, C> = T extends keyof N ? (C extends keyof N[T] ? [N[T][C]] : []) : [];
type NarrowValue<C, Text, Json> = Text extends [readonly (infer V)[]]
  ? NarrowText<C, V>
  : Json extends [infer S]
    ? NarrowJson<C, S>
    : C;
type NarrowColumn<C, Text, Json, Filled> = Filled extends [unknown]
  ? FilledOnInsert<NarrowValue<C, Text, Json>>
  : NarrowValue<C, Text, Json>;

/** The generated tables with the narrowings applied (exported for the type tests). */
export type Narrowed<
  Texts extends TextCheck<Texts>,
  Jsons extends JsonCheck<Jsons>,
  Filled extends FilledCheck<Filled>,
> = {
  [T in keyof Tables]: {
    [C in keyof Tables[T]]: NarrowColumn<
      Tables[T][C],
      Entry<Texts, T, C>,
      Entry<Jsons, T, C>,
      Entry<Filled, T, C>
    >;
  };
};

/** The database as the code sees it: Kysely<DB>. */
export type DB = Narrowed<typeof CHECKED_TEXT, JsonShapes, typeof FILLED_BY_TRIGGER>;

export type User = Selectable<DB['users']>;
export type CreditLine = Selectable<DB['credit_lines']>;
export type Purchase = Selectable<DB['purchases']>;
export type Movement = Selectable<DB['movements']>;
export type NewUser = Insertable<DB['users']>;
