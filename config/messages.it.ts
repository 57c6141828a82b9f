/**
 * Every user-facing text of the portal and of the API errors, keyed.
 * Code refers to keys (`messages.sessionExpired`), never to inline Italian strings.
 * Texts quoted by the specification are kept verbatim (typos included: they are the contract), except
 * that amounts are `{name:euro}` parameters. Data only: the one formatter is `src/shared/messages.ts`
 * (see config/README.md, "Messages: one shape").
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
  close: 'Chiudi',
  /** The × of every modal (distinct from the modals' own «Chiudi» buttons). */
  modalCloseLabel: 'Chiudi la finestra',
  genericError: 'Si è verificato un errore imprevisto. Riprovare più tardi.',
  networkError: 'Impossibile contattare il server. Verificare la connessione e riprovare.',
  thresholdNotOk:
    'Per motivi tecnici in questo momento non è possibile procedere con l’inserimento di una richiesta: ti invitiamo a voler aprire un ticket di assistenza al fine di consentirci le opportune verifiche.',
  retry: 'Riprova',
  notFoundTitle: 'Pagina non trovata',

  // Footer (also on the login page)
  footerCopyright: '© 2020-{year} Portale Welfare. Tutti i diritti riservati.',

  // Login screen: credentials, code step, enrolment wizard, password forgotten
  loginTitle: 'Accedi al portale welfare',
  loginUsername: 'Nome utente (e-mail)',
  loginPassword: 'Password',
  loginSubmit: 'Accedi',
  loginRequired: 'Campo obbligatorio',
  loginLoggedOut: 'Sei uscito dal portale.',
  loginUsernamePlaceholder: 'nome@azienda.it',
  loginShowPassword: 'Mostra la password',
  loginReconnectTitle: 'Riconnessione al portale',
  loginTokenTitle: 'Accesso dal portale del tuo provider welfare',
  loginForgotPassword: 'Password dimenticata?',
  loginOtpTypeUnsupported: 'Metodo di verifica non supportato: contattare l’assistenza.',

  // iOS install banner
  iosInstallTitle: 'Installa l’app',
  iosInstallText: 'Per installare l’app sul tuo iPhone tocca Condividi e poi «Aggiungi alla schermata Home».',

  // PWA and offline
  offlineTitle: 'Sei offline',
  offlineText:
    'Non è possibile raggiungere il portale in questo momento. Controlla la connessione: la pagina si aggiornerà da sola quando tornerai online.',
  updateAvailable: 'È disponibile una nuova versione del portale.',
  updateReload: 'Aggiorna',
  loading: 'Caricamento in corso...',

  // Drafts of the request forms on the device, and sending offline (issue 28)
  draftOfferText: 'Su questo dispositivo c’è una bozza di questa richiesta non ancora inviata.',
  draftRestore: 'Riprendi la bozza del {when}',
  draftDiscard: 'Elimina la bozza',
  draftSaved: 'Bozza salvata su questo dispositivo alle {time}.',
  draftOfflineNote: 'Sei offline: potrai inviare la richiesta quando torni in linea.',

  // Server answers the portal also shows on its own (same text on both sides)
  apiSsoEnrolmentRequired:
    'Per accedere dal portale del provider occorre prima attivare il secondo fattore: accedere con nome utente e password.',
} as const;

export type MessageKey = keyof typeof messages;
