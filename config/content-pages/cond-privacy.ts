/**
 * The privacy notice (cond-privacy, spec 002 §2.7; art. 13 of Regulation (EU) 2016/679), as versions:
 * the newest is shown and accepted with the service conditions in the consent modal.
 */
import type { VersionedText } from './types';

export const privacyNoticeVersions: readonly VersionedText[] = [
  {
    version: '2026-01',
    effectiveFrom: '2026-01-01',
    intro: [
      'Ai sensi dell’articolo 13 del Regolamento (UE) 2016/679 («GDPR») ti informiamo su come trattiamo i tuoi dati personali quando utilizzi il Portale Welfare.',
    ],
    articles: [
      {
        title: '1. Titolare e responsabile del trattamento',
        paragraphs: [
          'Titolare del trattamento è il tuo datore di lavoro, che mette a disposizione il piano welfare. Il gestore del Portale tratta i dati per conto del datore di lavoro come responsabile del trattamento ai sensi dell’articolo 28 del GDPR. Il responsabile della protezione dei dati è raggiungibile all’indirizzo indicato nella pagina di assistenza.',
        ],
      },
      {
        title: '2. Dati trattati',
        paragraphs: [
          '- Dati anagrafici e di contatto: nome, cognome, codice fiscale, indirizzo e-mail, numero di telefono.\n- Dati del rapporto di lavoro: azienda, tipo di contratto, credito welfare assegnato.\n- Dati dei familiari indicati come beneficiari: nome, codice fiscale, grado di parentela.\n- Dati contenuti nei documenti caricati (fatture, ricevute, certificati), che possono comprendere dati relativi alla salute.\n- Dati di pagamento: IBAN per i rimborsi.\n- Dati tecnici di accesso: data e ora degli accessi, indirizzo IP.',
        ],
      },
      {
        title: '3. Finalità e basi giuridiche',
        paragraphs: [
          '- Gestione del piano welfare, delle richieste di rimborso e degli acquisti: esecuzione del contratto di lavoro e del regolamento welfare (art. 6.1.b GDPR).\n- Adempimenti fiscali e contabili: obbligo di legge (art. 6.1.c GDPR).\n- Dati relativi alla salute contenuti nei documenti di spesa sanitaria: trattati solo per il rimborso richiesto, sulla base degli obblighi in materia di diritto del lavoro e della tua richiesta (art. 9.2.b GDPR).\n- Sicurezza del Portale e prevenzione di frodi: legittimo interesse del titolare (art. 6.1.f GDPR).',
        ],
      },
      {
        title: '4. Modalità del trattamento',
        paragraphs: [
          'I dati sono trattati con strumenti elettronici protetti da misure di sicurezza adeguate: accesso con secondo fattore di autenticazione, cifratura delle comunicazioni, password conservate in forma non reversibile, documenti archiviati fuori da aree pubbliche e accessibili solo a te e al personale autorizzato.',
        ],
      },
      {
        title: '5. Destinatari dei dati',
        paragraphs: [
          'I dati possono essere comunicati ai fornitori convenzionati limitatamente a quanto necessario per erogare il servizio richiesto, agli istituti di credito per i rimborsi, ai fondi di previdenza complementare da te indicati e alle autorità nei casi previsti dalla legge. I dati non sono diffusi.',
        ],
      },
      {
        title: '6. Trasferimento all’estero',
        paragraphs: [
          'I dati sono conservati su server situati nell’Unione europea e non sono trasferiti verso paesi terzi.',
        ],
      },
      {
        title: '7. Periodo di conservazione',
        paragraphs: [
          'I dati sono conservati per tutta la durata del rapporto di lavoro e per 10 anni dalla sua cessazione, termine previsto per la conservazione delle scritture contabili e per la tutela dei diritti in sede giudiziaria. I dati tecnici di accesso sono conservati per 12 mesi.',
        ],
      },
      {
        title: '8. I tuoi diritti',
        paragraphs: [
          'Puoi chiedere in ogni momento l’accesso ai tuoi dati, la rettifica, la cancellazione nei casi previsti, la limitazione del trattamento, la portabilità e opporti al trattamento basato sul legittimo interesse (articoli 15-22 GDPR), scrivendo tramite la pagina di assistenza del Portale.',
          'Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it).',
        ],
      },
      {
        title: '9. Natura del conferimento',
        paragraphs: [
          'Il conferimento dei dati è necessario per utilizzare il Portale: senza di essi non è possibile gestire le richieste. Il consenso al trattamento dei dati personali per finalità ulteriori è facoltativo e può essere revocato in qualsiasi momento.',
        ],
      },
    ],
  },
];
