import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import {
  buildPain001,
  sepaText,
  type Pain001Input,
  type PayoutTransfer,
} from '../../src/server/services/sepa-payouts';
import { formatCents } from '../../src/shared/money';

/** The official ISO 20022 schema (see tests/fixtures/sepa/README.md). */
const XSD = readFileSync(
  fileURLToPath(new URL('../fixtures/sepa/pain.001.001.03.xsd', import.meta.url)),
  'utf8',
);

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'payout.xml', contents: xml },
    schema: { fileName: 'pain.001.001.03.xsd', contents: XSD },
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

// Every value stays the string written in the file: no number parsing, no trimming.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'CdtTrfTxInf',
});

interface Tx {
  PmtId: { InstrId: string; EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@Ccy': string } };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
  RmtInf: { Ustrd: string };
}

interface Parsed {
  GrpHdr: { MsgId: string; CreDtTm: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
  PmtInf: {
    PmtInfId: string;
    PmtMtd: string;
    BtchBookg: string;
    NbOfTxs: string;
    CtrlSum: string;
    ReqdExctnDt: string;
    Dbtr: { Nm: string };
    DbtrAcct: { Id: { IBAN: string } };
    DbtrAgt: { FinInstnId: { BIC?: string; Othr?: { Id: string } } };
    CdtTrfTxInf: Tx[];
  };
}

function parse(xml: string): Parsed {
  const doc = parser.parse(xml) as { Document: { CstmrCdtTrfInitn: Parsed } };
  return doc.Document.CstmrCdtTrfInitn;
}

const transfers: PayoutTransfer[] = [
  {
    endToEndId: 'RIMB-101',
    creditorName: 'Niccolò Lucà',
    iban: 'it60 x054 2811 1010 0000 0123 456',
    amountCents: 10,
    remittance: 'Rimborso welfare richiesta n. 101',
  },
  {
    endToEndId: 'RIMB-102',
    creditorName: "Maria Teresa D'Angelo Perù",
    iban: 'IT25O0306909606100000012345',
    amountCents: 20,
    remittance: 'Rimborso welfare richiesta n. 102 – spese scolastiche',
  },
  {
    endToEndId: 'RIMB-103',
    creditorName: 'José Müller-Ørsted',
    iban: 'DE89 3704 0044 0532 0130 00',
    amountCents: 123_456_789,
    remittance: 'Rimborso welfare richiesta n. 103',
  },
  {
    endToEndId: 'RIMB-104',
    creditorName: 'Çelik Ağaoğlu & Søn',
    iban: 'FR1420041010050500013M02606',
    amountCents: 1,
    remittance: 'Rimborso “asilo nido” richiesta n. 104',
  },
  {
    endToEndId: 'RIMB-105',
    creditorName: 'Zoë Brontë',
    iban: 'IT60X0542811101000000123456',
    amountCents: 100_050,
    remittance: 'Rimborso welfare richiesta n. 105',
  },
];

const batch: Pain001Input = {
  messageId: 'WELF-20261128-0001',
  createdAt: new Date('2026-11-28T09:30:15Z'),
  executionDate: '2026-12-01',
  debtor: { name: 'Società Benessere S.p.A.', iban: 'IT 72 B020 0801 6000 0012 3456 789' },
  transfers,
};

describe('buildPain001', () => {
  it('writes a batch that the official pain.001.001.03 schema accepts, with exact amounts and sums', async () => {
    const xml = buildPain001(batch);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(await schemaErrors(xml)).toEqual([]);

    const { GrpHdr, PmtInf } = parse(xml);
    // 0.10 + 0.20 + 1234567.89 + 0.01 + 1000.50, added in cents.
    expect(formatCents(transfers.reduce((sum, t) => sum + t.amountCents, 0))).toBe('1235568.70');
    expect(GrpHdr.MsgId).toBe('WELF-20261128-0001');
    expect(GrpHdr.CreDtTm).toBe('2026-11-28T10:30:15'); // Rome's wall clock
    expect(GrpHdr.NbOfTxs).toBe('5');
    expect(GrpHdr.CtrlSum).toBe('1235568.70');
    expect(GrpHdr.InitgPty.Nm).toBe('Societa Benessere S.p.A.');
    expect(PmtInf.PmtMtd).toBe('TRF');
    expect(PmtInf.BtchBookg).toBe('true');
    expect(PmtInf.NbOfTxs).toBe('5');
    expect(PmtInf.CtrlSum).toBe('1235568.70');
    expect(PmtInf.ReqdExctnDt).toBe('2026-12-01');
    expect(PmtInf.Dbtr.Nm).toBe('Societa Benessere S.p.A.');
    expect(PmtInf.DbtrAcct.Id.IBAN).toBe('IT72B0200801600000123456789');
    expect(PmtInf.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });

    const txs = PmtInf.CdtTrfTxInf;
    expect(txs).toHaveLength(5);
    expect(txs.map((t) => t.Amt.InstdAmt['#text'])).toEqual([
      '0.10',
      '0.20',
      '1234567.89',
      '0.01',
      '1000.50',
    ]);
    expect(txs.map((t) => t.CdtrAcct.Id.IBAN)).toEqual([
      'IT60X0542811101000000123456',
      'IT25O0306909606100000012345',
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'IT60X0542811101000000123456',
    ]);
    expect(txs.map((t) => t.Cdtr.Nm)).toEqual([
      'Niccolo Luca',
      "Maria Teresa D'Angelo Peru",
      'Jose Muller-Orsted',
      'Celik Agaoglu + Son',
      'Zoe Bronte',
    ]);
    expect(txs.map((t) => t.RmtInf.Ustrd)).toEqual([
      'Rimborso welfare richiesta n. 101',
      'Rimborso welfare richiesta n. 102 - spese scolastiche',
      'Rimborso welfare richiesta n. 103',
      'Rimborso asilo nido richiesta n. 104',
      'Rimborso welfare richiesta n. 105',
    ]);
    txs.forEach((t, i) => {
      const input = transfers[i]!;
      expect(t.PmtId.EndToEndId).toBe(input.endToEndId);
      expect(t.PmtId.InstrId).toBe(String(i + 1));
      expect(t.Amt.InstdAmt['@Ccy']).toBe('EUR');
      expect(t.Amt.InstdAmt['#text']).toMatch(/^\d+\.\d{2}$/);
      expect(t.Amt.InstdAmt['#text']).toBe(formatCents(input.amountCents));
    });
  });

  it('writes the BIC when given, and keeps ids within 35 characters for a 35-character message id', async () => {
    const messageId = 'W'.repeat(35);
    const xml = buildPain001({
      ...batch,
      messageId,
      debtor: { ...batch.debtor, bic: 'bppi itrr xxx' },
    });
    expect(await schemaErrors(xml)).toEqual([]);
    const { PmtInf } = parse(xml);
    expect(PmtInf.DbtrAgt.FinInstnId).toEqual({ BIC: 'BPPIITRRXXX' });
    expect(PmtInf.PmtInfId).toBe(messageId);
  });

  it('adds many small amounts without floating-point drift', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      ...transfers[0]!,
      endToEndId: `RIMB-${i}`,
      amountCents: i % 2 === 0 ? 10 : 20,
    }));
    const xml = buildPain001({ ...batch, transfers: many });
    expect(await schemaErrors(xml)).toEqual([]);
    const { GrpHdr } = parse(xml);
    expect(GrpHdr.NbOfTxs).toBe('1000');
    expect(GrpHdr.CtrlSum).toBe('150.00');
  });

  it.each<[string, (input: Pain001Input) => Pain001Input, RegExp]>([
    ['no transfers', (i) => ({ ...i, transfers: [] }), /non contiene alcun bonifico/],
    [
      'a creditor IBAN with a wrong checksum',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, iban: 'IT61X0542811101000000123456' }] }),
      /IBAN non valido per il beneficiario del bonifico RIMB-101/,
    ],
    [
      'a debtor IBAN with a wrong checksum',
      (i) => ({ ...i, debtor: { ...i.debtor, iban: 'IT73B0200801600000123456789' } }),
      /IBAN non valido per l'ordinante/,
    ],
    [
      'a zero amount',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, amountCents: 0 }] }),
      /Importo non valido nel bonifico RIMB-101/,
    ],
    [
      'a fractional cent',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, amountCents: 10.5 }] }),
      /Importo non valido/,
    ],
    [
      'a negative amount',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, amountCents: -100 }] }),
      /Importo non valido/,
    ],
    [
      'an amount over 999,999,999.99',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, amountCents: 100_000_000_000 }] }),
      /Importo non valido/,
    ],
    ['an impossible execution date', (i) => ({ ...i, executionDate: '2026-02-30' }), /Data di esecuzione/],
    ['a badly written execution date', (i) => ({ ...i, executionDate: '01/12/2026' }), /Data di esecuzione/],
    ['an invalid creation instant', (i) => ({ ...i, createdAt: new Date('x') }), /Data di creazione/],
    ['a message id over 35 characters', (i) => ({ ...i, messageId: 'W'.repeat(36) }), /messaggio non valido/],
    [
      'an end-to-end id outside the SEPA set',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, endToEndId: 'RIMB_1' }] }),
      /EndToEndId\) del bonifico n. 1 non valido/,
    ],
    [
      'an end-to-end id starting with a slash',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, endToEndId: '/RIMB-1' }] }),
      /non valido/,
    ],
    [
      'a repeated end-to-end id',
      (i) => ({ ...i, transfers: [transfers[0]!, { ...transfers[1]!, endToEndId: 'RIMB-101' }] }),
      /ripetuto nella distinta: RIMB-101/,
    ],
    [
      'a creditor name without any SEPA character',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, creditorName: '李小龍' }] }),
      /Nome del beneficiario del bonifico RIMB-101 mancante/,
    ],
    [
      'an empty remittance',
      (i) => ({ ...i, transfers: [{ ...transfers[0]!, remittance: '  ' }] }),
      /Causale del bonifico RIMB-101 mancante/,
    ],
    [
      'a BIC of another country than the IBAN',
      (i) => ({ ...i, debtor: { ...i.debtor, bic: 'DEUTDEFF' } }),
      /BIC dell'ordinante non valido/,
    ],
  ])('refuses %s', (_, change, message) => {
    expect(() => buildPain001(change(batch))).toThrow(message);
  });
});

