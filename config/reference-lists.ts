/**
 * Reference lists every installation needs (issue 24, ARCHITECTURE.md §8a), written into the database at
 * every start by services/reference-data.ts (a declaration added here appears, one removed disappears
 * unless something still uses it: then it is kept and the start log says so):
 * - the document types of the upload slots and the file kinds (001 §3) that offer each
 *   (GET file_kind_list/{kind});
 * - the kinship relations of beneficiaries (GET relazioni_parentali);
 * - the category set of each form kind (GET categorie/{kind}): `id` is the payloads' `id_categ`;
 *   `me_stesso`: the beneficiary can only be the user;
 * - the pension funds of the previdenza form, by COVIP number (GET fondi_pensione).
 *
 * Ids are part of the contract where the forms name them (config/forms/*.ts exclusion lists, relations 2,
 * 3, 4, 8, mortgage categories 66-68): keep them.
 */
import type { FileKind } from './forms/types';

export interface DocumentTypeDeclaration {
  readonly id: number;
  readonly nome: string;
  /** The upload slots' file kinds that offer this type. */
  readonly offeredBy: readonly FileKind[];
}

export interface KinshipRelationDeclaration {
  readonly id: number;
  readonly nome: string;
}

export interface PurchaseCategoryDeclaration {
  readonly id: number;
  /** The form kind (movement kind 1-14) whose category set it belongs to. */
  readonly kind: number;
  readonly nome: string;
  readonly me_stesso: boolean;
  /** Order in the set. */
  readonly position: number;
}

export interface PensionFundDeclaration {
  readonly covip: string;
  readonly nome: string;
  readonly istituto: string;
}

export const documentTypes: readonly DocumentTypeDeclaration[] = [
  { id: 1, nome: 'Fattura', offeredBy: ['doc_acq', 'doc_extra'] },
  { id: 2, nome: 'Bonifico bancario', offeredBy: ['doc_pagam', 'doc_extra'] },
  { id: 3, nome: 'Estratto conto bancario', offeredBy: ['doc_pagam', 'doc_extra'] },
  { id: 4, nome: 'Ricevuta di pagamento con carta', offeredBy: ['doc_pagam', 'doc_extra'] },
  { id: 5, nome: 'Quietanza di pagamento', offeredBy: ['doc_pagam', 'doc_extra'] },
  { id: 6, nome: 'Ricevuta fiscale', offeredBy: ['doc_acq', 'doc_loan'] },
  { id: 7, nome: 'Scontrino parlante', offeredBy: ['doc_acq', 'doc_loan'] },
  { id: 8, nome: 'Fattura elettronica (copia di cortesia)', offeredBy: ['doc_acq', 'doc_loan'] },
  { id: 9, nome: 'Autocertificazione', offeredBy: ['doc_extr_p'] },
  { id: 10, nome: 'Dichiarazione sostitutiva di atto di notorietà', offeredBy: ['doc_extr_p'] },
  { id: 11, nome: "Dichiarazione di residenza nell'abitazione principale", offeredBy: ['doc_extr_p'] },
  { id: 12, nome: 'Quietanza della rata del mutuo', offeredBy: ['doc_rata'] },
  { id: 13, nome: 'Modulo di richiesta firmato', offeredBy: ['doc_extr_p', 'doc_extra'] },
  { id: 14, nome: 'Stato di famiglia', offeredBy: ['doc_fam'] },
  { id: 15, nome: 'Certificato di nascita', offeredBy: ['doc_fam'] },
  { id: 16, nome: 'Tessera sanitaria', offeredBy: ['doc_fam'] },
  { id: 17, nome: 'Piano di ammortamento', offeredBy: ['doc_rata', 'doc_loan'] },
  { id: 18, nome: 'Certificazione annuale degli interessi passivi', offeredBy: ['doc_rata', 'doc_loan'] },
  { id: 19, nome: 'Preventivo', offeredBy: ['doc_preven'] },
  { id: 20, nome: 'Offerta commerciale', offeredBy: ['doc_preven'] },
  { id: 21, nome: 'Fattura proforma', offeredBy: ['doc_preven'] },
  { id: 22, nome: 'Estratto conto del mutuo', offeredBy: ['doc_rata'] },
  { id: 23, nome: 'Lettera di erogazione del mutuo', offeredBy: ['doc_rata'] },
  { id: 24, nome: 'Documento di identità', offeredBy: ['doc_fam', 'doc_extra'] },
  { id: 25, nome: 'Dichiarazione sostitutiva di certificazione (familiari)', offeredBy: ['doc_fam'] },
  { id: 26, nome: 'Avviso di scadenza della rata', offeredBy: ['doc_rata'] },
  { id: 27, nome: 'Contratto di locazione registrato', offeredBy: ['doc_preven', 'doc_acq', 'doc_loan'] },
  { id: 28, nome: 'Contratto di mutuo', offeredBy: ['doc_acq', 'doc_loan'] },
  { id: 29, nome: 'Ricevuta di iscrizione', offeredBy: ['doc_preven', 'doc_acq'] },
  { id: 30, nome: 'Attestato di frequenza', offeredBy: ['doc_preven', 'doc_acq'] },
  { id: 31, nome: 'Ricevuta di pagamento in contanti', offeredBy: ['doc_extr_p', 'doc_pagam', 'doc_extra'] },
];

