/**
 * Texts of the account screens that load after the first paint: second factor and enrolment, password
 * pages and modals, consent, profile and back-office home, the home menu, carousel, popup and conditions,
 * the notifications inbox. Apart from `messages.it.ts` so the login route's first download stays small;
 * these screens see both catalogues as one (`messages`).
 */
import { messages as portalMessages } from './messages.it';

const accountMessages = {
  profileTitle: 'Il mio profilo',
  profileIntro: 'I dati del tuo profilo sono gestiti dalla tua azienda.',
  profileName: 'Nome',
  profileSurname: 'Cognome',
  profileEmail: 'E-mail',
  profileTaxCode: 'Codice fiscale',
  profileCompany: 'Azienda',
  profileEmpty: '-',
  profileSecurityTitle: 'Sicurezza',
  profileSecurityText: 'Ti consigliamo di cambiare la password circa ogni tre mesi.',
  profileChangePassword: 'Cambia password',
  passwordChangeTitle: 'Cambia la password',
  passwordChangeClose: 'Chiudi',
  backOfficeTitle: 'Back Office aziendale',
  backOfficeIntro: 'Da qui gestisci i servizi welfare delle aziende di cui sei referente.',
  backOfficeCompanyLabel: 'Azienda per cui operi',
  backOfficeCompanyHelp: 'Le operazioni del back office vengono eseguite per conto dell’azienda selezionata.',
  backOfficeActingFor: 'Stai operando per: {name}',
  backOfficeCompaniesLoadFailed: 'Non è stato possibile caricare l’elenco delle aziende.',
  loginAuthMissing: 'Autenticazione mancante, impossibile continuare',
  loginReconnectFailed: "Riconnessione all'utente fallita.",
  loginPasswordExpired: 'Password utente scaduta. Riconnessione fallita.',
  loginTokenFailed: 'Connessione al provider welfare fallita.',
  loginConnecting: 'Connessione in corso...',
  loginGoToLogin: 'Vai alla pagina di accesso',
  loginCodeTitle: 'Verifica in due passaggi',
  loginCodeAuthIntro: 'Inserisci il codice a 6 cifre della tua app di autenticazione.',
  loginCodeMailIntro: 'Ti abbiamo inviato via e-mail un codice di accesso a 6 cifre.',
  loginCodeMailTo: 'Indirizzo: {email}',
  loginCodeLabel: 'Codice di verifica',
  loginCodeHelp: '6 cifre, senza spazi.',
  loginCodeIncomplete: 'Il codice è composto da 6 cifre.',
  loginCodeSubmit: 'Verifica e accedi',
  loginCodeRestart: 'Torna all’accesso',
  loginPasswordExpiredTitle: 'Password scaduta',
  loginPasswordExpiredText:
    'La tua password è scaduta: scegline una nuova con il collegamento inviato via e-mail.',
  loginPasswordExpiredOk: 'Ho capito',
  enrolTitle: 'Attiva l’app di autenticazione',
  enrolIntro: 'Primo accesso: collega un’app di autenticazione, che ti darà un codice a ogni accesso.',
  enrolStepMail: 'Codice e-mail',
  enrolStepApp: 'App',
  enrolStepConfirm: 'Conferma',
  enrolProgress: 'Passo {n} di {total}',
  enrolMailIntro: 'Inserisci il codice di registrazione a 6 cifre che ti abbiamo inviato via e-mail.',
  enrolMailCodeLabel: 'Codice di registrazione',
  enrolVerify: 'Verifica il codice',
  enrolAppIntro:
    'Installa un’app di autenticazione (ad esempio Google o Microsoft Authenticator), aggiungi un account e inquadra il codice QR.',
  enrolQrAlt: 'Codice QR da inquadrare con l’app di autenticazione',
  enrolSecretIntro: 'Oppure inserisci a mano questa chiave:',
  enrolCopy: 'Copia la chiave',
  enrolCopied: 'Chiave copiata',
  enrolNext: 'Avanti',
  enrolBack: 'Indietro',
  enrolConfirmIntro: 'Inserisci il codice a 6 cifre che l’app mostra ora.',
  enrolConfirmLabel: 'Codice dell’app',
  enrolConfirmRequired: 'Immetti il codice visualizzato in app per confermare',
  enrolConfirm: 'Conferma',
  enrolCompleted: 'Registrazione completata',
  enrolCompletedText: 'Ora accedi con nome utente, password e il codice dell’app.',
  enrolQrMissing: 'Qr code data missing',
  passwordLostModalTitle: 'Password dimenticata',
  passwordLostModalIntro: 'Ti invieremo un collegamento per scegliere una nuova password.',
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
  consentPrivacyTitle: 'Informativa sulla privacy',
  consentPrivacyText:
    'Titolare del trattamento è la tua azienda; il gestore del portale tratta i dati per suo conto.\n' +
    'Usiamo dati anagrafici e di contatto, codice fiscale, credito welfare, movimenti e documenti caricati solo per erogare i servizi che scegli e per gli obblighi di legge.\n' +
    'I dati vanno solo ai fornitori dei servizi richiesti e non sono venduti né diffusi.\n' +
    'Li conserviamo per 10 anni dalla fine del contratto, poi li cancelliamo.\n' +
    'Puoi chiedere accesso, rettifica o cancellazione dei dati, opporti al trattamento e ricorrere al Garante privacy.',
  consentServiceLabel: 'Acconsento al trattamento dei dati per l’erogazione del servizio (obbligatorio)',
  consentServiceRequired: 'Consenso necessario per usare il portale.',
  consentPersonalLabel:
    'Acconsento a ricevere comunicazioni su convenzioni e iniziative welfare (facoltativo)',
  consentSignatureLabel: 'Firma (nome e cognome)',
  consentSignatureHelp: 'Digita nome e cognome: {name}',
  consentSignatureRequired: 'La firma è obbligatoria.',
  consentContinue: 'Prosegui',
  consentConductTitle: 'Decalogo per la sicurezza digitale',
  consentConductRules:
    'Non comunicare a nessuno password e codici.\n' +
    'Usa una password solo per il portale e cambiala ogni tre mesi.\n' +
    'Blocca con un codice il telefono dell’app di autenticazione.\n' +
    'Diffida di messaggi che chiedono credenziali o mettono fretta.\n' +
    'Controlla l’indirizzo del portale prima di accedere.\n' +
    'Non accedere da computer pubblici o condivisi.\n' +
    'Esci dal portale quando hai finito.\n' +
    'Tieni aggiornati sistema, browser e antivirus.\n' +
    'Carica solo i documenti necessari.\n' +
    'Se noti accessi o movimenti strani, cambia la password e avvisa l’assistenza.',
  consentConductLabel: 'Ho letto il decalogo e mi impegno a rispettarlo (obbligatorio)',
  consentConductRequired: 'Accettazione necessaria per usare il portale.',
  consentConfirm: 'Accetta e continua',
  consentExit: 'Esci dal portale',
  // Home menu (spec 000 §2): subsections, the tree-buoni warning
  menuBackToMain: 'Torna al menu principale',
  menuBuoniWarning:
    'Attenzione: una volta inviata, la richiesta di acquisto di un prodotto o di un buono specifico non può essere annullata.',
  menuWarningClose: 'Chiudi l’avviso',
  menuNewTab: '(si apre in una nuova scheda)',
  // Home: info popup, carousel, user conditions
  infoPopupTitle: 'Comunicazione',
  infoPopupOk: 'Ok',
  carouselLabel: 'Novità e iniziative',
  carouselPrevious: 'Slide precedente',
  carouselNext: 'Slide successiva',
  carouselGoTo: 'Vai alla slide {n}: {title}',
  carouselSlideOf: '{n} di {total}',
  carouselPause: 'Ferma lo scorrimento automatico',
  carouselPlay: 'Avvia lo scorrimento automatico',
  conditionsTitle: 'Le tue condizioni',
  conditionsService: 'Condizioni del servizio',
  conditionsSpecial: 'Condizioni delle convenzioni speciali',
  conditionsEurete: 'Condizioni del welfare sociale Eurete',
  conditionsAccepted: 'Accettate',
  conditionsNotAccepted: 'Non ancora accettate',
  conditionsOpen: 'Consulta',
  conditionsOpenLabel: 'Consulta: {name}',
  // Notifications inbox (spec 002 §2.7, §3, §4.3)
  inboxTitle: 'Notifiche',
  inboxIntro: 'I messaggi ricevuti e inviati sul portale. Aprendo un messaggio ricevuto lo segni come letto.',
  inboxModeLabel: 'Notifiche da mostrare',
  inboxReceived: 'Ricevute',
  inboxSent: 'Inviate',
  inboxColCreated: 'Data',
  inboxColSender: 'Mittente',
  inboxColRecipients: 'Destinatari',
  inboxColRequest: 'N. richiesta',
  inboxColRead: 'Lettura',
  inboxColOpen: 'Dettaglio',
  inboxRead: 'Letta',
  inboxUnread: 'Non letta',
  inboxOpen: 'Apri',
  inboxOpenLabel: 'Apri la notifica di {sender} del {date}',
  inboxEmpty: 'Nessuna notifica da mostrare.',
  inboxPageSize: 'Notifiche per pagina',
  inboxTotal: 'Totale: {n}',
  inboxPages: 'Pagine delle notifiche',
  inboxPage: 'Pagina {n}',
  inboxPreviousPage: 'Pagina precedente',
  inboxNextPage: 'Pagina successiva',
  inboxMarkAll: 'Segna tutte come lette',
  inboxMarkAllText: 'Vuoi segnare come lette tutte le notifiche ricevute?',
  inboxMarkAllArchiveText: 'Vuoi segnare come lette tutte le notifiche ricevute dell’archivio?',
  inboxMarkAllConfirm: 'Sì, segna come lette',
  inboxCancel: 'Annulla',
  inboxArchive: 'Archivio',
  inboxArchiveTitle: 'Archivio delle notifiche',
  inboxDetailTitle: 'Dettaglio della notifica',
  inboxClose: 'Chiudi',
  apiPasswordResetRequested:
    'Se l’indirizzo è registrato, riceverai a breve un’e-mail con il collegamento per scegliere una nuova password.',
} as const;

export const messages = { ...portalMessages, ...accountMessages } as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
