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
  profileSecurityTitle: 'Sicurezza',
  profileSecurityText:
    'Per proteggere il tuo account scegli una password che non usi altrove e cambiala circa ogni tre mesi.',
  profileChangePassword: 'Cambia password',
  passwordChangeTitle: 'Cambia la password',
  passwordChangeClose: 'Chiudi',
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

  // Login screen: credentials, code step, enrolment wizard, password forgotten
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
  loginReconnectFailed: "Riconnessione all'utente fallita.",
  loginPasswordExpired: 'Password utente scaduta. Riconnessione fallita.',
  loginTokenFailed: 'Connessione al provider welfare fallita.',
  loginReconnectTitle: 'Riconnessione al portale',
  loginTokenTitle: 'Accesso dal portale del tuo provider welfare',
  loginConnecting: 'Connessione in corso...',
  loginGoToLogin: 'Vai alla pagina di accesso',
  loginForgotPassword: 'Password dimenticata?',
  loginCodeTitle: 'Verifica in due passaggi',
  loginCodeAuthIntro: 'Apri la tua app di autenticazione e inserisci il codice a 6 cifre del Portale Welfare.',
  loginCodeMailIntro: 'Ti abbiamo inviato via e-mail un codice di accesso a 6 cifre: inseriscilo qui sotto.',
  loginCodeMailTo: 'Indirizzo: {email}',
  loginCodeLabel: 'Codice di verifica',
  loginCodeHelp: '6 cifre, senza spazi.',
  loginCodeIncomplete: 'Il codice è composto da 6 cifre.',
  loginCodeSubmit: 'Verifica e accedi',
  loginCodeRestart: 'Torna a nome utente e password',
  loginOtpTypeUnsupported:
    'Il metodo di verifica richiesto dal server non è supportato da questa versione del portale. Contattare l’assistenza.',
  loginSsoConnecting: 'Accesso dal portale del tuo provider in corso...',
  loginPasswordExpiredTitle: 'Password scaduta',
  loginPasswordExpiredText:
    'La tua password è scaduta: per accedere devi sceglierne una nuova. Apri il collegamento che ti abbiamo inviato via e-mail.',
  loginPasswordExpiredOk: 'Ho capito',
  enrolTitle: 'Attiva l’app di autenticazione',
  enrolIntro:
    'È il tuo primo accesso: per proteggere il tuo account colleghiamo un’app di autenticazione, che ti darà un codice a ogni accesso.',
  enrolStepMail: 'Codice e-mail',
  enrolStepApp: 'App',
  enrolStepConfirm: 'Conferma',
  enrolProgress: 'Passo {n} di {total}',
  enrolMailIntro: 'Ti abbiamo inviato via e-mail un codice di registrazione a 6 cifre: inseriscilo qui sotto.',
  enrolMailCodeLabel: 'Codice di registrazione',
  enrolVerify: 'Verifica il codice',
  enrolAppIntro:
    'Installa sul telefono un’app di autenticazione (ad esempio Google Authenticator, Microsoft Authenticator o FreeOTP), tocca «Aggiungi account» e inquadra il codice QR.',
  enrolQrAlt: 'Codice QR da inquadrare con l’app di autenticazione',
  enrolSecretIntro: 'Non riesci a inquadrare il codice? Inserisci a mano questa chiave nell’app:',
  enrolSecretLabel: 'Chiave segreta',
  enrolCopy: 'Copia la chiave',
  enrolCopied: 'Chiave copiata',
  enrolNext: 'Ho aggiunto l’account, avanti',
  enrolBack: 'Indietro',
  enrolConfirmIntro: 'Inserisci il codice a 6 cifre che l’app mostra ora per il Portale Welfare.',
  enrolConfirmLabel: 'Codice dell’app',
  enrolConfirmRequired: 'Immetti il codice visualizzato in app per confermare',
  enrolConfirm: 'Conferma',
  enrolCompleted: 'Registrazione completata',
  enrolCompletedText:
    'Da ora accederai con nome utente, password e il codice dell’app. Tra pochi secondi tornerai alla pagina di accesso.',
  enrolQrMissing: 'Qr code data missing',
  passwordLostModalTitle: 'Password dimenticata',
  passwordLostModalIntro:
    'Inserisci l’indirizzo e-mail con cui accedi: ti invieremo un collegamento per scegliere una nuova password.',
  passwordLostEmail: 'Indirizzo e-mail',
  passwordLostEmailInvalid: 'Inserisci un indirizzo e-mail valido.',
  passwordLostSubmit: 'Invia il collegamento',
  passwordLostClose: 'Chiudi',
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

  // Consent after login (privacy and code of conduct)
  consentPrivacyTitle: 'Informativa sulla privacy',
  consentPrivacyIntro: 'Prima di usare il portale leggi l’informativa e indica i tuoi consensi.',
  consentPrivacyText:
    'Titolare del trattamento è la tua azienda, che offre il piano welfare; il gestore del portale tratta i dati come responsabile del trattamento per suo conto.\n' +
    'Trattiamo i dati anagrafici e di contatto, il codice fiscale, il credito welfare e i suoi movimenti, le richieste di rimborso e i documenti che carichi, solo per erogare i servizi welfare che scegli e per gli adempimenti fiscali e contributivi previsti dalla legge.\n' +
    'I dati sono comunicati solo ai fornitori e ai partner dei servizi che richiedi, nella misura necessaria, e non sono diffusi né venduti a terzi.\n' +
    'I dati sono conservati per la durata del contratto e per i 10 anni successivi, come richiesto dagli obblighi fiscali; poi sono cancellati o resi anonimi.\n' +
    'Puoi chiedere in ogni momento l’accesso, la rettifica, la cancellazione o la limitazione dei tuoi dati, opporti al trattamento e proporre reclamo al Garante per la protezione dei dati personali, scrivendo all’assistenza del portale.\n' +
    'Il consenso al trattamento per l’erogazione del servizio è necessario per usare il portale; il consenso a ricevere comunicazioni su nuove convenzioni e iniziative welfare è facoltativo e puoi revocarlo quando vuoi.',
  consentServiceLabel:
    'Ho letto l’informativa e acconsento al trattamento dei miei dati personali per l’erogazione dei servizi welfare (obbligatorio)',
  consentServiceRequired: 'Il consenso è necessario per utilizzare il portale.',
  consentPersonalLabel:
    'Acconsento al trattamento dei miei dati per ricevere comunicazioni su nuove convenzioni e iniziative welfare (facoltativo)',
  consentSignatureLabel: 'Firma (nome e cognome)',
  consentSignatureHelp: 'Digita il tuo nome e cognome: {name}',
  consentSignatureRequired: 'La firma è obbligatoria.',
  consentContinue: 'Prosegui',
  consentConductTitle: 'Decalogo per la sicurezza digitale',
  consentConductIntro: 'Per proteggere il tuo account e i tuoi dati ti chiediamo di leggere e rispettare queste regole.',
  consentConductRules:
    'Non comunicare a nessuno la password o i codici di accesso: l’assistenza non te li chiederà mai.\n' +
    'Usa per il portale una password lunga e diversa da quelle degli altri servizi, e cambiala circa ogni tre mesi.\n' +
    'Proteggi il telefono con l’app di autenticazione con un codice di sblocco o l’impronta.\n' +
    'Diffida di e-mail, SMS o telefonate che ti chiedono credenziali o ti mettono fretta: nel dubbio non cliccare e contatta l’assistenza.\n' +
    'Prima di inserire le credenziali controlla che l’indirizzo nella barra del browser sia quello del portale.\n' +
    'Non accedere da computer pubblici o condivisi e non salvare la password su dispositivi di altri.\n' +
    'Esci sempre dal portale con il pulsante Esci quando hai finito.\n' +
    'Tieni aggiornati sistema operativo, browser e antivirus dei tuoi dispositivi.\n' +
    'Carica solo i documenti necessari alla richiesta e non inviarli per e-mail o chat.\n' +
    'Se noti accessi o movimenti che non riconosci, cambia subito la password e avvisa l’assistenza.',
  consentConductLabel: 'Ho letto il decalogo e mi impegno a rispettarlo (obbligatorio)',
  consentConductRequired: 'È necessario accettare il decalogo per utilizzare il portale.',
  consentConfirm: 'Accetta e continua',
  consentExit: 'Esci dal portale',

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
