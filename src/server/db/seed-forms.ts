/**
 * Demo data of the request forms (ARCHITECTURE.md §8), run by seed-demo.ts after the users' purchases:
 * suppliers (one VAT number shared by two branches, so the portal's 'Impossibile trovare il
 * fornitore.' can be seen), the demo's installation content (demo-content.ts: tutorial
 * and documentation links, app links, benefit hub codes, through the operator's loader), and for
 * mario.rossi@example.com three family beneficiaries, two IBANs, his pension fund, documents of every
 * kind (free ones to reuse, and those attached to his seeded requests) and the payloads and forms
 * (route names) of his seeded requests, so that replaying one of his movements fills its form.
 *
 * Document types, relations, categories and pension funds are reference data (config/reference-lists.ts,
 * written at every start). Idempotent: suppliers by (p_iva, ragione_sociale), content by its keys,
 * beneficiaries and IBANs by (user, code), documents by rif_esterno; payloads and forms are set again.
 * The seeded documents share two small files (a one-page PDF and a PNG) that the app writes to its
 * uploads folder at start in demo mode (`writeSeedDocumentFiles`).
 */
import type { Kysely } from 'kysely';
import { findForm, monthNames, type FormRouteName } from '../../../config/forms';
import { addDays, addMonths, romeDate } from '../services/calendar';
import { ensureFile } from '../services/documents';
import type { FileStore } from '../services/file-store';
import { seedDemoContent } from './demo-content';
import { codiceFiscale } from './demo-people';
import type { DB, DocumentMime, FileKindName } from './schema';

// ---------------------------------------------------------------------------------------------
// The two files behind every seeded document

