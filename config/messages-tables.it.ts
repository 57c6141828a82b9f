/**
 * Texts of the table engine (`src/client/engine/table`) and of the status sets (`status-sets.ts`):
 * loading, failures, toolbar, paging, confirmations, and the labels of the statuses of spec 002 §4.
 * Loaded with the screens that show a table (never by the login route). Table declarations name
 * their texts by key of `messages` below: the account catalogue plus these.
 */
import { messages as accountMessages } from './messages-account.it';

export const tableMessages = {
  // --- Engine -------------------------------------------------------------------------------
  tableLoadFailed: 'Non è stato possibile caricare i dati. Riprovare più tardi.',
  tableEmpty: 'Nessun dato da mostrare.',
  tableDownload: 'Scarica',
  tableUpload: 'Carica file',
  tableUploading: 'Caricamento in corso…',
  tableUploadDone: 'File caricato.',
  tableUploadFailed: 'Non è stato possibile caricare il file.',
  tableDownloadFailed: 'Non è stato possibile scaricare il file.',
  tableSearchMin: 'Scrivi almeno {n} caratteri per cercare.',
  tableRowsPerPage: 'Righe per pagina',
  tableTotal: 'Totale: {n}',
  tablePages: 'Pagine',
  tablePage: 'Pagina {n}',
  tablePreviousPage: 'Pagina precedente',
  tableNextPage: 'Pagina successiva',
  tableAll: 'Tutti',
  tableYearFrom: 'Dall’anno',
  tableYearTo: 'All’anno',
  tableUser: 'Utente',
  tableExpired: 'Scaduto',
  tableActions: 'Azioni',

  // --- Captions of declared tables ---------------------------------------------------------
  inboxTableCaption: 'Notifiche: {mode}',
  inboxArchiveTableCaption: 'Archivio delle notifiche: {mode}',

  // --- Import jobs (spec 002 §3 Import job, §4.2) -----------------------------------------
  importJobsTitle: 'Importazioni',
  importColFile: 'File',
  importColNote: 'Note',
  importEmpty: 'Nessuna importazione.',
  importCancel: 'Annulla importazione',
  importCancelText: 'Vuoi annullare l’importazione del file {file}?',
  importCancelDone: 'Importazione annullata.',
  importCancelFailed: 'Non è stato possibile annullare l’importazione.',
  importDetailLabel: 'Dettaglio dell’importazione {file}',
  importInQueue: 'In Coda',
  importInProgress: 'In Lavorazione',
  importValidationFailed: 'Errori di Validazione',
  importValidationCompleted: 'Validazione Completata',
  importValidationWarnings: 'Validazione Completata (Con Anomalie)',
  importCancelled: 'Annullato',
  importRejected: 'Rifiutato dal Backoffice',
  importAccepted: 'Accettato dal Backoffice',

  // --- Piattapasto orders (spec 002 §4.1) --------------------------------------------------
  orderToValidate: 'DA VALIDARE',
  orderValid: 'VALIDO',
  orderStarted: 'IN CORSO',
  orderCompleted: 'COMPLETATO',
  orderError: 'ERRORE',

  // --- Vouchers (spec 002 §4.3) ------------------------------------------------------------
  voucherValid: 'Valido',
  voucherNotValid: 'Non valido',

  // --- Purchases (status of the purchase of a movement) ----------------------------------
  purchasePending: 'In attesa',
  purchaseApproved: 'Approvato',
  purchasePaid: 'Pagato',

  // --- Credit lines (stato of crediti_lista, spec 000 §3 Credit line) -----------------------
  creditLineActive: 'Attivo',
  creditLineFuture: 'Non ancora attivo',

  // --- internal messaging (issue 17): what the company sent, and its archive ------------------
  messSentTableCaption: 'Elenco dei messaggi inviati dall’azienda',
  messArchiveTableCaption: 'Elenco dei messaggi archiviati dall’azienda',
  messSentEmpty: 'Nessun messaggio inviato.',
  messReadByAll: 'Letto da tutti',
  messNotReadByAll: 'Non ancora letto da tutti',
  messOpenLabel: 'Apri il messaggio del {date}',
  messDetailTitle: 'Dettaglio del messaggio',
  messPageSize: 'Messaggi per pagina',
  messPages: 'Pagine dei messaggi',
} as const;

export const messages = { ...accountMessages, ...tableMessages } as const;

export type TableMessageKey = keyof typeof messages;
