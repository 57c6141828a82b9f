/**
 * Every user-facing text of the portal and of the API errors, keyed.
 * Code refers to keys (`messages.sessionExpired`), never to inline Italian strings.
 * Texts quoted by the specification are kept verbatim (typos included: they are the contract).
 */
export const messages = {
  // Shell and session (spec 000 §2, §4, §8)
  sessionExpired: 'Sessione scaduta effettuare nuovamente il login.',
  colorMapLoadFailed:
    'Non è stato possibile caricare la mappa colori del cliente. Riprovare più tardi o contattare l’assistenza.',
  pageNotFound: 'Siamo spiacenti, questa pagina non esiste.',
  backToHome: 'Torna alla home',
  backendErrorTitle: 'Errore.',
  backendErrorIntro: 'Si è verificato un errore, il sistema riporta:',
  backendErrorClose: 'Chiudi',
  genericError: 'Si è verificato un errore imprevisto. Riprovare più tardi.',
  networkError: 'Impossibile contattare il server. Verificare la connessione e riprovare.',
  thresholdNotOk:
    'Per motivi tecnici in questo momento non è possibile procedere con l’inserimento di una richiesta: ti invitiamo a voler aprire un ticket di assistenza al fine di consentirci le opportune verifiche.',
  creditLoadFailed: "Non è stato possibile caricare i dati. Contattare l'assistenza se il problema persite.",
  userInfoLoadFailed: 'Non è stato possibile caricare i dati utente. Effettuare nuovamente il login.',
  retry: 'Riprova',
  notFoundTitle: 'Pagina non trovata',
  profileTitle: 'Il mio profilo',
  profileIntro: 'I dati del tuo profilo sono gestiti dalla tua azienda.',
  profileName: 'Nome',
  profileSurname: 'Cognome',
  profileEmail: 'E-mail',
  profileTaxCode: 'Codice fiscale',
  profileCompany: 'Azienda',
  profileEmpty: '-',
  backOfficeTitle: 'Back Office aziendale',
  backOfficeIntro: 'Da qui gestisci i servizi welfare delle aziende di cui sei referente.',
  backOfficeCompanyLabel: 'Azienda per cui operi',
  backOfficeCompanyHelp: 'Le operazioni del back office vengono eseguite per conto dell’azienda selezionata.',
  backOfficeActingFor: 'Stai operando per: {name}',
  backOfficeCompaniesLoadFailed: 'Non è stato possibile caricare l’elenco delle aziende.',

  // Navbar and footer
  navProfile: 'Profilo',
  navMyCredit: 'Il mio credito',
  navCreditTotal: 'Credito welfare totale',
  navCreditArt51: 'di cui ART 51 C.3',
  navMovements: 'Storico movimenti',
  navBackOffice: 'Back Office',
  navFrontOffice: 'Front Office',
  navExit: 'Esci',
  navNotifications: 'Notifiche',
  navOpenMenu: 'Apri il menu',
  bellNone: 'Nessuna nuova notifica',
  bellOne: 'Hai una nuova notifica',
  bellMany: 'Hai {n} nuove notifiche',
  footerCopyright: '© 2020-{year} Portale Welfare. Tutti i diritti riservati.',
  skipToContent: 'Vai al contenuto',
  navHome: 'Vai alla home',
  navMainMenu: 'Menu principale',
  navCreditUnavailable:
    'Non è stato possibile aggiornare il credito: sono mostrati gli ultimi dati disponibili.',

  // Home (menu)
  homeGreeting: 'Benvenuto, {name}',
  homeIntro: 'Dal portale puoi utilizzare il tuo credito welfare per rimborsi, buoni e servizi.',
  homeCreditTitle: 'Il tuo credito welfare',
  homeSectionsTitle: 'Servizi disponibili',
  homeNoServices: 'Non ci sono ancora servizi abilitati per il tuo profilo.',

  // Login screen (the code step and the enrolment come with the sign-in issue)
  loginTitle: 'Accedi al portale welfare',
  loginUsername: 'Nome utente (e-mail)',
  loginPassword: 'Password',
  loginSubmit: 'Accedi',
  loginRequired: 'Campo obbligatorio',
  loginLoggedOut: 'Sei uscito dal portale.',
  loginHeading: 'Accedi',
  loginUsernamePlaceholder: 'nome@azienda.it',
  loginShowPassword: 'Mostra la password',
  loginAuthMissing: 'Autenticazione mancante, impossibile continuare',
  loginReconnectFailed: 'Riconnessione all’utente fallita.',
  loginPasswordExpired: 'Password utente scaduta. Riconnessione fallita.',
  loginTokenFailed: 'Connessione al provider welfare fallita.',
  loginReconnectTitle: 'Riconnessione al portale',
  loginTokenTitle: 'Accesso dal portale del tuo provider welfare',
  loginConnecting: 'Connessione in corso...',
  loginGoToLogin: 'Vai alla pagina di accesso',
  passwordLostTitle: 'Recupero password',
  passwordExpiredTitle: 'Rinnovo della password scaduta',
  passwordBadLink:
    'Il collegamento non è valido. Controlla di averlo copiato per intero dall’e-mail ricevuta e di non aver usato un’e-mail di recupero precedente: ogni collegamento vale una sola volta.',
  passwordChecking: 'Verifica del collegamento in corso...',
  passwordIntro:
    'Scegli la nuova password: da 8 a 32 caratteri, con almeno una lettera maiuscola, una minuscola e un numero.',
  passwordNew: 'Nuova password',
  passwordConfirm: 'Conferma la nuova password',
  passwordOtp: 'Codice di verifica',
  passwordOtpHelp: 'Il codice a 6 cifre della tua app di autenticazione o ricevuto via e-mail.',
  passwordTaxCode: 'Codice fiscale',
  passwordTaxCodeHelp: 'Il tuo codice fiscale, per confermare la tua identità.',
  passwordSubmit: 'Salva la nuova password',
  passwordLength: 'La nuova password deve avere tra 8 e 32 caratteri, hai digitato {n} caratteri.',
  passwordComplexity: 'La password deve contenere almeno un carattere maiuscolo uno minuscolo ed un numero.',
  passwordMismatch: 'Le due password non coincidono',
  passwordTaxCodeLength: 'Verifica che siano presenti tutti i 16 caratteri e che non vi siano spazi',
  passwordSaved: 'La password è stata aggiornata. Scadrà il {date}.',

  // Redirect page (conv-redirect)
  redirectTitle: 'Stai per essere reindirizzato',
  redirectText: 'Il portale {title} è stato aperto in una nuova scheda.',
  redirectCountdown: 'Tornerai al menu tra {n} secondi.',
  redirectNow: 'Torna subito al menu',

  // iOS install banner
  iosInstallTitle: 'Installa l’app',
  iosInstallText: 'Per installare l’app sul tuo iPhone tocca Condividi e poi «Aggiungi alla schermata Home».',
  iosInstallClose: 'Chiudi',

  // PWA and offline
  offlineTitle: 'Sei offline',
  offlineText:
    'Non è possibile raggiungere il portale in questo momento. Controlla la connessione: la pagina si aggiornerà da sola quando tornerai online.',
  offlineRetry: 'Riprova',
  updateAvailable: 'È disponibile una nuova versione del portale.',
  updateReload: 'Aggiorna',
  loading: 'Caricamento in corso...',

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
  apiBodyTooLarge: 'Il corpo della richiesta supera la dimensione massima consentita.',
  apiUnsupportedMediaType: 'Tipo di contenuto non supportato.',
  apiRateLimited: 'Troppe richieste: riprovare tra {after}.',
  apiInternal: 'Si è verificato un errore interno. Riprovare più tardi.',
  apiValidationRequired: 'Questo campo è obbligatorio.',
  apiValidationType: 'Valore non valido: atteso {type}.',
  apiValidationUnknownField: 'Campo non previsto.',
  apiValidationFormat: 'Formato non valido.',
  apiValidationGeneric: 'Valore non valido.',
  apiValidationTooLong: 'Il valore supera la lunghezza massima di {limit} caratteri.',
  apiValidationTooShort: 'Il valore deve avere almeno {limit} caratteri.',
  apiValidationMinimum: 'Il valore deve essere almeno {limit}.',
  apiValidationMaximum: 'Il valore deve essere al massimo {limit}.',
  apiValidationEnum: 'Valore non ammesso.',
  apiValidationPattern: 'Formato non valido.',
  apiInsufficientCredit: 'Credito insufficiente per completare l’operazione.',
  apiIdempotencyInFlight: 'Una richiesta con la stessa chiave di idempotenza è ancora in corso.',
  apiIdempotencyMismatch: 'La chiave di idempotenza è già stata usata con dati diversi.',
  apiIdempotencyKeyInvalid: 'Chiave di idempotenza non valida.',
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
  // Sign-in, second factor, single sign-on and password flows (server side)
  apiCredentialsInvalid: 'Credenziali non valide.',
  apiAkeyInvalid: 'Dati di accesso non leggibili: ripetere l’accesso dalla pagina di login.',
  apiLoginLocked: 'Troppi tentativi di accesso non riusciti: riprovare tra {after}.',
  apiCheckTokenInvalid:
    'Sessione di accesso scaduta o non valida: ripetere l’accesso con nome utente e password.',
  apiCheckTokenExhausted: 'Troppi codici errati: ripetere l’accesso con nome utente e password.',
  apiOtpInvalid: 'Codice non valido.',
  apiOtpReplayed: 'Codice già utilizzato: attendere il codice successivo nell’app di autenticazione.',
  apiEnrolmentCompleted: 'Registrazione completata',
  apiSsoTokenInvalid: 'Token di accesso single sign-on non valido, scaduto o già utilizzato.',
  apiSsoEnrolmentRequired:
    'Per accedere dal portale del provider occorre prima attivare il secondo fattore: accedere con nome utente e password.',
  apiSsoProviderInvalid: 'Provider di single sign-on non riconosciuto.',
  apiReconnectFailed: "Riconnessione all'utente fallita.",
  apiTokenLoginFailed: 'Connessione al provider welfare fallita.',
  apiPasswordReused: 'La nuova password è già stata utilizzata: sceglierne una diversa.',
  apiPasswordResetRequested:
    'Se l’indirizzo è registrato, riceverai a breve un’e-mail con il collegamento per scegliere una nuova password.',
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
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
