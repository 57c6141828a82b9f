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
  apiColTotalCredit: 'Credito totale',
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

  // --- internal messaging (issue 17; 002 §2.8, §5, §7) ------------------------------------------
  apiInternalMessageTooLong: 'Il messaggio può avere al massimo {limit} caratteri, formattazione compresa.',
  apiInternalMessageEmpty: 'Il messaggio è vuoto: scrivere un testo.',
  apiInternalMessageRecipientInvalid:
    'Uno o più destinatari non sono dipendenti con contratto attivo dell’azienda per cui si opera.',
} as const;

export const messages = { ...portalMessages, ...formMessages, ...apiMessages } as const;

export type MessageKey = keyof typeof messages;
