/**
 * Kysely types of the tables in migrations/*.sql (kept by hand: the SQL files are the truth).
 * bigint columns arrive as JS numbers (see connect.ts: parsed with a safe-integer check),
 * `date` columns as 'YYYY-MM-DD' strings, timestamptz as Date.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CarouselActionName } from '../../../config/carousel-actions';
import type { Skin as WireSkin } from '../../../schemas/wire-types.gen';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string, string>;

export type Profile = 'utente' | 'ref_aziendale';
export type PurchaseStatus = 'inserito' | 'approvato' | 'pagato' | 'rifiutato';
export type CreditSourceKind = 'totale' | 'art51c3';
export type Verso = 'AVERE' | 'DARE';
export type OtpMethod = 'totp' | 'email';

/** `customers.skin` holds the answer of getapiuserskin as it is sent (schemas/api/skin.json). */
export type Skin = WireSkin;

export interface CustomersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  skin: Json<Skin | null> | null;
  /** Its code at the benefit hub provider (migration 135, issue 24): null until the installation sets it. */
  benefit_hub_code: string | null;
  created_at: Timestamp;
  /** The second factors its users may use (migration 130, issue 24): never empty. */
  second_factors: Generated<OtpMethod[]>;
  /** The SSO providers (config/sso-providers.ts slugs) whose tokens sign its users in. */
  sso_providers: Generated<string[]>;
}

export interface CompaniesTable {
  id_azienda: Generated<number>;
  nome: string;
  cognome: Generated<string>;
  localita: string | null;
  customer_id: number;
  /** The provisioning document's key (issue 24); null for companies made otherwise. */
  partita_iva: string | null;
  codice_fiscale: string | null;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  nome: string;
  cognome: string;
  cod_fisc: Generated<string>;
  profile: Generated<Profile>;
  company_id: number;
  customer_id: number;
  threshold_ok: Generated<boolean>;
  covip_fondo: string | null;
  previdenza_is_ok: Generated<boolean>;
  ollipay_profile: string | null;
  ollipay_reg_status: Generated<boolean>;
  password_hash: string | null;
  pass_expiry_date: string | null;
  totp_secret: string | null;
  otp_method: OtpMethod | null;
  is_cessato: Generated<boolean>;
  /** Disabled by an operator (issue 24): no sign-in, no session. */
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  totp_last_step: number | null;
  /** Opaque employee id of the user-files calls (migration 060). */
  uid: Generated<string>;
}

export interface UserPrivacyTable {
  user_id: number;
  privacy_servizio: boolean;
  privacy_dati_personali: boolean;
  decalogo_sicurezza: boolean;
  signature: string;
  updated_at: Timestamp;
  /** The conditions version accepted (050-content.sql; config/content-pages). */
  conditions_version: Generated<string>;
}

export interface ReferentCompaniesTable {
  user_id: number;
  company_id: number;
}

export interface ProfilePermissionsTable {
  profile: Profile;
  perm: string;
}

export interface UserPermissionsTable {
  user_id: number;
  perm: string;
}

export interface CustomerPermissionsTable {
  customer_slug: string;
  profile: Profile;
  perm: string;
  granted: boolean;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
  act_for: number | null;
  conv_special_agreed: Generated<boolean>;
  eurete_cond_agreed: Generated<boolean>;
  info_popup_seen: Generated<boolean>;
}

export interface FontiTable {
  id: number;
  nome: string;
}

export interface CreditLinesTable {
  id: Generated<number>;
  user_id: number;
  fonte: number;
  is_art51c3: Generated<boolean>;
  data_decorrenza: string;
  data_scadenza: string;
  credito_iniziale: number;
  credito_spendibile: number;
  credito_contabile: number;
  rif_esterno: string | null;
  created_at: Timestamp;
}

export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  kind: number;
  status: Generated<PurchaseStatus>;
  importo: number;
  credit_source: CreditSourceKind;
  oggetto: Generated<string>;
  soggetto: Generated<string>;
  payload: Json<Record<string, unknown>>;
  idempotency_key: string | null;
  created: Timestamp;
  approved_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  rejected_at: NullableTimestamp;
}

