/**
 * The questions of the FAQ page this server serves in demo mode (`/demo-faq`, framed by site-faq).
 * Outside demo mode the FAQ lives at FAQ_URL, published by its owner.
 */
import type { FaqEntry } from './types';

export const faqTitle = 'Domande frequenti';

export const faqSections: readonly { readonly title: string; readonly entries: readonly FaqEntry[] }[] = [
  {
    title: 'Credito welfare',
    entries: [
      {
        question: 'Che differenza c’è tra credito totale e credito ART 51 C.3?',
        answer:
          'Il credito totale è tutto il credito welfare spendibile. Una parte può essere credito ART 51 C.3 (fringe benefit): si usa per buoni acquisto e rimborso delle utenze domestiche, entro i limiti annuali di legge.',
      },
      {
        question: 'Quando scade il mio credito?',
        answer:
          'Ogni accredito ha una data di scadenza, indicata nella pagina dei movimenti alla voce «Stato del credito». Il portale usa per primo il credito che scade prima.',
      },
      {
        question: 'Posso annullare una richiesta già inviata?',
        answer:
          'No: una richiesta inviata non si annulla dal portale. Se contiene un errore, apri una richiesta di assistenza indicando il numero della richiesta.',
      },
    ],
  },
  {
    title: 'Rimborsi',
    entries: [
      {
        question: 'Quali documenti devo allegare a un rimborso?',
        answer:
          'Il documento di spesa (fattura, ricevuta o scontrino parlante) e la prova del pagamento tracciabile. Per i familiari serve anche un documento che attesti il legame o il carico fiscale.',
      },
      {
        question: 'In quanto tempo viene approvato un rimborso?',
        answer:
          'Di norma entro 30 giorni dalla richiesta completa di documenti. Lo stato della richiesta è visibile nella pagina dei movimenti.',
      },
      {
        question: 'Che formati di file posso caricare?',
        answer: 'PDF, JPG e PNG, fino a 3 MB per file. Più immagini possono essere unite in un unico PDF.',
      },
    ],
  },
  {
    title: 'Accesso e sicurezza',
    entries: [
      {
        question: 'Ho dimenticato la password: cosa faccio?',
        answer:
          'Dalla pagina di accesso scegli «Password dimenticata?»: riceverai per e-mail un collegamento valido un’ora per sceglierne una nuova.',
      },
      {
        question: 'Perché mi viene chiesto un codice dopo la password?',
        answer:
          'È il secondo fattore di autenticazione: un codice dell’app di autenticazione o inviato per e-mail protegge il tuo credito anche se qualcuno conoscesse la password.',
      },
    ],
  },
];