describe('the schema check is not vacuous', () => {
  it('rejects a document without a required element, or with amounts the schema forbids', async () => {
    const xml = buildPain001(batch);
    const withoutDebtor = xml.replace(/<Dbtr>.*?<\/Dbtr>/, '');
    expect(withoutDebtor).not.toBe(xml);
    expect((await schemaErrors(withoutDebtor)).join('\n')).toMatch(
      /DbtrAcct.*not expected.*Expected is one of.*}Dbtr \)/s,
    );

    // pain.001.001.03 allows up to 5 decimals ("1.234" passes it: the 2 of SCT are an EPC rule, checked
    // above on every amount); 6 significant ones are refused.
    const tooManyDecimals = xml.replace('>0.10</InstdAmt>', '>0.123456</InstdAmt>');
    expect(tooManyDecimals).not.toBe(xml);
    expect(await schemaErrors(tooManyDecimals)).not.toEqual([]);

    const comma = xml.replace('>1000.50</InstdAmt>', '>1000,50</InstdAmt>');
    expect(comma).not.toBe(xml);
    expect(await schemaErrors(comma)).not.toEqual([]);

    const longId = xml.replace('<EndToEndId>RIMB-101<', `<EndToEndId>${'R'.repeat(36)}<`);
    expect(longId).not.toBe(xml);
    expect(await schemaErrors(longId)).not.toEqual([]);
  });
});

describe('sepaText', () => {
  it('transliterates accents and keeps only the SEPA Latin set', () => {
    expect(sepaText('àèéìòù ÀÈÉÌÒÙ çñ', 70)).toBe('aeeiou AEEIOU cn');
    expect(sepaText('Società “Il Girasole” & C. – l’asilo', 70)).toBe("Societa Il Girasole + C. - l'asilo");
    expect(sepaText('Straße Øresund 😀 #12 @home', 70)).toBe('Strasse Oresund 12 home');
    expect(sepaText('  molti    spazi  ', 70)).toBe('molti spazi');
  });

  it('cuts to the maximum length without a trailing space', () => {
    expect(sepaText('Rimborso welfare', 9)).toBe('Rimborso');
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
  });
});
