/**
 * The bulk credit import's spreadsheet (spec 002 §2.10, §3, §5, §9; issue 17): the 14 columns of the
 * file in their order, each with the hint the template shows, the closed sets of Tipo contratto and
 * Inquadramento, and the limits the server applies to an uploaded file. Read by the server (template,
 * validation, output file) and by the screen (the info panel lists the columns).
 */

/** What a column holds: the server's check for it (services/import-sheet.ts). */
export type ImportColumnKind = 'email' | 'empty' | 'text' | 'tax-code' | 'choice' | 'date' | 'euro' | 'fonte';

export interface ImportColumn {
  /** The header, exactly as the template writes it (matched ignoring case and spaces at the ends). */
  readonly header: string;
  readonly kind: ImportColumnKind;
  /** The hint of the template's header cell and of the info panel. */
  readonly hint: string;
  /** Template column width (characters). */
  readonly width: number;
  /** The allowed values of a `choice` column. */
  readonly choices?: readonly string[];
}

export const contractTypes = ['Tempo indeterminato', 'Tempo determinato'] as const;

export const jobLevels = [
  'Amministratore',
  'Dirigente',
  'Impiegato',
  'Interinale',
  'Stagista',
  'Quadro',
  'Operaio',
  'Collaboratore',
] as const;

export const importColumns = [
  { header: 'Email', kind: 'email', hint: 'Obbligatoria, diversa per ogni riga.', width: 30 },
  { header: 'Password', kind: 'empty', hint: 'Lasciare vuota.', width: 12 },
  { header: 'Cognome', kind: 'text', hint: 'Obbligatorio.', width: 18 },
  { header: 'Nome', kind: 'text', hint: 'Obbligatorio.', width: 18 },
  { header: 'Codice Fiscale', kind: 'tax-code', hint: 'Codice fiscale valido (16 caratteri).', width: 20 },
  {
    header: 'Tipo contratto',
    kind: 'choice',
    hint: `Uno tra: ${contractTypes.join(', ')}.`,
    width: 22,
    choices: contractTypes,
  },
  {
    header: 'Inquadramento',
    kind: 'choice',
    hint: `Uno tra: ${jobLevels.join(', ')}.`,
    width: 18,
    choices: jobLevels,
  },
  { header: 'Impiegato dal', kind: 'date', hint: 'Data GG-MM-AAAA, prima di Impiegato al.', width: 14 },
  { header: 'Impiegato al', kind: 'date', hint: 'Data GG-MM-AAAA, dopo Impiegato dal.', width: 14 },
  {
    header: 'Welfare Totale',
    kind: 'euro',
    hint: 'Importo in euro (es. 1.500,00) aggiunto al credito totale; 0,00 se nessun aumento.',
    width: 16,
  },
  {
    header: 'Welfare art51c3',
    kind: 'euro',
    hint:
      'Importo in euro per tutti: 1.000,00 senza figli a carico, 2.000,00 con figli a carico (limiti ' +
      'dell’anno della decorrenza); 0,00 se Welfare Totale non ha aumento. Parte di Welfare Totale.',
    width: 16,
  },
  { header: 'Decorrenza', kind: 'date', hint: 'Data GG-MM-AAAA da cui il credito è disponibile.', width: 14 },
  {
    header: 'Scadenza',
    kind: 'date',
    hint: 'Data GG-MM-AAAA di scadenza del credito, dopo Decorrenza.',
    width: 14,
  },
  {
    header: 'Tipo fonte',
    kind: 'fonte',
    hint: 'Numero da 1 a 7 (vedi il manuale).',
    width: 12,
  },
] as const satisfies readonly ImportColumn[];

/** The header of the output file's extra column: every error (or warning) of the row, in Italian. */
export const importResultHeader = 'Esito';

export const importLimits = {
  /** An uploaded file, as sent. */
  maxUploadBytes: 20 * 1024 * 1024,
  /** Rows of data (the header excluded). */
  maxRows: 100_000,
  /** Zip entries of an .xlsx (a workbook has about ten). */
  maxZipEntries: 200,
  /**
   * Unpacked bytes of all the entries together (what the sizes declare, and what inflating gives): a
   * 100,000-row sheet unpacks to about 60 MB; the shared strings exceljs caches stay within this.
   */
  maxUnpackedBytes: 128 * 1024 * 1024,
  /** Text of one cell (characters). */
  maxCellChars: 500,
} as const;
