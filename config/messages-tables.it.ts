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
  // stato-voucher (spec 002 §2.5; issue 14)
  voucherTableCaption: 'I tuoi buoni multiuso',
  voucherColCode: 'Codice',
  voucherColConsortium: 'Consorzio',
  voucherColProduced: 'Emesso il',
  voucherColResidual: 'Credito residuo',
  voucherColValidity: 'Validità',
  voucherDetailButton: 'Vedi movimenti',
  voucherDetailAria: 'Movimenti del buono {code}',
  voucherDetailTitle: 'Dettaglio del buono multiuso',
  voucherMovements: 'Movimenti del buono',
  voucherMovSupplier: 'Usato presso',
  voucherMovAmount: 'Credito scalato',
  voucherMovementsNone: 'Nessun movimento: il buono non è ancora stato usato.',
  voucherNone: 'Non hai ancora acquistato buoni multiuso.',

  // --- Purchases (status of the purchase of a movement) ----------------------------------
  purchasePending: 'In attesa',
  purchaseApproved: 'Approvato',
  purchasePaid: 'Pagato',

  // --- Credit lines (stato of crediti_lista, spec 000 §3 Credit line) -----------------------
  creditLineActive: 'Attivo',
  creditLineFuture: 'Non ancora attivo',

  // --- Referent back office (spec 002 §2.8, §2.9, §4.3, §5, §9) -----------------------------
  // Tables
  boScheduleCaption: 'Scadenzario crediti dei dipendenti',
  boColArt51Credit: 'Di cui art. 51 c.3',
  boScheduleNoCredit: 'Nessun credito in essere presente.',
  boScheduleExpired: 'Credito scaduto il {date}. Nessun credito in essere presente.',
  boScheduleDownload: 'Scarica lo scadenzario',
  boScheduleEmpty: 'Nessun dipendente per questa azienda.',
  boPlansCaption: 'Piani welfare dell’azienda',
  boColPlan: 'Piano',
  boColPlanCredits: 'Crediti',
  boPlanCreditsDownload: 'Scarica crediti',
  boPlanCreditsAria: 'Scarica i crediti del piano {plan}',
  boPlanYear: 'Anno',
  boPlanState: 'Piani',
  boPlanActive: 'Attivi',
  boPlanExpired: 'Scaduti',
  boPlansEmpty: 'Nessun piano welfare per i filtri scelti.',
  boDownloadFailed: 'Impossibile scaricare il file.',
  boKeysCaption: 'Chiavi pubbliche dell’azienda',
  boConsultantsCaption: 'Accessi dei consulenti',
  boColPublicKey: 'Chiave pubblica',
  boColApiUser: 'Utente API',
  boColCreated: 'Creata il',
  boNoApiUser: '—',
  boKeyDelete: 'Elimina',
  boKeyDeleteTitle: 'Eliminare la chiave?',
  boKeyDeleteText:
    'La chiave {id} sarà eliminata: la chiave privata corrispondente non potrà più essere usata. L’operazione non si può annullare.',
  boKeyDeleted: 'Chiave eliminata.',
  boKeyDeleteFailed: 'Non è stato possibile eliminare la chiave.',
  boKeysEmpty: 'Nessuna chiave pubblica registrata.',
  boConsultantRevoke: 'Revoca',
  boConsultantRevokeTitle: 'Revocare l’accesso del consulente?',
  boConsultantRevokeText:
    'Il consulente {name} non potrà più accedere ai dati dell’azienda: le sue richieste saranno rifiutate da subito.',
  boConsultantRevoked: 'Accesso revocato.',
  boConsultantRevokeFailed: 'Non è stato possibile revocare l’accesso.',
  boConsultantsEmpty: 'Nessun accesso consulente attivo.',
  boFilesCaption: 'File del dipendente',
  boCeased: 'Cessato',
  boFilesNoUser: 'Nessun utente selezionato, seleziona un utente per vedere i files.',
  boColRequest: 'Richiesta',
  boColUploaded: 'Caricato il',
  boFileDownloadAria: 'Scarica il file {name}',
  boFileCategory: 'Categoria',
  boFileOrder: 'Numero richiesta',
  boNoRequest: 'Nessuna richiesta',
  boFilesEmpty: 'Nessun file per questo dipendente con i filtri scelti.',
  boTypeInvoice: 'Fattura',
  boTypeTransfer: 'Bonifico bancario',
  boTypeReceipt: 'Ricevuta fiscale',
  boTypeSlip: 'Scontrino parlante',
  boTypeId: 'Documento di identità',
  boTypeFamily: 'Stato di famiglia',
  boKindExpenses: 'Rimborso spese',
  boKindInterest: 'Interessi su mutuo',
  boKindOnDemand: 'Preventivo on demand',
  boKindPension: 'Previdenza integrativa',
  boKindBills: 'Bollette',
  boKindHome: 'Affitto o mutuo prima casa',
  boTopupsCaption: 'Richieste di ricarica',
  boColFee: 'Commissione',
  boColVat: 'IVA',
  boColTotal: 'Totale',
  boColProforma: 'Pro forma',
  boProformaDownload: 'Scarica PDF',
  boProformaAria: 'Scarica il pro forma della richiesta {id}',
  boTopupsEmpty: 'Nessuna richiesta di ricarica per questa azienda.',
  // Screens
  boBackHome: 'Torna al Back Office',
  boHomeSections: 'Servizi del Back Office',
  boHomeNewConvention: 'Richiedi una nuova convenzione',
  boHomeAffiliated: 'Aziende affiliate',
  boHomeAffiliatedIntro: 'Le aziende affiliate al tuo portale welfare.',
  boColLocation: 'Località',
  boHomeAffiliatedEmpty: 'Nessuna azienda affiliata.',
  boHomeManual: 'Manuale della dashboard aziendale (PDF)',
  boScheduleIntro:
    'Il credito dei dipendenti e la sua scadenza: in rosso il credito che scade entro {days} giorni, in grigio quello già scaduto.',
  boPlansTitle: 'Piani welfare',
  boPlansIntro:
    'I piani welfare dell’azienda, con i piani collegati sotto il piano principale: in rosso quelli scaduti, in giallo quelli che scadono entro {days} giorni.',
  boFilesTitle: 'Gestione file utenti',
  boFilesIntro: 'Scegli un dipendente (anche cessato) per vedere e scaricare i suoi documenti.',
  boKeysTitle: 'Chiavi di cifratura',
  boKeysIntro:
    'Genera una coppia di chiavi direttamente nel browser: la chiave pubblica viene registrata per l’azienda, la chiave privata resta solo a te (o al consulente a cui la consegni) e non viene mai inviata al server.',
  boKeysSize:
    'Le chiavi sono RSA a {bits} bit: la dimensione di 1024 bit prevista in origine non è più accettata da alcuna linea guida di sicurezza attuale.',
  boKeysConsultant: 'Utente API del consulente (facoltativo)',
  boKeysConsultantHelp:
    'Indicalo se la chiave è per un consulente: 3-64 caratteri tra lettere, cifre, punto, trattino e @.',
  boKeysConsultantInvalid: 'Utente API non valido: 3-64 caratteri tra lettere, cifre, punto, trattino e @.',
  boKeysGenerate: 'Genera coppia di chiavi',
  boKeysGenerated: 'Coppia di chiavi generata: chiave pubblica registrata con id {id}.',
  boKeysDownloadPublic: 'Scarica public.bin',
  boKeysDownloadPrivate: 'Scarica private.bin',
  boKeysPrivateOnce:
    'La chiave privata si può scaricare una sola volta e non viene mai inviata al server: conservala in un luogo sicuro.',
  boKeysPrivateDone: 'Chiave privata scaricata: non è più disponibile in questa pagina.',
  boKeysFailed: 'Non è stato possibile registrare la chiave:',
  boKeysUnsupported: 'Questo browser non permette di generare chiavi (WebCrypto non disponibile).',
  boConsultantsTitle: 'Delega consulenti',
  boConsultantsIntro:
    'Gli accessi dei consulenti (utenti API) alle informazioni dell’azienda: una revoca ha effetto da subito.',
  boVouchersTitle: 'Buoni pasto',
  boVouchersIntro: 'Documenti e strumenti per i buoni pasto dei dipendenti.',
  boVouchersLimits:
    'Limiti di esenzione {year}: {mealVoucherElectronicDailyLimit:euro} al giorno per i buoni pasto elettronici, {mealVoucherPaperDailyLimit:euro} al giorno per quelli cartacei.',
  boVoucherRulesTitle: 'Normativa',
  boVoucherRulesText: 'Le regole fiscali dei buoni pasto e i limiti di esenzione.',
  boVoucherGuideTitle: 'Guida all’ordine',
  boVoucherGuideText: 'Come ordinare i buoni pasto per i dipendenti, passo per passo.',
  boVoucherFormTitle: 'Modulo di adesione',
  boVoucherFormText: 'Il modulo di adesione al servizio buoni pasto, da firmare e inviare.',
  boVoucherSheetTitle: 'Riepilogo ordini',
  boVoucherSheetText: 'Il foglio di calcolo per preparare l’ordine: dipendenti, numero e valore dei buoni.',
  boOpenPdf: 'Apri il PDF',
  boOpenSheet: 'Scarica il foglio di calcolo',
  boIncentiveInfoTitle: 'Loyalty e Incentive',
  boIncentiveInfoIntro:
    'Con Loyalty e Incentive l’azienda ricarica un credito dedicato a premi e regali per dipendenti, clienti e collaboratori.',
  boIncentiveInfoFee: 'Commissione di servizio: {fee}% dell’importo della ricarica.',
  boIncentiveInfoVat: 'IVA: {vat}% sulla commissione di servizio.',
  boIncentiveInfoTotal: 'Totale fattura: importo della ricarica + commissione + IVA.',
  boIncentiveInfoGift:
    'Deducibilità dei regali: fino a {incentiveGiftDeductibilityLimit:euro} per regalo (informazione indicativa: verifica con il tuo consulente).',
  boIncentiveInfoExample:
    'Esempio: una ricarica di {amount} comporta una commissione di {fee}, IVA di {vat} e un totale fattura di {total}.',
  boIncentiveGoTopup: 'Richiedi una ricarica',
  boTopupTitle: 'Ricarica Loyalty e Incentive',
  boTopupIntro:
    'La ricarica è richiesta per l’azienda selezionata; il pro forma di ogni richiesta si scarica qui sotto.',
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
  // --- showcases (issue 13): the movement of a purchase that delivered a code opens its detail ----
  movDeliveredCode: 'Vedi il codice',
  movDeliveredCodeLabel: "Vedi il codice dell'acquisto {id}",
} as const;

export const messages = { ...accountMessages, ...tableMessages } as const;

export type TableMessageKey = keyof typeof messages;