export const kinshipRelations: readonly KinshipRelationDeclaration[] = [
  { id: 1, nome: 'Altro' },
  { id: 2, nome: 'Coniuge' },
  { id: 3, nome: 'Figlio/a' },
  { id: 4, nome: 'Genitore' },
  { id: 5, nome: 'Fratello/Sorella' },
  { id: 6, nome: 'Nonno/a' },
  { id: 7, nome: 'Nipote' },
  { id: 8, nome: 'Unito/a civilmente' },
  { id: 9, nome: 'Suocero/a' },
];

export const purchaseCategories: readonly PurchaseCategoryDeclaration[] = [
  { id: 1, kind: 1, nome: 'Spese mediche e sanitarie', me_stesso: false, position: 1 },
  { id: 2, kind: 1, nome: 'Istruzione e libri di testo', me_stesso: false, position: 2 },
  { id: 3, kind: 1, nome: "Rette di asilo nido e scuola dell'infanzia", me_stesso: false, position: 3 },
  { id: 4, kind: 1, nome: 'Centri estivi e invernali', me_stesso: false, position: 4 },
  { id: 5, kind: 1, nome: 'Mense scolastiche', me_stesso: false, position: 5 },
  { id: 6, kind: 1, nome: 'Gite e viaggi di istruzione', me_stesso: false, position: 6 },
  {
    id: 7,
    kind: 1,
    nome: 'Assistenza familiari anziani o non autosufficienti',
    me_stesso: false,
    position: 7,
  },
  { id: 8, kind: 1, nome: 'Trasporto pubblico (abbonamenti)', me_stesso: true, position: 8 },
  { id: 9, kind: 1, nome: 'Attività sportive dei figli', me_stesso: false, position: 9 },
  { id: 10, kind: 1, nome: 'Corsi di formazione professionale', me_stesso: true, position: 10 },
  { id: 11, kind: 1, nome: 'Servizi di baby-sitting', me_stesso: false, position: 11 },
  { id: 20, kind: 3, nome: 'Interessi passivi mutuo acquisto prima casa', me_stesso: false, position: 1 },
  { id: 21, kind: 3, nome: 'Interessi passivi mutuo costruzione prima casa', me_stesso: false, position: 2 },
  {
    id: 22,
    kind: 3,
    nome: 'Interessi passivi mutuo ristrutturazione prima casa',
    me_stesso: false,
    position: 3,
  },
  { id: 30, kind: 4, nome: 'Corsi di lingua straniera', me_stesso: false, position: 1 },
  { id: 31, kind: 4, nome: 'Attività sportive e palestra', me_stesso: false, position: 2 },
  { id: 32, kind: 4, nome: 'Visite specialistiche e check-up', me_stesso: false, position: 3 },
  { id: 33, kind: 4, nome: 'Centri estivi e campus', me_stesso: false, position: 4 },
  { id: 34, kind: 4, nome: 'Assistenza domiciliare', me_stesso: false, position: 5 },
  { id: 35, kind: 4, nome: 'Corsi di musica e arte', me_stesso: false, position: 6 },
  { id: 36, kind: 4, nome: 'Abbonamenti a teatri e musei', me_stesso: true, position: 7 },
  { id: 37, kind: 4, nome: 'Viaggi e soggiorni culturali', me_stesso: false, position: 8 },
  { id: 45, kind: 7, nome: 'Versamento alla previdenza complementare', me_stesso: true, position: 1 },
  { id: 60, kind: 13, nome: 'Luce (energia elettrica)', me_stesso: true, position: 1 },
  { id: 61, kind: 13, nome: 'Gas', me_stesso: true, position: 2 },
  { id: 62, kind: 13, nome: 'Acqua', me_stesso: true, position: 3 },
  { id: 63, kind: 13, nome: 'Rifiuti (TARI)', me_stesso: true, position: 4 },
  { id: 64, kind: 14, nome: 'Spese condominiali prima casa', me_stesso: true, position: 1 },
  { id: 65, kind: 14, nome: 'Assicurazione casa legata al mutuo', me_stesso: true, position: 2 },
  { id: 66, kind: 14, nome: 'Interessi mutuo prima casa', me_stesso: true, position: 3 },
  { id: 67, kind: 14, nome: 'Interessi mutuo prima casa cointestato', me_stesso: true, position: 4 },
  { id: 68, kind: 14, nome: 'Interessi mutuo ristrutturazione prima casa', me_stesso: true, position: 5 },
  { id: 69, kind: 14, nome: 'Canone di locazione prima casa', me_stesso: true, position: 6 },
  { id: 70, kind: 14, nome: 'Canone di locazione a canone concordato', me_stesso: true, position: 7 },
  { id: 71, kind: 14, nome: 'Canone di locazione per studenti fuori sede', me_stesso: false, position: 8 },
];