export interface PurchaseAllocationsTable {
  purchase_id: number;
  credit_line_id: number;
  importo: number;
}

export interface MovementsTable {
  id: Generated<number>;
  user_id: number;
  verso: Verso;
  importo: number;
  id_kind: number;
  oggetto: Generated<string>;
  soggetto: Generated<string>;
  id_acquisto: number | null;
  credit_line_id: number | null;
  created: Timestamp;
  /** The employee's company when the movement was written (004-history.sql: filled on insert). */
  company_id: Generated<number>;
}

/** Per employee and month (in Rome) totals of movements, kept by a trigger (012-history-speed.sql). */
export interface MovementMonthTotalsTable {
  company_id: number;
  user_id: number;
  /** First day of the month, 'YYYY-MM-DD'. */
  month: string;
  n: number;
  avere: number;
  dare: number;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  created: Timestamp;
  response_status: number | null;
  response_body: Json<unknown> | null;
  completed_at: NullableTimestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  created: Timestamp;
  sender_user_id: number | null;
  sender_name: string;
  id_riferimento: string | null;
  testo: string;
  sender_archived: Generated<boolean>;
  rif_esterno: string | null;
  /** The company a back-office message was sent for (070-internal-messages.sql); null otherwise. */
  sender_company_id: number | null;
}

export interface NotificationRecipientsTable {
  notification_id: number;
  user_id: number;
  conferma_lettura: Generated<boolean>;
  archived: Generated<boolean>;
  read_at: NullableTimestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  mail_to: string;
  subject: string;
  text: string;
  html: string | null;
  created: Timestamp;
}

/** The declared carousel action types (config/carousel-actions.ts; CHECK in 003-home.sql). */
export type CarouselActionType = CarouselActionName;

export interface InfoPopupsTable {
  customer_id: number;
  content: string;
  updated_at: Timestamp;
}

export interface CarouselSlidesTable {
  id: Generated<number>;
  customer_id: number;
  position: Generated<number>;
  file_name: string;
  title: Generated<string>;
  subtitle: Generated<string>;
  body: Generated<string>;
  cta_label: Generated<string>;
  action_type: CarouselActionType;
  action_target: string | null;
  active: Generated<boolean>;
  rif_esterno: string | null;
  created_at: Timestamp;
}

export interface CarouselClicksTable {
  id: Generated<number>;
  slide_id: number;
  user_id: number;
  with_action: Generated<boolean>;
  clicked_at: Timestamp;
}

export type LoginTicketPurpose = 'auth_otp' | 'mail_otp' | 'enroll' | 'enroll_confirm';
export type PasswordResetKind = 'lost' | 'expired';

export interface PasswordHistoryTable {
  id: Generated<number>;
  user_id: number;
  password_hash: string;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  created_at: Timestamp;
}

export interface LoginTicketsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: LoginTicketPurpose;
  code_hash: string | null;
  pending_secret: string | null;
  sso_provider: string | null;
  failed_attempts: Generated<number>;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  kind: PasswordResetKind;
  failed_attempts: Generated<number>;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface UsedNoncesTable {
  nonce: string;
  expires_at: ColumnType<Date, Date, Date>;
}

/** The advances account of a company (004-history.sql): its balance is AVERE minus DARE. */
export interface CompanyAdvancesTable {
  id: Generated<number>;
  company_id: number;
  verso: Verso;
  importo: number;
  causale: Generated<string>;
  rif_esterno: string | null;
  created: Timestamp;
}

/** Document kinds of spec 001 §3 (005-forms.sql). */
export type FileKindName =
  'doc_fam' | 'doc_preven' | 'doc_extr_p' | 'doc_pagam' | 'doc_acq' | 'doc_extra' | 'doc_rata' | 'doc_loan';
export type DocumentMime = 'application/pdf' | 'image/jpeg' | 'image/png';
export type StaticLinkType = 'tutorial' | 'documentazione';

