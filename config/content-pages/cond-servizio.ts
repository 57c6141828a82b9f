/**
 * The terms of service (cond-servizio, spec 002 §2.7: 16 articles), as versions. The newest version is
 * shown and is the one a user accepts in the consent modal (`user_privacy.conditions_version`); adding a
 * version asks every user to accept it again at the next sign-in. Keep the older ones: they say what a
 * user accepted then.
 */
import type { VersionedText } from './types';

export const serviceConditionsVersions: readonly VersionedText[] = [
  {
    version: '2026-01',
    effectiveFrom: '2026-01-01',
    intro: [
      'Le presenti condizioni regolano l’uso del Portale Welfare (di seguito «Portale») da parte dei dipendenti delle aziende clienti (di seguito «Utenti»). Accedendo al Portale l’Utente dichiara di averle lette e di accettarle.',
    ],
    articles: [
      {
        title: 'Art. 1 – Oggetto del servizio',
        paragraphs: [
          'Il Portale consente all’Utente di utilizzare il credito welfare messo a disposizione dal proprio datore di lavoro in base al piano welfare aziendale, nei limiti e secondo le modalità previste dagli articoli 51 e 100 del D.P.R. 917/1986 (TUIR).',
          'Attraverso il Portale l’Utente può richiedere rimborsi di spese sostenute, acquistare buoni e servizi presso fornitori convenzionati, destinare il credito alla previdenza complementare e consultare i propri movimenti.',
        ],
      },
      {
        title: 'Art. 2 – Definizioni',
        paragraphs: [
          '- Credito welfare: l’importo messo a disposizione dal datore di lavoro, spendibile entro la data di scadenza indicata.\n- Credito ART 51 C.3: la parte del credito welfare costituita da fringe benefit, spendibile solo per beni, servizi e utenze domestiche entro i limiti annuali di legge.\n- Richiesta: ogni domanda di rimborso o di acquisto inviata tramite il Portale.\n- Fornitore: il soggetto terzo convenzionato che eroga beni o servizi.',
        ],
      },
      {
        title: 'Art. 3 – Accesso al Portale',
        paragraphs: [
          'L’accesso avviene con le credenziali personali e un secondo fattore di autenticazione (codice generato da un’app o inviato per e-mail). Le credenziali sono strettamente personali e non possono essere cedute a terzi.',
          'La sessione termina dopo 30 minuti di inattività e in ogni caso dopo 12 ore.',
        ],
      },
      {
        title: 'Art. 4 – Obblighi dell’Utente',
        paragraphs: [
          'L’Utente si impegna a fornire informazioni veritiere, a caricare documenti autentici e riferiti a spese effettivamente sostenute, e a non chiedere il rimborso della stessa spesa più di una volta o a più soggetti.',
          'L’Utente è responsabile della custodia delle proprie credenziali e comunica senza ritardo all’assistenza ogni uso non autorizzato del proprio account.',
        ],
      },
      {
        title: 'Art. 5 – Credito welfare e sua durata',
        paragraphs: [
          'Il credito è assegnato dal datore di lavoro e può essere utilizzato dalla data di decorrenza alla data di scadenza indicate nel Portale. Il credito non utilizzato entro la scadenza non è rimborsabile e non può essere convertito in denaro.',
          'Quando una richiesta viene pagata con il credito totale, il Portale utilizza prima il credito ordinario e poi il credito ART 51 C.3, a partire da quello con la scadenza più vicina.',
        ],
      },
      {
        title: 'Art. 6 – Richieste di rimborso',
        paragraphs: [
          'Le richieste di rimborso devono essere corredate della documentazione indicata nel modulo. Il gestore verifica la documentazione e può chiedere integrazioni; la richiesta non conforme è respinta e il relativo credito torna disponibile.',
          'Il rimborso è disposto sull’IBAN indicato dall’Utente, che ne garantisce la titolarità o cointestazione.',
        ],
      },
      {
        title: 'Art. 7 – Acquisti di beni, servizi e buoni',
        paragraphs: [
          'Gli acquisti presso i fornitori convenzionati sono pagati con il credito welfare. Una volta inviata, la richiesta di acquisto non può essere annullata dal Portale.',
          'I buoni hanno la validità indicata sul buono stesso e sono utilizzabili presso i fornitori che li accettano.',
        ],
      },
      {
        title: 'Art. 8 – Previdenza complementare',
        paragraphs: [
          'L’Utente può destinare il credito welfare al proprio fondo di previdenza complementare. I versamenti sono deducibili entro il limite annuo previsto dalla legge; il superamento del limite resta a carico dell’Utente ai fini fiscali.',
        ],
      },
      {
        title: 'Art. 9 – Limiti fiscali',
        paragraphs: [
          'L’Utente è tenuto a rispettare i limiti fiscali previsti dalla normativa vigente, riportati nella pagina «Normativa» del Portale per l’anno d’imposta in corso. Gli importi eccedenti concorrono a formare il reddito di lavoro dipendente.',
        ],
      },
      {
        title: 'Art. 10 – Servizi di terzi',
        paragraphs: [
          'Alcuni servizi sono erogati da fornitori terzi su portali propri, raggiunti dal Portale con un accesso sicuro. Tali servizi sono regolati anche dalle condizioni del fornitore, che l’Utente accetta prima di accedervi.',
        ],
      },
      {
        title: 'Art. 11 – Disponibilità del servizio',
        paragraphs: [
          'Il gestore si impegna a mantenere il Portale disponibile con continuità, salvo interruzioni per manutenzione, comunicate ove possibile con anticipo, o dovute a cause non imputabili al gestore.',
        ],
      },
      {
        title: 'Art. 12 – Responsabilità',
        paragraphs: [
          'Il gestore non risponde della qualità dei beni e servizi erogati dai fornitori terzi, né di danni derivanti dall’uso improprio delle credenziali da parte dell’Utente o di terzi a cui l’Utente le abbia comunicate.',
        ],
      },
      {
        title: 'Art. 13 – Cessazione del rapporto di lavoro',
        paragraphs: [
          'In caso di cessazione del rapporto di lavoro l’accesso al Portale resta consentito per il tempo stabilito dal piano welfare aziendale, per consultare i movimenti e completare le richieste in corso. Il credito non utilizzato segue le regole del piano aziendale.',
        ],
      },
      {
        title: 'Art. 14 – Trattamento dei dati personali',
        paragraphs: [
          'I dati personali dell’Utente sono trattati secondo l’informativa privacy pubblicata nella pagina «Informativa privacy» del Portale, che costituisce parte integrante delle presenti condizioni.',
        ],
      },
      {
        title: 'Art. 15 – Modifiche delle condizioni',
        paragraphs: [
          'Il gestore può modificare le presenti condizioni per adeguarle a nuove norme o a nuovi servizi. La nuova versione è sottoposta all’Utente al primo accesso successivo e deve essere accettata per continuare a usare il Portale.',
        ],
      },
      {
        title: 'Art. 16 – Legge applicabile e foro competente',
        paragraphs: [
          'Le presenti condizioni sono regolate dalla legge italiana. Per ogni controversia è competente il foro di residenza o domicilio dell’Utente, se consumatore, altrimenti il foro di Milano.',
        ],
      },
    ],
  },
];
