/**
 * Texts of the API server: error answers (shape of ARCHITECTURE.md §5), mails, operator pages.
 * Kept apart from the portal catalogue (`messages.it.ts`) so the browser never downloads them; the
 * server sees account, form and api texts as one (`messages`; formatted by `src/server/messages.ts`).
 */
import { messages as portalMessages } from './messages-account.it';
import { formMessages } from './messages-forms.it';

export const apiMessages = {
  // API errors (server side, error shape of ARCHITECTURE.md §5)
  apiNotFound: 'Risorsa non trovata.',
  apiRouteNotFound: 'Percorso API inesistente: {method} {url}.',
  apiUnauthorized: 'Autenticazione richiesta.',
  apiInvalidToken: 'Token non valido o scaduto.',
  apiForbidden: 'Non si dispone dei permessi necessari per questa operazione.',
  apiActForForbidden: 'Non si è autorizzati ad operare per conto dell’azienda indicata.',
  apiActForInvalid: 'Intestazione Act-For non valida: deve essere l’id numerico di un’azienda.',
  apiCustomerInvalid: 'Intestazione Customer non valida.',
  apiBadJson: 'Il corpo della richiesta non è un JSON valido.',
  apiTextNul: 'Il testo contiene un carattere non ammesso (NUL).',
  apiBadUrl: 'L’indirizzo della richiesta non è valido.',
  apiUrlTooLong: 'L’indirizzo della richiesta è troppo lungo.',
  apiBodyTooLarge: 'Il corpo della richiesta supera la dimensione massima consentita.',
  apiUnsupportedMediaType: 'Tipo di contenuto non supportato.',
  apiRateLimited: 'Troppe richieste: riprovare tra {after}.',
  apiInternal: 'Si è verificato un errore interno. Riprovare più tardi.',
  // Operations (issue 27): load shedding, readiness, metrics
  apiOverloaded: 'Il server è sovraccarico in questo momento: riprovare tra {after}.',
  apiNotReady: 'Servizio non pronto: {reasons}.',
  apiNotReadyDatabase: 'il database non risponde',
  apiNotReadyMigrations: 'il database non ha tutte le migrazioni di questa versione (mancano: {missing})',
  apiNotReadyJobs: 'i lavori in background non sono avviati',
  apiMetricsUnauthorized: 'Token delle metriche mancante o non valido.',
  apiValidationRequired: 'Questo campo è obbligatorio.',
  apiValidationType: 'Valore non valido: atteso {type}.',
  apiValidationUnknownField: 'Campo non previsto.',
  apiValidationFormat: 'Formato non valido.',
  apiValidationTooShort: 'Il valore deve avere almeno {limit} caratteri.',
  apiValidationEnum: 'Valore non ammesso.',
  apiInsufficientCredit: 'Credito insufficiente per completare l’operazione.',
  apiIdempotencyInFlight: 'Una richiesta con la stessa chiave di idempotenza è ancora in corso.',
  apiIdempotencyMismatch: 'La chiave di idempotenza è già stata usata con dati diversi.',
  apiIdempotencyKeyInvalid: 'Chiave di idempotenza non valida.',
  apiIdempotencyKeyRequired: 'Un acquisto richiede l’intestazione Idempotency-Key.',
  apiAmountInvalid: 'Importo non valido: usare il formato 1234.50.',
  apiPurchaseStateInvalid: 'L’operazione non è consentita nello stato attuale dell’acquisto.',
  apiSkinNotFound: 'Personalizzazione non trovata per il cliente indicato.',
  apiBadRequest: 'Richiesta non valida.',
  apiTypeString: 'un testo',
  apiTypeNumber: 'un numero',
  apiTypeInteger: 'un numero intero',
  apiTypeBoolean: 'vero o falso',
  apiTypeObject: 'un oggetto',
  apiTypeArray: 'un elenco',
  apiTypeNull: 'nessun valore',
  apiDurationSecond: '1 secondo',
  apiDurationSeconds: '{n} secondi',
  apiDurationMinute: '1 minuto',
  apiDurationMinutes: '{n} minuti',
  apiDemoOnly: 'Funzione disponibile solo in modalità demo.',
  apiLoggedOut: 'Uscita dal portale effettuata.',
  apiStaticMissingTitle: 'Portale non ancora compilato',
  apiStaticMissing:
    'Il server API è attivo, ma il portale non è ancora stato compilato: eseguire `npm run build` e riavviare il server.',
  apiCarouselSlideNotFound: 'Slide del carosello non trovata.',
  apiCarouselImageNotFound: 'Immagine del carosello non trovata.',
  apiCarouselActionInvalid: 'Azione della slide non valida: ricaricare la pagina e riprovare.',
  apiNotificationNotFound: 'Notifica non trovata.',
  apiNotificationMoreRecipients: '{names} e altri {n}',
  apiNotificationNoRecipients: 'Selezionare almeno un destinatario.',
  apiNotificationRecipientUnknown: 'Uno o più destinatari non esistono.',
  apiNotificationTextLength: 'Il messaggio deve avere tra 1 e {limit} caratteri.',
  // Movement history, credit lines, cancelled purchases, advances and exports (spec 000 §2, §5, §7)
  apiDateInvalid: 'Data non valida: usare il formato AAAA-MM-GG.',
  apiExportStartAfterEnd: 'La data di inizio export non può essere successiva alla data di fine export.',
  apiExportStartTooEarly:
    'La data di inizio export non può precedere il {date}, primo giorno del mese precedente.',
  apiExportEndInFuture: 'La data di fine export non può essere successiva a oggi ({date}).',
  apiSheetMovements: 'Movimenti',
  apiSheetTransactions: 'Transazioni',
  apiSheetResidualCredit: 'Crediti residui',
  apiColArt51Credit: 'di cui art. 51 c.3',
  apiColNearestExpiry: 'Scadenza più vicina',
  // Sign-in, second factor, single sign-on and password flows (server side)
  apiCredentialsInvalid: 'Credenziali non valide.',
  apiAkeyInvalid: 'Dati di accesso non leggibili: ripetere l’accesso dalla pagina di login.',
  apiLoginLocked: 'Troppi tentativi di accesso non riusciti: riprovare tra {after}.',
  apiCheckTokenInvalid:
    'Sessione di accesso scaduta o non valida: ripetere l’accesso con nome utente e password.',
  apiCheckTokenExhausted: 'Troppi codici errati: ripetere l’accesso con nome utente e password.',
  apiOtpInvalid: 'Codice non valido.',
  apiOtpReplayed: 'Codice già utilizzato: attendere il codice successivo nell’app di autenticazione.',
  apiSsoTokenInvalid: 'Token di accesso single sign-on non valido, scaduto o già utilizzato.',
  apiSsoProviderInvalid: 'Provider di single sign-on non riconosciuto.',
  apiPasswordReused: 'La nuova password è già stata utilizzata: sceglierne una diversa.',
  apiPasswordLinkInvalid: 'Il collegamento non è valido, è scaduto o è già stato utilizzato.',
  apiTaxCodeMismatch: 'Il codice fiscale non corrisponde a quello registrato.',
  apiMailGreeting: 'Gentile {name},',
  apiMailLoginCodeSubject: 'Codice di accesso al Portale Welfare',
  apiMailLoginCodeText:
    'il codice per accedere al Portale Welfare è {code}. Vale {minutes} minuti e una sola volta. Se non hai richiesto tu l’accesso, ignora questa e-mail e cambia la password.',
  apiMailEnrolCodeSubject: 'Codice di registrazione al Portale Welfare',
  apiMailEnrolCodeText:
    'per attivare l’app di autenticazione sul Portale Welfare inserisci il codice {code}. Vale {minutes} minuti e una sola volta. Se non hai richiesto tu la registrazione, ignora questa e-mail e cambia la password.',
  apiMailPasswordLostSubject: 'Recupero della password del Portale Welfare',
  apiMailPasswordLostText:
    'abbiamo ricevuto una richiesta di recupero della password. Per sceglierne una nuova apri il collegamento qui sotto: vale {minutes} minuti e una sola volta. Se non hai richiesto tu il recupero, ignora questa e-mail: la password attuale resta valida.',
  apiMailPasswordExpiredSubject: 'Rinnovo della password scaduta del Portale Welfare',
  apiMailPasswordExpiredText:
    'la tua password del Portale Welfare è scaduta o sta per scadere. Per sceglierne una nuova apri il collegamento qui sotto: vale {minutes} minuti e una sola volta.',
  apiMailSignature: 'Il team del Portale Welfare',
  // Request forms, their reference data and documents (server side, spec 001 §3-9, 000 §5 "Files", §7)
  apiFormKindInvalid: 'Tipo di richiesta non previsto: {kind}.',
  apiFileKindInvalid: 'Tipo di allegato non previsto.',
  apiDocumentTypeInvalid: 'Tipo di documento non valido per questo allegato.',
  apiDocumentTypeExcluded: 'Il tipo di documento «{tipo}» non è ammesso per «{slot}».',
  apiDocumentKindUnexpected: 'Questa richiesta non prevede un documento di questo tipo ({kind}).',
  apiDocumentKindTooMany: 'Troppi documenti dello stesso tipo ({kind}) per questa richiesta.',
  apiDocumentUnavailable:
    'Il documento {id} non esiste, è stato eliminato o è già associato a un’altra richiesta.',
  apiDocumentInUse: 'Il documento è già associato a una richiesta e non può essere eliminato.',
  apiDocumentDateFuture: 'La data del documento non può essere successiva a oggi.',
  apiUploadTooLarge: 'Il file supera la dimensione massima di 3 MB (3145728 byte).',
  apiUploadWrongType: 'Tipo di file non ammesso: caricare un file PDF, JPEG o PNG.',
  apiUploadOneFile: 'Caricare un solo file per richiesta.',
  apiUploadTooManyFields: 'La richiesta di caricamento contiene troppi campi.',
  apiUploadMalformed: 'Richiesta di caricamento non leggibile: riprovare.',
  apiUploadNotMultipart: 'Il caricamento richiede un corpo multipart/form-data.',
  apiCategoryNotFound: 'Categoria non valida per questa richiesta.',
  apiFundNotFound: 'Fondo di previdenza non trovato.',
  apiPensionInfoNotAccepted:
    'È necessario accettare l’informativa sulla previdenza integrativa prima di proseguire.',
  apiStaticLinkNotFound: 'Collegamento non trovato.',
  // Installation content (issue 24; services/installation-content.ts, `npm run admin -- content`)
  apiContentRefused: 'Contenuti rifiutati, nulla è stato scritto ({n} errori):',
  apiContentNoChange: 'Nessuna modifica: i contenuti dell’installazione corrispondono già al documento.',
  apiContentFieldMissing: 'manca il campo «{field}»',
  apiContentFieldUnknown: 'campo non previsto «{field}»',
  apiContentFieldType: 'tipo non valido (atteso {type})',
  apiContentFieldPattern: 'formato non ammesso',
  apiContentFieldEmpty: 'il testo non può essere vuoto',
  apiContentFieldTooLong: 'al massimo {limit} caratteri',
  apiContentFieldInvalid: 'valore non ammesso',
  apiContentUrlInvalid: 'indirizzo non valido: serve https:// oppure un percorso di questo server (/...)',
  apiContentRepeated: '«{value}» compare già in {path}',
  apiContentGroupUnknown: 'gruppo di documentazione sconosciuto «{group}» (gruppi: {groups})',
  apiContentPageUnknown: 'pagina senza app «{page}» (pagine: {pages})',
  apiContentAppEmpty: 'serve almeno uno tra «ios» e «android»',
  apiContentCustomerUnknown: 'cliente inesistente «{code}»',
  apiContentGroupCreated: '{kind} {group}: gruppo creato',
  apiContentGroupUpdated: '{kind} {group}: gruppo aggiornato',
  apiContentGroupRemoved: '{kind} {group}: gruppo tolto',
  apiContentLinkCreated: '{kind} {group}: collegamento {slug} creato',
  apiContentLinkUpdated: '{kind} {group}: collegamento {slug} aggiornato',
  apiContentLinkRemoved: '{kind}: collegamento {slug} tolto',
  apiContentAppCreated: 'app di {page}: collegamenti creati',
  apiContentAppUpdated: 'app di {page}: collegamenti aggiornati',
  apiContentAppRemoved: 'app di {page}: collegamenti tolti',
  apiContentCustomerCodeSet: 'cliente {code}: codice Benefit Hub impostato',
  apiContentCustomerCodeCleared: 'cliente {code}: codice Benefit Hub tolto',
  apiPurchaseNotFound: 'Richiesta non trovata.',
  // Paging of the paged lists (services/paging.ts)
  apiPageInvalid: 'Numero di pagina non valido: da 1 a {max}.',
  apiPageSizeInvalid: 'Righe per pagina non valide: valori ammessi {sizes}.',
  // Partner portals: hand-offs and charges (config/partners.ts, routes/partners)
  apiPartnerUnavailable:
    'Il portale {title} non è al momento disponibile: riprovare più tardi o contattare l’assistenza.',
  apiPartnerHandoffUnknown:
    'Accesso al partner non trovato: il riferimento indicato non corrisponde a nessun accesso.',
  apiPartnerChargeExpired:
    'L’accesso al partner è scaduto: l’utente deve accedere di nuovo dal portale welfare prima di un nuovo addebito.',
  apiPartnerOverCredit:
    "L'importo di {amount} supera il {credit} disponibile, che è di {n}: nessun addebito effettuato.",
  apiPartnerCreditTotale: 'credito welfare',
  apiPartnerCreditArt51c3: 'credito welfare ART 51 C.3',
  apiPartnerAuthMissing:
    'Chiamata del partner non autenticata: servono le intestazioni X-Partner-Id, X-Partner-Timestamp, X-Partner-Nonce e X-Partner-Signature.',
  apiPartnerAuthInvalid: 'Firma del partner non valida.',
  apiPartnerTimestampInvalid:
    'Marca temporale della chiamata non valida o fuori dalla finestra ammessa di {n} secondi.',
  apiPartnerReplay:
    'Chiamata del partner già ricevuta: un nuovo tentativo va firmato con un nuovo X-Partner-Nonce (stessa Idempotency-Key).',
  // Demo partner (modalità demo: /demo-partner)
  apiDemoPartnerTitle: '{partner} (partner dimostrativo)',
  apiDemoPartnerArrived: 'Sei arrivato dal portale welfare come {name} ({email}), dalla pagina «{page}».',
  apiDemoPartnerCredit: 'Credito disponibile: {amount} ({credit}).',
  apiDemoPartnerOffers: 'Offerte',
  apiDemoPartnerService: 'Servizio richiesto: {service}.',
  apiDemoPartnerShowcase: 'Vetrina richiesta: n. {cat}.',
  apiDemoPartnerBuy: 'Acquista {product} a {amount}',
  apiDemoPartnerBought: 'Acquisto completato',
  apiDemoPartnerBoughtText:
    'Hai acquistato «{product}» per {amount}: richiesta {id}. Credito residuo: {residual}.',
  apiDemoPartnerBuyFailed: 'Acquisto non riuscito',
  apiDemoPartnerBackToPortal: 'Puoi chiudere questa scheda e tornare al portale welfare.',
  apiDemoPartnerRefused: 'Accesso rifiutato',
  apiDemoPartnerExpired: 'Il collegamento è scaduto: torna al portale welfare e accedi di nuovo al partner.',
  apiDemoPartnerReplayed:
    'Questo collegamento è già stato usato: per sicurezza vale una sola volta. Torna al portale welfare e accedi di nuovo.',
  apiDemoPartnerTampered:
    'I dati di accesso non sono validi (alterati o cifrati con un’altra chiave): torna al portale welfare e accedi di nuovo.',
  apiDemoPartnerMissing: 'Dati di accesso mancanti: questa pagina si apre dal portale welfare.',
  apiDemoPartnerUnknown: 'Partner dimostrativo inesistente.',
  apiDemoPartnerBonusClient: 'Identificativo cliente non riconosciuto: {client}.',
  apiDemoPartnerVisitInvalid:
    'La visita non è valida: torna al portale welfare e accedi di nuovo al partner.',
  apiDemoRequestFormTitle: 'Richiesta di una convenzione (modulo dimostrativo)',
  apiDemoRequestFormText:
    'Qui il cliente pubblica il proprio modulo di richiesta di convenzioni on demand. Puoi chiudere questa scheda.',
  apiDemoBenefitHubTitle: 'Iscrizione al Benefit Hub (pagina dimostrativa)',
  apiDemoBenefitHubText:
    'Qui il Benefit Hub raccoglie l’iscrizione con il codice cliente copiato dal portale. Puoi chiudere questa scheda.',
  // The demo's documentation (installation content of demo mode): one page naming the document.
  apiDemoDocumentText: 'Documento dimostrativo: {name}',

  // --- Support and content pages (issue 15; 002 §2.7, §5, §7) -----------------------------------
  apiSupportCategoryInvalid: 'Categoria non prevista: sceglierne una dell’elenco.',
  apiSupportMessageTooLong: 'Il messaggio può avere al massimo {limit} caratteri.',
  apiSupportTooManyFiles: 'Si possono allegare al massimo {limit} file.',
  apiSupportUnavailable:
    'L’invio delle richieste di assistenza non è disponibile: nessun indirizzo di assistenza configurato.',
  apiMailSupportTeam: 'team dell’assistenza',
  apiMailSupportSubject: 'Richiesta di assistenza n. {numero}: {categoria}',
  apiMailSupportDetails:
    'nuova richiesta di assistenza n. {numero}.\nUtente: {nome} ({email})\nAzienda: {azienda}\nTelefono: {tel}\nNumero richiesta: {n_richiesta}\nCategoria: {categoria}\nAllegati: {allegati}\nMessaggio:',
  apiMailSupportAckSubject: 'Abbiamo ricevuto la tua richiesta di assistenza n. {numero}',
  apiMailSupportAckText:
    'abbiamo ricevuto la tua richiesta di assistenza n. {numero} ({categoria}): sarà nostra cura risponderti nel più breve tempo possibile. Il tuo messaggio:',
  // Conventions, articles, multi-use vouchers and the PIN (server side, spec 002 §2.1-§2.6, §5, §7; issue 14)
  apiSellersSupplierNotFound: 'Fornitore non trovato.',
  apiSellersConsortiumNotFound: 'Consorzio non trovato.',
  apiSellersArticleNotFound: 'Articolo non trovato.',
  apiSellersArticleMismatch: 'L’articolo indicato non corrisponde al fornitore o al codice articolo.',
  apiSellersArticleSoldOut: 'L’articolo non è più disponibile.',
  apiSellersArticleOggetto: 'Articolo {code} - {name}',
  apiSellersVoucherOggetto: 'Buono multiuso {consortium}',
  apiSellersVoucherValid: 'Utilizzabile fino al {date}',
  apiSellersVoucherExpired: 'Scaduto il {date}',
  apiSellersVoucherSpent: 'Credito esaurito',
  apiSellersPinMailSubject: 'Il tuo PIN identificativo del Portale Welfare',
  apiSellersPinMailText:
    'il tuo nuovo PIN identificativo è {pin}. Comunicalo solo al fornitore convenzionato quando usi un buono multiuso. Il PIN precedente non è più valido. Se non hai chiesto tu un nuovo PIN, generane un altro dal portale e contatta l’assistenza.',
  apiSupplierKeyMissing: 'Chiave del fornitore mancante o non valida (intestazione X-Fornitore-Key).',
  apiVoucherNotFound: 'Buono multiuso inesistente.',
  apiVoucherExpired: 'Il buono multiuso è scaduto il {date}.',
  apiVoucherSpent: 'Il credito del buono multiuso è esaurito.',
  apiVoucherNotAffiliated: 'Il fornitore non è convenzionato con il consorzio che ha emesso il buono.',
  apiVoucherAmountOverResidual: 'L’importo supera il credito residuo del buono ({residual:euro}).',
  apiVoucherAmountInvalid:
    'Importo non valido: indicare un importo maggiore di zero, con al massimo due decimali.',
  apiVoucherPinWrong: 'PIN errato: restano {left} tentativi prima del blocco.',
  apiVoucherPinBlocked:
    'PIN bloccato dopo troppi tentativi errati: il titolare deve generarne uno nuovo dalla pagina Gestione PIN.',
  apiVoucherNoPin:
    'Il titolare del buono non ha un PIN identificativo: deve generarlo dalla pagina Gestione PIN.',
  apiDemoSupplierTitle: 'Cassa del fornitore convenzionato (pagina dimostrativa)',
  apiDemoSupplierIntro:
    'Il fornitore riscatta una parte di un buono multiuso: sceglie chi è, inserisce il codice del buono, il PIN del titolare e l’importo.',
  apiDemoSupplierCode: 'Codice del buono',
  apiDemoSupplierPin: 'PIN del titolare',
  apiDemoSupplierAmount: 'Importo da scalare (es. 12.50)',
  apiDemoSupplierRedeem: 'Scala dal buono',
  apiDemoSupplierDone: 'Riscatto eseguito: scalati {amount} dal buono {code}. Credito residuo: {residual}.',
  apiDemoSupplierFailed: 'Riscatto non riuscito',
  // Showcases (issue 13): delivered codes, mutual aid, catalogue calls
  apiDeliveredSender: 'Portale Welfare',
  apiDeliveredNotice: 'Il tuo acquisto n. {id} ({product}) è andato a buon fine. Codice: {code}',
  apiDeliveredMailSubject: 'Il codice del tuo acquisto n. {id} sul Portale Welfare',
  apiDeliveredMailText:
    'il tuo acquisto n. {id} ({product}) è andato a buon fine. Il tuo codice è {code}. Lo trovi anche tra le notifiche e nel dettaglio dell’acquisto sul portale.',
  apiDeliveredExpiry: 'Il codice vale fino al {date}.',
  apiStockLowAddressee: 'operatore',
  apiStockLowMailSubject: 'Codici in esaurimento: {title} {product}',
  apiStockLowMailText:
    'restano {left} codici liberi per «{title}», prodotto {product} (livello di avviso: {level}). Caricare nuovi codici del fornitore con npm run admin -- voucher-codes-load; a scorta vuota l’acquisto è rifiutato.',
  apiRetailerNotFound: 'Negozio inesistente.',
  apiEureteSectionNotFound: 'Sezione inesistente.',
  // Referent back office (spec 002 §2.8, §2.9, §6, §7): schedule, plans, keys, consultants, files, top-up
  apiSheetPlanCredits: 'Crediti del piano',
  apiColPlan: 'Piano welfare',
  apiActForRequired: 'Intestazione Act-For obbligatoria: indicare l’azienda per cui si opera.',
  apiPlanNotFound: 'Piano welfare non trovato.',
  apiPlanYearInvalid: 'Anno non valido: scegliere un anno tra {from} e {to}.',
  apiUserUidUnknown: 'Utente non trovato tra i dipendenti dell’azienda.',
  apiKeyInvalid:
    'Chiave pubblica non valida: serve una chiave RSA di almeno {bits} bit (DER SubjectPublicKeyInfo in base64, o PEM).',
  apiKeyDuplicate: 'Questa chiave pubblica è già registrata per l’azienda.',
  apiKeyNotFound: 'Chiave pubblica non trovata.',
  apiConsultantNotFound: 'Accesso consulente non trovato.',
  apiConsultantSignatureMissing:
    'Richiesta non firmata: servono le intestazioni Signature-Input e Signature.',
  apiConsultantSignatureInvalid: 'Firma della richiesta non valida.',
  apiConsultantSignatureExpired: 'Firma della richiesta scaduta o con orario non valido.',
  apiConsultantReplay: 'Richiesta già ricevuta: ogni firma vale una sola volta.',
  apiConsultantKeyRevoked: 'Chiave eliminata o accesso del consulente revocato.',
  apiTopupAmountInvalid: 'Importo della ricarica non valido: indicare un importo in euro maggiore di zero.',
  apiTopupNotFound: 'Richiesta di ricarica non trovata.',
  apiTopupPdfTitle: 'Pro forma: ricarica Loyalty e Incentive',
  apiTopupPdfCompany: 'Azienda: {name}',
  apiTopupPdfNumber: 'Richiesta n. {id} del {date}',
  apiTopupPdfAmount: 'Importo della ricarica: {amount}',
  apiTopupPdfFee: 'Commissione di servizio ({percent}%): {amount}',
  apiTopupPdfVat: 'IVA sulla commissione ({percent}%): {amount}',
  apiTopupPdfTotal: 'Totale fattura: {amount}',
  apiTopupPdfNote: 'Documento pro forma, non valido ai fini fiscali: la fattura segue il pagamento.',

  // --- internal messaging (issue 17; 002 §2.8, §5, §7) ------------------------------------------
  apiInternalMessageTooLong: 'Il messaggio può avere al massimo {limit} caratteri, formattazione compresa.',
  apiInternalMessageEmpty: 'Il messaggio è vuoto: scrivere un testo.',
  apiInternalMessageRecipientInvalid:
    'Uno o più destinatari non sono dipendenti con contratto attivo dell’azienda per cui si opera.',

  // --- Piattapasto (issue 17; 002 §3, §4.1, §5, §7) ----------------------------------------------
  apiPiattaValueInvalid:
    'Valore del buono non valido: indicare un importo in euro maggiore di zero (es. 8.00).',
  apiPiattaClientCodeRequired: 'Indicare il codice cliente del fornitore.',
  apiPiattaVatInvalid: 'IVA del buono non valida: i valori ammessi sono 0% e 4%, con al più un decimale.',
  apiPiattaVatRequired: 'Indicare l’IVA del buono (0% o 4%).',
  apiPiattaSettingsIncomplete:
    'Le impostazioni Piattapasto sono incomplete: completarle prima di caricare un ordine.',
  apiPiattaSupplierUnknown:
    'Il fornitore dei buoni pasto dell’azienda non è riconosciuto: contattare l’assistenza.',
  apiPiattaCsvMissing: 'Allegare il file CSV dell’ordine nel campo csv_ordine.',
  apiPiattaCsvOnlyCsv: 'Sono accettati solo file .csv.',
  apiPiattaCsvTooLarge: 'Il file CSV supera la dimensione massima di {limit} byte.',
  apiPiattaCsvTooManyRows: 'Il file CSV ha più di {limit} righe.',
  apiPiattaCsvBinary: 'Il file non è un CSV di testo (contiene caratteri nulli o binari).',
  apiPiattaCsvEncoding: 'Il file non è in UTF-8 né in Windows-1252: salvarlo come CSV UTF-8 e riprovare.',
  apiPiattaCsvUnreadable: 'Il file CSV non è leggibile: controllare separatori e virgolette.',
  apiPiattaCsvHeader:
    'Intestazione non valida: usare il modello (colonne Nome, Email, Numero buoni, Credito attuale).',
  apiPiattaCsvEmpty: 'Nessun buono da ordinare: ogni riga ha zero buoni o riguarda dipendenti cessati.',
  apiPiattaCsvRows: 'Il file contiene errori: {rows}',
  apiPiattaCsvRowVouchers: 'riga {row}: numero di buoni non valido (un intero da 0 a {max})',
  apiPiattaCsvRowEmail: 'riga {row}: l’email {email} non è di un dipendente dell’azienda',
  apiPiattaCsvRowDuplicate: 'riga {row}: l’email {email} compare più volte',
  apiPiattaOrderNotFound: 'Ordine non trovato.',
  apiPiattaOrderNotToValidate: 'L’ordine non è più da validare (stato attuale: {status}).',
  apiPiattaSendFailed: 'Invio al fornitore non riuscito dopo più tentativi: contattare l’assistenza.',
  apiPiattaSupplierNotConfigured: 'Nessun collegamento con il fornitore dei buoni pasto è configurato.',
  apiPiattaSupplierNoTaxCode: 'Codice fiscale mancante.',
  apiPiattaSupplierMonthlyCap: 'Numero di buoni oltre il massimo mensile del fornitore ({max}).',
  apiPiattaSupplierClientCode: 'Codice cliente sconosciuto al fornitore.',
  // The supplier's side of the signed protocol (config/meal-voucher-suppliers.ts; issue 24).
  apiPiattaSupplierUnsigned: 'Richiesta senza una firma valida.',
  apiPiattaSupplierStale: 'Richiesta fuori dalla finestra di tempo ammessa: controllare l’orologio.',
  apiPiattaSupplierReplay: 'Richiesta già ricevuta: ogni richiesta deve avere un nonce nuovo.',
  apiPiattaSupplierBadOrder: 'Il corpo della richiesta non è un ordine di buoni pasto valido.',
  apiPiattaSupplierTooLarge: 'Richiesta troppo grande per il fornitore.',
  apiPiattaSupplierOrderUnknown: 'Ordine mai ricevuto dal fornitore.',
  apiPiattaSupplierNoSuchCall: 'Indirizzo o metodo non previsto dal protocollo del fornitore.',
  apiPiattaSupplierOtherSupplier: 'L’ordine è indirizzato a un altro fornitore di buoni pasto.',
  apiPiattaSupplierUnavailable: 'Servizio del fornitore momentaneamente non disponibile.',
  // --- bulk credit import (issue 17; 002 §2.10, §3, §5, §7) --------------------------------------
  apiImportNotSpreadsheet: 'Il file non è un foglio Excel .xlsx leggibile.',
  apiImportXlsRefused:
    'I file .xls (Excel 97-2003) non si possono leggere in modo sicuro: aprire il file con Excel o LibreOffice, salvarlo come .xlsx e caricarlo di nuovo.',
  apiImportZipTooLarge: 'Il file, una volta decompresso, supera la dimensione massima consentita.',
  apiImportZipTooManyEntries: 'Il file contiene troppe parti interne per essere un foglio di importazione.',
  apiImportUploadTooLarge: 'Il file supera la dimensione massima di {mb} MB.',
  apiImportUploadMissing: 'Nessun file nel campo csv_ordine: caricare un file .xlsx.',
  apiImportBadHeader: 'Intestazione non valida: la prima riga deve avere le colonne {columns}.',
  apiImportTooManyRows: 'Il file ha più di {max} righe: dividerlo in più file.',
  apiImportNoRows: 'Il file non contiene righe da importare.',
  apiImportFormulaWithoutValue:
    '{column}: formula senza valore calcolato (le formule non vengono calcolate): scrivere il valore.',
  apiImportRequired: '{column}: campo obbligatorio.',
  apiImportEmailInvalid: 'Email: indirizzo non valido.',
  apiImportEmailDuplicate: 'Email: già presente alla riga {row} del file.',
  apiImportEmailOtherCompany: 'Email: appartiene a un utente di un’altra azienda.',
  apiImportPasswordNotEmpty: 'Password: deve essere lasciata vuota.',
  apiImportTaxCodeInvalid: 'Codice Fiscale: non valido.',
  apiImportChoiceInvalid: '{column}: valore non ammesso (ammessi: {choices}).',
  apiImportDateInvalid: '{column}: data non valida (usare GG-MM-AAAA).',
  apiImportDateOrder: '{first} deve essere precedente a {second}.',
  apiImportAmountInvalid: '{column}: importo non valido (usare il formato 1.234,50).',
  apiImportArt51c3NoIncrease: 'Welfare art51c3: deve essere 0,00 se Welfare Totale non ha aumento.',
  apiImportArt51c3AboveTotal: 'Welfare art51c3: non può superare Welfare Totale.',
  apiImportArt51c3Limit:
    'Welfare art51c3: per il {year} deve essere {limit:euro} senza figli a carico o {withChildren:euro} con figli a carico.',
  apiImportFonteInvalid: 'Tipo fonte: deve essere un numero da 1 a 7.',
  apiImportWarnUpdate: 'Dipendente già presente: cognome, nome e codice fiscale saranno aggiornati.',
  apiImportWarnExpired: 'La scadenza è già passata: il credito non sarà spendibile.',
  apiImportWarnCeased: 'Impiegato al è già passato: il dipendente risulterà cessato.',
  apiImportResultOk: 'OK',
  apiImportResultErrors: 'ERRORI:',
  apiImportResultWarnings: 'ANOMALIE:',
  apiImportNoteValid: '{rows} righe valide.',
  apiImportNoteErrors: '{rows} righe, {errors} con errori: scaricare il file di esito per i dettagli.',
  apiImportNoteWarnings: '{rows} righe, {warnings} con anomalie: scaricare il file di esito per i dettagli.',
  apiImportNoteImported:
    'Importati {created} nuovi dipendenti, aggiornati {updated}, caricate {lines} linee di credito.',
  apiImportFailedRow: 'Importazione non eseguita, nulla è stato scritto: riga {row}: {errors}',
  apiImportNotFound: 'Importazione non trovata.',
  apiImportGaveUp:
    'Elaborazione non riuscita dopo più tentativi, nulla è stato scritto: riprovare o contattare l’assistenza.',
  apiImportNotCancellable: 'Si può annullare solo un import con validazione completata.',
  apiImportMovementOggetto: 'Caricamento credito da importazione n. {id}',
  apiMailOtpResetSubject: 'Il secondo fattore di accesso è stato azzerato',
  apiMailOtpResetText:
    "Su tua richiesta l'assistenza ha azzerato il secondo fattore del tuo accesso al Portale Welfare e chiuso le sessioni aperte. Al prossimo accesso, dopo la password, attiverai di nuovo l'app di autenticazione o il codice via e-mail. Se non l'hai chiesto tu, contatta subito l'assistenza.",
  apiMailImportWelcomeSubject: 'Benvenuto nel Portale Welfare',
  apiMailImportWelcomeText:
    'La tua azienda ti ha registrato nel Portale Welfare. Per entrare imposta la password dal collegamento qui sotto (valido {minutes} minuti; poi usa Password dimenticata), con il tuo codice fiscale come verifica; al primo accesso attiverai il secondo fattore.',
} as const;

export const messages = { ...portalMessages, ...formMessages, ...apiMessages } as const;

export type MessageKey = keyof typeof messages;