/** Request forms and documents (005-forms.sql). */
export interface DocumentTypesTable {
  id: number;
  nome: string;
}

export interface DocumentTypeKindsTable {
  file_kind: FileKindName;
  type_id: number;
}

export interface KinshipRelationsTable {
  id: number;
  nome: string;
}

export interface PurchaseCategoriesTable {
  id: number;
  kind: number;
  nome: string;
  me_stesso: Generated<boolean>;
  position: Generated<number>;
}

export interface UserBeneficiariesTable {
  id: Generated<number>;
  user_id: number;
  cod_fisc: string;
  nome: string;
  id_relazione: number;
  created: Timestamp;
  updated: Timestamp;
}

export interface UserIbansTable {
  id: Generated<number>;
  user_id: number;
  iban: string;
  created: Timestamp;
}

export interface SuppliersTable {
  id: Generated<number>;
  p_iva: string;
  ragione_sociale: string;
  indirizzo: Generated<string>;
  citta: Generated<string>;
  iban: string | null;
}

export interface PensionFundsTable {
  covip: string;
  nome: string;
  istituto: string;
}

export interface DocumentsTable {
  id: Generated<number>;
  user_id: number;
  file_kind: FileKindName;
  file_kind_id: number;
  file_date: string;
  file_num: number;
  nome_file: string;
  stored_name: string;
  size: number;
  mime: DocumentMime;
  purchase_id: number | null;
  rif_esterno: string | null;
  created: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface StaticLinkGroupsTable {
  type: StaticLinkType;
  slug_name: string;
  nome: string;
  position: Generated<number>;
}

export interface StaticLinksTable {
  id: Generated<number>;
  type: StaticLinkType;
  group_slug: string;
  slug_name: string;
  nome: string;
  descrizione: Generated<string>;
  url: string;
  position: Generated<number>;
}

/** The store pages of an app voucher page's app (135-installation-content.sql); at least one is set. */
export interface AppLinksTable {
  route_name: string;
  ios: string | null;
  android: string | null;
}

/** A hand-off to a partner (020-partners.sql): the nonce its charge calls name. */
export interface PartnerHandoffsTable {
  id: Generated<number>;
  nonce: string;
  provider: string;
  route_name: string;
  user_id: number;
  comp_credito: CreditSourceKind;
  created: Generated<Date>;
  expires_at: ColumnType<Date, Date, Date>;
  charge_until: ColumnType<Date, Date, Date>;
}

// Referent back office (migration 060-backoffice.sql).
export interface WelfarePlansTable {
  wpw_id: Generated<number>;
  company_id: number;
  wpw_descrizione: string;
  wpw_data_decorrenza: string;
  wpw_data_scadenza: string;
  wpw_id_piano_padre: number | null;
  rif_esterno: string | null;
}

export interface WelfarePlanCreditsTable {
  plan_id: number;
  user_id: number;
  credito_tot: number;
  credito_art51c3: number;
}

export interface ApiUsersTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  created: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface PublicKeysTable {
  id: Generated<number>;
  company_id: number;
  chiave_pubblica: string;
  fingerprint: string;
  api_user_id: number | null;
  created_by: number | null;
  created: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface IncentiveTopupsTable {
  id: Generated<number>;
  company_id: number;
  requested_by: number;
  importo: number;
  commissione: number;
  iva: number;
  totale: number;
  pdf: Uint8Array;
  created: Timestamp;
}

// Conventions (040-sellers.sql): categories, suppliers and consortia, articles, multi-use vouchers, PIN.
export interface ConvImagesTable {
  nome: string;
  svg: string;
}

export interface ConvCategoriesTable {
  id: number;
  nome: string;
  url_icona: Generated<string>;
  ordine: Generated<number>;
}

export interface ConvProvincesTable {
  sigla: string;
  nome: string;
}

export interface ConvSuppliersTable {
  id: Generated<number>;
  nome: string;
  cognome: Generated<string>;
  logo_url: Generated<string>;
  indirizzo: Generated<string>;
  comune: Generated<string>;
  cap: Generated<string>;
  provincia: string | null;
  tel: Generated<string>;
  email: Generated<string>;
  sito_web: Generated<string>;
  descrizione: Generated<string>;
  id_categoria: number;
  id_categ_servizio: Generated<number>;
  nome_categ_servizio: Generated<string>;
  is_consorzio: Generated<boolean>;
  company_id: number | null;
  api_key_hash: string | null;
  rif_esterno: string | null;
}

export interface ConvConsortiumAffiliatesTable {
  id_consorzio: number;
  id_fornitore: number;
}

export interface ConvArticlesTable {
  id: Generated<number>;
  id_fornitore: number;
  descrizione: string;
  prezzo_unitario: number;
  sconto: Generated<number>;
  disponibilita_max: Generated<number>;
  fruizione: Generated<string>;
  altre_info: Generated<string>;
  sito_web: Generated<string>;
  codice_articolo: string;
  template: Generated<string>;
  rif_esterno: string | null;
}

export interface ConvArticleImagesTable {
  id_articolo: number;
  posizione: number;
  web_url: string;
}

export interface VoucherMultiusoTable {
  id: Generated<number>;
  id_acquisto: number;
  user_id: number;
  id_consorzio: number;
  codice: string;
  data_produzione: string;
  data_scadenza: string;
  credito_iniziale: number;
  credito_residuo: number;
}

export interface VoucherCreditoLogTable {
  id: Generated<number>;
  voucher_id: number;
  id_fornitore: number;
  credito_scalato: number;
  data_movimento: Timestamp;
}

export interface UserPinsTable {
  user_id: number;
  pin_hash: string;
  created: Timestamp;
  failed_attempts: Generated<number>;
}

export interface ConvSpecialAgreementsTable {
  user_id: number;
  agreed: Timestamp;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
}

// --- Showcases (issue 13, 030-showcases.sql) ---------------------------------------------------
export interface AmlRetailersTable {
  id: Generated<number>;
  name: string;
  image_url: Generated<string>;
  short_description: Generated<string>;
  long_description: Generated<string>;
  position: Generated<number>;
}

export interface AmlProductsTable {
  id: Generated<number>;
  product_code: string;
  retailer_id: number;
  name: string;
  /** Cents. */
  price: number;
  image_url: Generated<string>;
}

export interface FuelCardsTable {
  id: Generated<number>;
  product_code: string;
  name: string;
  /** Cents. */
  price: number;
  image_url: Generated<string>;
}

export interface EureteSectionsTable {
  id: Generated<number>;
  slug_name: string;
  nome: string;
  descrizione: Generated<string>;
  icona: Generated<string>;
  id_categ: number;
  position: Generated<number>;
}

export interface EureteProductsTable {
  id: Generated<number>;
  slug_name: string;
  section_id: number;
  nome: string;
  /** Cents. */
  costo: number;
  descrizione: Generated<string>;
  icona: Generated<string>;
  url_scheda: Generated<string>;
  url_regolamento: Generated<string>;
}

export interface EureteAgreementsTable {
  user_id: number;
  accepted_at: Generated<Date>;
}

export interface DeliveredCodesTable {
  id: Generated<number>;
  purchase_id: number;
  user_id: number;
  code: string;
  product_code: string;
  product_name: string;
  istruzioni: string;
  created: Generated<Date>;
  expires_on: string | null;
}

// Voucher code stocks (140-voucher-stocks.sql; issue 24)
export interface VoucherCodesTable {
  id: Generated<number>;
  acquisto: string;
  prodotto: string;
  code: string;
  expires_on: string | null;
  source: string;
  loaded_at: Generated<Date>;
  purchase_id: number | null;
  taken_at: NullableTimestamp;
}

export interface VoucherStockAlertsTable {
  acquisto: string;
  prodotto: string;
  alerted_at: Generated<Date>;
}

// Bulk credit import (080-imports.sql; issue 17).
export type ImportJobStatus =
  | 'IN_QUEUE'
  | 'IN_PROGRESS'
  | 'VALIDATION_FAILED'
  | 'VALIDATION_COMPLETED'
  | 'VALIDATION_COMPLETED_WITH_WARNINGS'
  | 'CANCELLED_BY_COMPANY_REFERENT'
  | 'REJECTED_BY_BACKOFFICE'
  | 'ACCEPTED_BY_BACKOFFICE'
  | 'IMPORTED_SUCCESSFULLY'
  | 'IMPORT_FAILED';

export interface ImportJobsTable {
  id: Generated<number>;
  company_id: number;
  uploaded_by: number;
  status: ColumnType<ImportJobStatus, ImportJobStatus | undefined, ImportJobStatus>;
  input_filename: string;
  input_stored: string;
  output_filename: string | null;
  output_stored: string | null;
  note: Generated<string>;
  attempts: Generated<number>;
  rows_total: number | null;
  rows_with_errors: number | null;
  rows_with_warnings: number | null;
  users_created: number | null;
  users_updated: number | null;
  credit_lines: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmployeeContractsTable {
  user_id: number;
  tipo_contratto: string;
  inquadramento: string;
  impiegato_dal: string;
  impiegato_al: string;
  import_job_id: number | null;
  updated_at: Timestamp;
}

export interface DB {
  customers: CustomersTable;
  companies: CompaniesTable;
  users: UsersTable;
  user_privacy: UserPrivacyTable;
  referent_companies: ReferentCompaniesTable;
  profile_permissions: ProfilePermissionsTable;
  user_permissions: UserPermissionsTable;
  customer_permissions: CustomerPermissionsTable;
  sessions: SessionsTable;
  fonti: FontiTable;
  credit_lines: CreditLinesTable;
  purchases: PurchasesTable;
  purchase_allocations: PurchaseAllocationsTable;
  movements: MovementsTable;
  movement_month_totals: MovementMonthTotalsTable;
  idempotency_keys: IdempotencyKeysTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  outbox: OutboxTable;
  password_history: PasswordHistoryTable;
  login_failures: LoginFailuresTable;
  login_tickets: LoginTicketsTable;
  password_resets: PasswordResetsTable;
  used_nonces: UsedNoncesTable;
  info_popups: InfoPopupsTable;
  carousel_slides: CarouselSlidesTable;
  carousel_clicks: CarouselClicksTable;
  company_advances: CompanyAdvancesTable;
  document_types: DocumentTypesTable;
  document_type_kinds: DocumentTypeKindsTable;
  kinship_relations: KinshipRelationsTable;
  purchase_categories: PurchaseCategoriesTable;
  user_beneficiaries: UserBeneficiariesTable;
  user_ibans: UserIbansTable;
  suppliers: SuppliersTable;
  pension_funds: PensionFundsTable;
  documents: DocumentsTable;
  static_link_groups: StaticLinkGroupsTable;
  static_links: StaticLinksTable;
  // Installation content (135-installation-content.sql)
  app_links: AppLinksTable;
  partner_handoffs: PartnerHandoffsTable;
  // Support and content pages (050-content.sql)
  support_tickets: SupportTicketsTable;
  support_ticket_files: SupportTicketFilesTable;
  outbox_attachments: OutboxAttachmentsTable;
  // Referent back office (060).
  welfare_plans: WelfarePlansTable;
  welfare_plan_credits: WelfarePlanCreditsTable;
  api_users: ApiUsersTable;
  public_keys: PublicKeysTable;
  incentive_topups: IncentiveTopupsTable;
  // Conventions (040-sellers.sql).
  conv_images: ConvImagesTable;
  conv_categories: ConvCategoriesTable;
  conv_provinces: ConvProvincesTable;
  conv_suppliers: ConvSuppliersTable;
  conv_consortium_affiliates: ConvConsortiumAffiliatesTable;
  conv_articles: ConvArticlesTable;
  conv_article_images: ConvArticleImagesTable;
  voucher_multiuso: VoucherMultiusoTable;
  voucher_credito_log: VoucherCreditoLogTable;
  user_pins: UserPinsTable;
  conv_special_agreements: ConvSpecialAgreementsTable;
  schema_migrations: SchemaMigrationsTable;
  // Showcases (issue 13)
  aml_retailers: AmlRetailersTable;
  aml_products: AmlProductsTable;
  fuel_cards: FuelCardsTable;
  eurete_sections: EureteSectionsTable;
  eurete_products: EureteProductsTable;
  eurete_agreements: EureteAgreementsTable;
  delivered_codes: DeliveredCodesTable;
  voucher_codes: VoucherCodesTable;
  voucher_stock_alerts: VoucherStockAlertsTable;
  // Piattapasto (issue 17, 090-piattapasto.sql)
  piattapasto_settings: PiattapastoSettingsTable;
  piattapasto_orders: PiattapastoOrdersTable;
  piattapasto_order_rows: PiattapastoOrderRowsTable;
  demo_meal_voucher_orders: DemoMealVoucherOrdersTable;
  // Bulk credit import (080; issue 17).
  import_jobs: ImportJobsTable;
  employee_contracts: EmployeeContractsTable;
}

// Support and content pages (050-content.sql)
export interface SupportTicketsTable {
  id: Generated<number>;
  numero: Generated<number>;
  user_id: number;
  tel: string;
  n_richiesta: number | null;
  categoria: string;
  messaggio: string;
  created: Timestamp;
}

export interface SupportTicketFilesTable {
  id: Generated<number>;
  ticket_id: number;
  nome_file: string;
  stored_name: string;
  size: number;
  mime: DocumentMime;
}

export interface OutboxAttachmentsTable {
  id: Generated<number>;
  outbox_id: number;
  filename: string;
  content_type: string;
  content: Buffer;
}

export type User = Selectable<UsersTable>;
export type CreditLine = Selectable<CreditLinesTable>;
export type Purchase = Selectable<PurchasesTable>;
export type Movement = Selectable<MovementsTable>;
export type NewUser = Insertable<UsersTable>;

// Piattapasto (issue 17, 090-piattapasto.sql)
export type PiattapastoOrderStatus = 'TO_VALIDATE' | 'VALID' | 'STARTED' | 'COMPLETED' | 'ERROR';

export interface PiattapastoSettingsTable {
  company_id: number;
  /** Cents. */
  valore_buono: number | null;
  /** Tenths of a percent: 0 or 40. */
  iva_buono: number | null;
  codice_cliente: string | null;
  fornitore: string | null;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface PiattapastoOrderError {
  email: string;
  nome: string;
  errore: string;
}

export interface PiattapastoOrdersTable {
  id: Generated<number>;
  company_id: number;
  created_by: number;
  created: Generated<Date>;
  status: Generated<PiattapastoOrderStatus>;
  fornitore: string;
  codice_cliente: string | null;
  valore_buono: number;
  iva_buono: number | null;
  file_name: string;
  confirmed_by: number | null;
  confirmed_at: NullableTimestamp;
  start_time: NullableTimestamp;
  stop_time: NullableTimestamp;
  json_error_detail: ColumnType<PiattapastoOrderError[], string | undefined, string>;
  forn_error: string | null;
  sent_at: NullableTimestamp;
  rif_fornitore: string | null;
  rif_esterno: string | null;
}

export interface PiattapastoOrderRowsTable {
  order_id: number;
  riga: number;
  user_id: number;
  nome: string;
  email: string;
  nbuoni: number;
  /** Cents. */
  val_buoni: number;
}

export interface DemoMealVoucherOrdersTable {
  rif_ordine: string;
  fornitore: string;
  codice_cliente: string | null;
  rif_fornitore: string;
  esito: Json<{ rif_fornitore: string; rifiutati: PiattapastoOrderError[] }>;
  buoni_emessi: number;
  times_received: Generated<number>;
  received_at: Generated<Date>;
}
