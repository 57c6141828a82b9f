/**
 * Writes the back office's documents into public/docs/ (committed; run again after changing a text):
 * the company dashboard manual linked from home-refazi, the meal-voucher documents and the order
 * spreadsheet of office-ref-azi-buoni-pasto. Real PDFs (pdf-lib, standard fonts) and a real .xlsx
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
console.log('public/docs: 4 PDF, 1 xlsx');