/** A one-page PDF with one line of text (Helvetica, ASCII), with a correct cross-reference table. */
export function onePagePdf(line: string): Buffer {
  const text = line.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1x1 PNG (one opaque pixel). */
const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const SEED_DOCUMENT_FILES: Record<
  'pdf' | 'png',
  { storedName: string; mime: DocumentMime; content: Buffer }
> = {
  pdf: {
    storedName: 'seed-documento-pdf',
    mime: 'application/pdf',
    content: onePagePdf('Documento dimostrativo - Portale Welfare'),
  },
  png: { storedName: 'seed-documento-png', mime: 'image/png', content: PNG_PIXEL },
};

/** Writes the seeded documents' files to the uploads folder when they are not there yet. */
export async function writeSeedDocumentFiles(files: FileStore): Promise<void> {
  for (const file of Object.values(SEED_DOCUMENT_FILES)) {
    await ensureFile(files, 'documents', file.storedName, file.content);
  }
}

// ---------------------------------------------------------------------------------------------
// Reference data

export const SEED_SUPPLIERS = [
  {
    p_iva: '01234567897',
    ragione_sociale: 'Centro estivo Arcobaleno',
    indirizzo: 'Via Lario 12',
    citta: 'Milano',
    iban: 'IT47K0503401633000000012345',
  },
  {
    p_iva: '07896541237',
    ragione_sociale: 'British School Milano S.r.l.',
    indirizzo: 'Corso Buenos Aires 40',
    citta: 'Milano',
    iban: null,
  },
  // Two branches with one VAT number: the lookup by the full number finds both.
  {
    p_iva: '02468135799',
    ragione_sociale: 'Poliambulatorio San Luca S.r.l.',
    indirizzo: 'Viale Monza 120',
    citta: 'Milano',
    iban: null,
  },
  {
    p_iva: '02468135799',
    ragione_sociale: 'Poliambulatorio San Luca S.r.l. - Sede di Monza',
    indirizzo: 'Via Italia 8',
    citta: 'Monza',
    iban: null,
  },
  {
    p_iva: '09753186429',
    ragione_sociale: 'Scuola di Musica Giuseppe Verdi A.P.S.',
    indirizzo: 'Via Padova 77',
    citta: 'Milano',
    iban: null,
  },
  {
    p_iva: '03141592653',
    ragione_sociale: 'Cooperativa Sociale Il Sorriso',
    indirizzo: 'Via dei Mille 5',
    citta: 'Bergamo',
    iban: 'IT39R0306909606100000067890',
  },
  {
    p_iva: '02718281823',
    ragione_sociale: 'Teatro degli Arcimboldi S.r.l.',
    indirizzo: 'Viale dell’Innovazione 20',
    citta: 'Milano',
    iban: null,
  },
  {
    p_iva: '01618033987',
    ragione_sociale: 'Viaggi Culturali Italia S.r.l.',
    indirizzo: 'Piazza Duomo 1',
    citta: 'Firenze',
    iban: null,
  },
  {
    p_iva: '01414213569',
    ragione_sociale: 'Centro Medico Sant’Agostino S.p.A.',
    indirizzo: 'Via Temperanza 6',
    citta: 'Milano',
    iban: null,
  },
  {
    p_iva: '02236067977',
    ragione_sociale: 'Sport Village Bergamo S.S.D. a r.l.',
    indirizzo: 'Via Rovelli 24',
    citta: 'Bergamo',
    iban: null,
  },
  {
    p_iva: '01002003000',
    ragione_sociale: 'Campus Estivo Lago Maggiore S.r.l.',
    indirizzo: 'Lungolago 3',
    citta: 'Stresa',
    iban: null,
  },
] as const;

/** Supplementary pension funds by COVIP register number (demo data). */

/** Mario's pension fund (user_anag.covip_fondo), one of config/reference-lists.ts. */
export const MARIO_COVIP = '61';

// ---------------------------------------------------------------------------------------------
// Mario's data

/** Mario's family: spouse (2), child (3), parent (4), with real-looking codici fiscali. */
export const MARIO_BENEFICIARIES = [
  { nome: 'Anna', cognome: 'Bianchi', birth: '1982-04-12', female: true, comune: 'F205', relazione: 2 },
  { nome: 'Luca', cognome: 'Rossi', birth: '2012-09-03', female: false, comune: 'F205', relazione: 3 },
  { nome: 'Giuseppe', cognome: 'Rossi', birth: '1950-02-20', female: false, comune: 'H501', relazione: 4 },
].map((p) => ({
  cod_fisc: codiceFiscale(p.cognome, p.nome, p.birth, p.female, p.comune),
  nome: `${p.nome} ${p.cognome}`,
  id_relazione: p.relazione,
}));

/** Mario's IBANs (valid check digits and CIN). */
export const MARIO_IBANS = ['IT61E0200801600000105432178', 'IT18A0306234210000001234567'] as const;

interface SeedDocument {
  kind: FileKindName;
  typeId: number;
  name: string;
  file: 'pdf' | 'png';
}

/** Free documents of every kind (two each) to reuse (file_esistenti_list, clona_allegato_esistente). */
const FREE_DOCUMENTS: readonly SeedDocument[] = [
  { kind: 'doc_pagam', typeId: 2, name: 'bonifico-farmacia.pdf', file: 'pdf' },
  { kind: 'doc_pagam', typeId: 4, name: 'ricevuta-pos.png', file: 'png' },
  { kind: 'doc_acq', typeId: 1, name: 'fattura-dentista.pdf', file: 'pdf' },
  { kind: 'doc_acq', typeId: 7, name: 'scontrino-farmacia.png', file: 'png' },
  { kind: 'doc_extra', typeId: 24, name: 'carta-identita.pdf', file: 'pdf' },
  { kind: 'doc_extra', typeId: 1, name: 'fattura-aggiuntiva.pdf', file: 'pdf' },
  { kind: 'doc_fam', typeId: 14, name: 'stato-di-famiglia.pdf', file: 'pdf' },
  { kind: 'doc_fam', typeId: 15, name: 'certificato-nascita-luca.pdf', file: 'pdf' },
  { kind: 'doc_preven', typeId: 19, name: 'preventivo-centro-estivo.pdf', file: 'pdf' },
  { kind: 'doc_preven', typeId: 20, name: 'offerta-corso-inglese.pdf', file: 'pdf' },
  { kind: 'doc_extr_p', typeId: 9, name: 'autocertificazione.pdf', file: 'pdf' },
  { kind: 'doc_extr_p', typeId: 11, name: 'dichiarazione-residenza.pdf', file: 'pdf' },
  { kind: 'doc_rata', typeId: 12, name: 'quietanza-rata-marzo.pdf', file: 'pdf' },
  { kind: 'doc_rata', typeId: 26, name: 'avviso-scadenza-rata.png', file: 'png' },
  { kind: 'doc_loan', typeId: 17, name: 'piano-ammortamento.pdf', file: 'pdf' },
  { kind: 'doc_loan', typeId: 28, name: 'contratto-mutuo.pdf', file: 'pdf' },
];

interface SeededRequest {
  key: string;
  /** The form the request was sent through (purchases.form_route): replay opens and reads it back by it. */
  form: FormRouteName;
  documents: readonly SeedDocument[];
  /** The payload; `docs` is filled with the ids of `documents`. */
  payload: (created: string) => Record<string, unknown>;
}

/** Mario's child: the family beneficiary of his seeded expense and quote requests. */
const child = MARIO_BENEFICIARIES.find((b) => b.id_relazione === 3) ?? MARIO_BENEFICIARIES[0]!;

/** The payloads of Mario's seeded requests of the form kinds (seed-demo.ts MARIO_PURCHASES). */
const MARIO_REQUESTS: readonly SeededRequest[] = [
  {
    key: 'seed-mario-p01',
    form: 'rimb-spese',
    documents: [
      { kind: 'doc_pagam', typeId: 4, name: 'pagamento-farmacia.png', file: 'png' },
      { kind: 'doc_acq', typeId: 7, name: 'scontrino-medicinali.png', file: 'png' },
    ],
    payload: () => ({
      id_categ: 1,
      importo: '120.00',
      me_stesso: true,
      cod_fisc_ben: null,
      nome_ben: null,
      id_relazione_ben: null,
    }),
  },
  {
    key: 'seed-mario-p14',
    form: 'rimb-spese',
    documents: [
      { kind: 'doc_pagam', typeId: 2, name: 'bonifico-libreria.pdf', file: 'pdf' },
      { kind: 'doc_acq', typeId: 1, name: 'fattura-libri-scolastici.pdf', file: 'pdf' },
      { kind: 'doc_fam', typeId: 14, name: 'stato-di-famiglia-2.pdf', file: 'pdf' },
    ],
    payload: () => ({
      id_categ: 2,
      importo: '130.00',
      me_stesso: false,
      cod_fisc_ben: child.cod_fisc,
      nome_ben: child.nome,
      id_relazione_ben: child.id_relazione,
    }),
  },
  {
    key: 'seed-mario-p06',
    form: 'rimb-interessi',
    documents: [
      { kind: 'doc_rata', typeId: 12, name: 'quietanza-rata.pdf', file: 'pdf' },
      { kind: 'doc_loan', typeId: 17, name: 'piano-ammortamento-bpm.pdf', file: 'pdf' },
    ],
    payload: (created) => ({
      id_categ: 20,
      data_rata: addMonths(created, 1),
      importo_interessi: '200.00',
      intestatari: 1,
      importo_max_rimb: '180.00',
      quant_rimb: 'massima',
      importo: '180.00',
      iban: MARIO_IBANS[0],
    }),
  },
  {
    key: 'seed-mario-p10',
    form: 'conv-ondemand',
    documents: [
      { kind: 'doc_preven', typeId: 19, name: 'preventivo-arcobaleno.pdf', file: 'pdf' },
      { kind: 'doc_fam', typeId: 15, name: 'certificato-nascita.pdf', file: 'pdf' },
    ],
    payload: (created) => ({
      id_categ: 33,
      importo: '300.00',
      data_scadenza: addDays(created, 30),
      note: 'Due settimane di centro estivo a luglio.',
      fornitore: {
        p_iva: SEED_SUPPLIERS[0].p_iva,
        ragione_sociale: SEED_SUPPLIERS[0].ragione_sociale,
        indirizzo: SEED_SUPPLIERS[0].indirizzo,
        citta: SEED_SUPPLIERS[0].citta,
        iban: SEED_SUPPLIERS[0].iban,
      },
      me_stesso: false,
      cod_fisc_ben: child.cod_fisc,
      nome_ben: child.nome,
      id_relazione_ben: child.id_relazione,
    }),
  },
  {
    key: 'seed-mario-p02',
    form: 'conv-previdenza-integrativa',
    documents: [],
    payload: () => ({ prev_ok: true, covip: MARIO_COVIP, importo: '250.00', note: null }),
  },
  {
    key: 'seed-mario-p07',
    form: 'rimb-bollette',
    documents: [
      { kind: 'doc_acq', typeId: 1, name: 'bolletta-luce.pdf', file: 'pdf' },
      { kind: 'doc_extr_p', typeId: 9, name: 'autocertificazione-utenze.pdf', file: 'pdf' },
      { kind: 'doc_pagam', typeId: 3, name: 'estratto-conto-addebito.pdf', file: 'pdf' },
    ],
    payload: () => ({ id_categ: 60, importo: '120.00' }),
  },
  {
    key: 'seed-mario-p15',
    form: 'rimb-aff-mutui',
    documents: [
      { kind: 'doc_acq', typeId: 27, name: 'contratto-locazione.pdf', file: 'pdf' },
      { kind: 'doc_extr_p', typeId: 11, name: 'residenza-prima-casa.pdf', file: 'pdf' },
      { kind: 'doc_pagam', typeId: 2, name: 'bonifico-canone.pdf', file: 'pdf' },
    ],
    payload: (created) => ({
      id_categ: 69,
      importo: '80.00',
      mesi_sel: [monthNames[Number(created.slice(5, 7)) - 1]],
    }),
  },
];

async function seedDocument(
  db: Kysely<DB>,
  userId: number,
  rif: string,
  document: SeedDocument,
  at: Date,
  purchaseId: number | null,
): Promise<number> {
  const file = SEED_DOCUMENT_FILES[document.file];
  await db
    .insertInto('documents')
    .values({
      user_id: userId,
      file_kind: document.kind,
      file_kind_id: document.typeId,
      file_date: romeDate(at),
      file_num: 1,
      nome_file: document.name,
      stored_name: file.storedName,
      size: file.content.length,
      mime: file.mime,
      purchase_id: purchaseId,
      rif_esterno: rif,
      created: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'rif_esterno']).doNothing())
    .execute();
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', userId)
    .where('rif_esterno', '=', rif)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedForms(db: Kysely<DB>, options: { marioId: number; now: Date }): Promise<void> {
  for (const s of SEED_SUPPLIERS) {
    await db
      .insertInto('suppliers')
      .values(s)
      .onConflict((oc) =>
        oc
          .columns(['p_iva', 'ragione_sociale'])
          .doUpdateSet({ indirizzo: s.indirizzo, citta: s.citta, iban: s.iban }),
      )
      .execute();
  }
  // Documentation and tutorial links are installation content: the demo's go through its loader.
  await seedDemoContent(db);

  const userId = options.marioId;
  // Older demo databases kept the fund's name here; the field holds the COVIP number.
  await db
    .updateTable('users')
    .set({ covip_fondo: MARIO_COVIP })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('covip_fondo', 'is', null), eb('covip_fondo', '=', 'Fondo Pensione Cometa')]))
    .execute();
  await db
    .insertInto('user_beneficiaries')
    .values(MARIO_BENEFICIARIES.map((b) => ({ user_id: userId, ...b })))
    .onConflict((oc) => oc.columns(['user_id', 'cod_fisc']).doNothing())
    .execute();
  await db
    .insertInto('user_ibans')
    .values(MARIO_IBANS.map((iban) => ({ user_id: userId, iban })))
    .onConflict((oc) => oc.columns(['user_id', 'iban']).doNothing())
    .execute();

  const freeFrom = addDays(romeDate(options.now), -20);
  for (const [i, document] of FREE_DOCUMENTS.entries()) {
    const at = new Date(`${addDays(freeFrom, i)}T09:00:00Z`);
    await seedDocument(db, userId, `seed-free-${i + 1}`, document, at, null);
  }

  for (const request of MARIO_REQUESTS) {
    const purchase = await db
      .selectFrom('purchases')
      .select(['id', 'kind', 'created'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', request.key)
      .executeTakeFirst();
    if (!purchase) continue;
    if (findForm(request.form)?.kind !== purchase.kind)
      throw new Error(`${request.key}: il modulo ${request.form} non è del tipo ${purchase.kind}`);
    const docs: number[] = [];
    for (const [i, document] of request.documents.entries()) {
      docs.push(
        await seedDocument(
          db,
          userId,
          `${request.key}-doc-${i + 1}`,
          document,
          purchase.created,
          purchase.id,
        ),
      );
    }
    const payload = {
      ...request.payload(romeDate(purchase.created)),
      ...(request.documents.length > 0 ? { docs } : {}),
    };
    await db
      .updateTable('purchases')
      .set({ payload: JSON.stringify(payload), form_route: request.form })
      .where('id', '=', purchase.id)
      .execute();
  }
}
