/**
 * Writes the back office's documents into public/docs/ (committed; run again after changing a text):
 * the company dashboard manual linked from home-refazi, the meal-voucher documents and the order
 * spreadsheet of office-ref-azi-buoni-pasto, the manual of the bulk import (office-import-anagrafiche-crediti). Real PDFs (pdf-lib, standard fonts) and a real .xlsx
 * (exceljs): `node scripts/backoffice-docs.mjs`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'docs');

/** A PDF of titled sections, wrapped at ~90 characters, new pages as needed. */
async function pdf(title, sections) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Portale Welfare');
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595.28, 841.89]);
  let y = 790;
  const line = (text, size, f) => {
    if (y < 60) {
      page = doc.addPage([595.28, 841.89]);
      y = 790;
    }
    page.drawText(text, { x: 56, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
    y -= size + 7;
  };
  line(title, 18, bold);
  y -= 8;
  for (const [heading, text] of sections) {
    y -= 6;
    line(heading, 13, bold);
    const words = text.split(' ');
    let current = '';
    for (const word of words) {
      if (font.widthOfTextAtSize(`${current} ${word}`, 11) > 480) {
        line(current, 11, font);
        current = word;
      } else current = current ? `${current} ${word}` : word;
    }
    if (current) line(current, 11, font);
  }
  return doc.save();
}

const manual = await pdf('Manuale della dashboard aziendale', [
  [
    '1. Accesso',
    "Il referente aziendale accede al portale con le proprie credenziali e il secondo fattore, poi apre il Back Office dal menu. In alto sceglie l'azienda per cui opera: ogni operazione del Back Office vale per l'azienda selezionata.",
  ],
  [
    '2. Gestione',
    "Situazione attuale mostra i movimenti dell'azienda e gli export per le paghe. Lo Scadenzario crediti elenca il credito dei dipendenti e la scadenza: in rosso i crediti che scadono entro 10 giorni, in grigio quelli scaduti. Piani welfare mostra i piani con i piani collegati e il file dei crediti di ogni piano.",
  ],
  [
    '3. File dei dipendenti',
    'Gestione file utenti elenca i documenti di un dipendente, anche cessato, con filtri per tipo di file, categoria e numero di richiesta.',
  ],
  [
    '4. Chiavi e consulenti',
    'Chiavi di cifratura genera nel browser una coppia di chiavi RSA a 3072 bit: la chiave pubblica viene registrata, la privata si scarica una sola volta e non lascia mai il browser. Con la chiave privata un consulente firma le proprie richieste; Delega consulenti elenca gli accessi e permette di revocarli con effetto immediato.',
  ],
  [
    '5. Servizi',
    "Buoni pasto raccoglie la normativa, la guida all'ordine, il modulo di adesione e il foglio di riepilogo. Loyalty e Incentive spiega le condizioni; la pagina di ricarica calcola commissione del 3%, IVA del 22% sulla commissione e totale fattura, e conserva il pro forma di ogni richiesta.",
  ],
]);
const rules = await pdf('Buoni pasto: normativa', [
  [
    'Esenzione fiscale',
    'I buoni pasto non concorrono al reddito del dipendente fino a 10,00 euro al giorno per i buoni elettronici e 4,00 euro al giorno per quelli cartacei (anno 2026).',
  ],
  [
    'Utilizzo',
    "Il buono pasto non e' cedibile, non e' convertibile in denaro e si utilizza nei limiti previsti dalla normativa vigente.",
  ],
]);
const guide = await pdf("Buoni pasto: guida all'ordine", [
  [
    '1. Preparare il file',
    'Compilare il foglio di riepilogo con nome, e-mail, numero di buoni e valore per ciascun dipendente.',
  ],
  [
    "2. Caricare l'ordine",
    "Caricare il file nella pagina Piattapasto, controllare il riepilogo e confermare l'ordine.",
  ],
  ['3. Seguire lo stato', "Lo stato dell'ordine passa da DA VALIDARE a VALIDO, IN CORSO e COMPLETATO."],
]);
const form = await pdf('Modulo di adesione al servizio buoni pasto', [
  ["Dati dell'azienda", 'Ragione sociale, partita IVA, sede legale, referente e recapiti.'],
  [
    'Condizioni',
    "L'azienda aderisce al servizio buoni pasto alle condizioni concordate. Data e firma del legale rappresentante.",
  ],
]);

// Bulk credit import (issue 17): the manual linked from office-import-anagrafiche-crediti.
const importManual = await pdf('Import Caricamento Tracciato: manuale', [
  [
    '1. Il file',
    "Scaricare il template dalla pagina e compilare una riga per dipendente. Il file e' un foglio .xlsx (un .xls va prima salvato come .xlsx) con 14 colonne, tutte obbligatorie: Email (diversa per ogni riga), Password (lasciare vuota), Cognome, Nome, Codice Fiscale, Tipo contratto (Tempo indeterminato o Tempo determinato), Inquadramento (Amministratore, Dirigente, Impiegato, Interinale, Stagista, Quadro, Operaio o Collaboratore), Impiegato dal e Impiegato al (date GG-MM-AAAA, la prima precedente alla seconda), Welfare Totale e Welfare art51c3 (importi in euro, es. 1.500,00), Decorrenza e Scadenza del credito (la prima precedente alla seconda), Tipo fonte (da 1 a 7).",
  ],
  [
    '2. Gli importi',
    "Welfare Totale e Welfare art51c3 si aggiungono al credito che il dipendente ha gia' nel portale. Welfare art51c3 va indicato per tutti: 1.000,00 euro senza figli a carico, 2.000,00 euro con figli a carico (limiti dell'anno della decorrenza), ed e' parte di Welfare Totale; 0,00 se Welfare Totale non ha aumento.",
  ],
  [
    '3. Tipo fonte',
    '1 welfare puro da contratto collettivo nazionale; 2 welfare puro da regolamento aziendale; 3 welfare puro da accordo aziendale; 4 welfare da conversione del premio di risultato con accordo aziendale; 5 lo stesso con accordo territoriale; 6 welfare puro da regolamento non vincolante o volontario; 7 indicazione art. 51 c.3.',
  ],
  [
    '4. Validazione',
    "Dopo il caricamento l'import e' In Coda, poi In Lavorazione. Al termine: Errori di Validazione (almeno una riga con errori), Validazione Completata (Con Anomalie) o Validazione Completata. Il file di output riporta ogni riga del file con la colonna Esito: OK, oppure ogni errore o anomalia della riga. Le formule non vengono calcolate: conta il valore salvato nel file.",
  ],
  [
    '5. Dopo la validazione',
    "Un import con Validazione Completata si puo' annullare con Annulla. Il Backoffice accetta o rifiuta l'import: se accettato, i dipendenti nuovi vengono creati (ricevono una e-mail per impostare la password) e quelli presenti aggiornati, e i crediti caricati con decorrenza, scadenza e tipo fonte, tutto insieme: se una riga non si puo' importare non viene scritto nulla.",
  ],
]);

const book = new ExcelJS.Workbook();
book.created = new Date('2026-01-01T00:00:00Z');
book.modified = book.created;
const sheet = book.addWorksheet('Riepilogo ordini');
sheet.columns = [
  { header: 'Nome', key: 'nome', width: 28 },
  { header: 'E-mail', key: 'email', width: 32 },
  { header: 'Numero buoni', key: 'nbuoni', width: 14 },
  { header: 'Valore buono', key: 'val', width: 14 },
];
sheet.addRow({ nome: 'Mario Rossi', email: 'mario.rossi@example.com', nbuoni: 20, val: 8 });
const xlsx = await book.xlsx.writeBuffer();

await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, 'manuale-dashboard-aziendale.pdf'), manual);
await writeFile(join(OUT, 'buoni-pasto-normativa.pdf'), rules);
await writeFile(join(OUT, 'buoni-pasto-guida-ordine.pdf'), guide);
await writeFile(join(OUT, 'buoni-pasto-modulo-adesione.pdf'), form);
await writeFile(join(OUT, 'buoni-pasto-riepilogo-ordini.xlsx'), Buffer.from(xlsx));
await writeFile(join(OUT, 'manuale-import-crediti.pdf'), importManual);
console.log('public/docs: 5 PDF, 1 xlsx');