/**
 * The pension funds the previdenza form offers (COVIP register numbers). A provider keeps this list as
 * its customers' funds require; the form accepts only these.
 */
export const pensionFunds: readonly PensionFundDeclaration[] = [
  { covip: '61', nome: 'Fondo Pensione Cometa', istituto: 'Fondo negoziale dei metalmeccanici' },
  { covip: '1', nome: 'Fonchim', istituto: 'Fondo negoziale dei chimici e farmaceutici' },
  { covip: '123', nome: 'Fon.Te.', istituto: 'Fondo negoziale di commercio, turismo e servizi' },
  { covip: '116', nome: 'Fondapi', istituto: 'Fondo negoziale delle piccole e medie imprese' },
  { covip: '93', nome: 'Laborfonds', istituto: 'Fondo negoziale regionale del Trentino-Alto Adige' },
  { covip: '145', nome: 'Espero', istituto: 'Fondo negoziale della scuola' },
  { covip: '5063', nome: 'Allianz Insieme', istituto: 'Allianz S.p.A.' },
  { covip: '5078', nome: 'Arca Previdenza', istituto: 'Arca Fondi SGR S.p.A.' },
  { covip: '5094', nome: 'Amundi SecondaPensione', istituto: 'Amundi SGR S.p.A.' },
  { covip: '5012', nome: 'Generali Global', istituto: 'Generali Italia S.p.A.' },
  { covip: '5127', nome: 'Il Mio Domani', istituto: 'Intesa Sanpaolo Vita S.p.A.' },
  { covip: '5150', nome: 'UnipolSai Previdenza FPA', istituto: 'UnipolSai Assicurazioni S.p.A.' },
];
