/**
 * The SEPA Credit Transfer file of an operator's payout batch: ISO 20022 pain.001.001.03, the version
 * Italian banks take for SCT. One group header, one batch-booked payment block from the debtor's
 * account, one transfer per reimbursement.
 *
 * The document is built by the `sepa` package (sepa.js). Its amounts are JavaScript numbers: each
 * transfer's amount is handed as `cents / 100` (exact to the cent below 10^13 euro, and the package caps
 * a transfer at 999,999,999.99), while the control sum, which the package would add up in floating
 * point, is computed here from integer cents. The finished document is then checked against the input
 * (amounts, sums, count, dates) so a change in the package's formatting cannot slip a wrong figure into a
 * bank file.
 */
import { Document as SepaDocument } from 'sepa';
import { isValidBIC } from 'ibantools';
import { formatCents } from '../../shared/money';
import { isValidIban, normalizeIban } from '../../shared/validators/iban';

export interface PayoutDebtor {
  name: string;
  iban: string;
  bic?: string;
}

export interface PayoutTransfer {
  /** e.g. "RIMB-123": at most 35 characters of the SEPA set, not starting with "/" nor containing "//". */
  endToEndId: string;
  /** The employee's full name: reduced to the SEPA set, at most 70 characters. */
  creditorName: string;
  /** The creditor's IBAN: spaces allowed, written out upper-cased without them. */
  iban: string;
  /** Integer cents, > 0. */
  amountCents: number;
  /** Unstructured remittance, e.g. "Rimborso welfare richiesta n. 123": at most 140 characters. */
  remittance: string;
}

export interface Pain001Input {
  /** At most 35 characters of the SEPA set: also the payment block's id. */
  messageId: string;
  createdAt: Date;
  /** 'YYYY-MM-DD' */
  executionDate: string;
  debtor: PayoutDebtor;
  /** At least one. */
  transfers: readonly PayoutTransfer[];
}

const PAIN = 'pain.001.001.03';
/** 999,999,999.99 €: the largest amount of one SEPA credit transfer. */
const MAX_TRANSFER_CENTS = 99_999_999_999;
/** The SEPA Latin character set (EPC guidance on the use of characters). */
const SEPA_CHAR = /[A-Za-z0-9/\-?:().,'+ ]/;
const SEPA_ID = /^[A-Za-z0-9/\-?:().,'+]{1,35}$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Letters that Unicode decomposition leaves whole. */
const TRANSLITERATION: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  '‘': "'",
  '’': "'",
  '`': "'",
  '´': "'",
  '&': '+',
  '–': '-',
  '—': '-',
  _: '-',
  '…': '.',
};

/**
 * Text reduced to the SEPA Latin character set: accents transliterated (à->a, è->e, ò->o, ç->c, ß->ss),
 * "&" written "+", typographic apostrophes and dashes made plain, any other character a space; runs of
 * spaces collapsed, then trimmed and cut to `max` characters.
 */
export function sepaText(text: string, max: number): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const mapped = TRANSLITERATION[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
    for (const c of mapped) out += SEPA_CHAR.test(c) ? c : ' ';
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, Math.max(0, max)).trim();
}

function checkId(value: string, what: string): string {
  if (!SEPA_ID.test(value) || value.startsWith('/') || value.includes('//'))
    throw new Error(
      `${what} non valido: "${value}" (da 1 a 35 caratteri tra lettere, cifre e / - ? : ( ) . , ' +, senza "/" iniziale né "//")`,
    );
  return value;
}

function checkIban(value: string, who: string): string {
  if (!isValidIban(value)) throw new Error(`IBAN non valido per ${who}: "${value}"`);
  return normalizeIban(value);
}

function requiredText(value: string, max: number, what: string): string {
  const text = sepaText(value, max);
  if (!text) throw new Error(`${what} mancante o senza caratteri ammessi dal bonifico SEPA`);
  return text;
}

/** The calendar day as a local Date, the way the package writes ReqdExctnDt (local getters). */
function executionDay(value: string): Date {
  const match = ISO_DAY.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  if (
    !match ||
    !date ||
    date.getFullYear() !== Number(match[1]) ||
    date.getMonth() + 1 !== Number(match[2]) ||
    date.getDate() !== Number(match[3])
  )
    throw new Error(`Data di esecuzione non valida: "${value}" (atteso AAAA-MM-GG)`);
  return date;
}

let romeClock: Intl.DateTimeFormat | undefined;

/**
 * The instant on Rome's wall clock, as a local Date: the package writes CreDtTm from local getters
 * without a zone, and the bank reads it as Italian time, whatever the server's zone.
 */
function romeWallClock(instant: Date): Date {
  if (Number.isNaN(instant.getTime())) throw new Error('Data di creazione della distinta non valida');
  romeClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part: Record<string, number> = {};
  for (const { type, value } of romeClock.formatToParts(instant)) part[type] = Number(value);
  return new Date(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localDateTime = (d: Date) =>
  `${localDay(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** The pain.001.001.03 document (UTF-8 XML) of a payout batch; throws an Error in Italian on bad input. */
export function buildPain001(input: Pain001Input): string {
  const messageId = checkId(input.messageId, 'Identificativo del messaggio');
  const created = romeWallClock(input.createdAt);
  const executionDate = executionDay(input.executionDate);
  if (input.transfers.length === 0) throw new Error('La distinta non contiene alcun bonifico');

  const debtorName = requiredText(input.debtor.name, 70, "Nome dell'ordinante");
  const debtorIban = checkIban(input.debtor.iban, "l'ordinante");
  const debtorBic = (input.debtor.bic ?? '').replace(/\s/g, '').toUpperCase();
  if (debtorBic && (!isValidBIC(debtorBic) || debtorBic.slice(4, 6) !== debtorIban.slice(0, 2)))
    throw new Error(`BIC dell'ordinante non valido o di un paese diverso dall'IBAN: "${input.debtor.bic}"`);

  const transfers = input.transfers.map((t, i) => {
    const n = i + 1;
    const endToEndId = checkId(t.endToEndId, `Riferimento (EndToEndId) del bonifico n. ${n}`);
    if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0 || t.amountCents > MAX_TRANSFER_CENTS)
      throw new Error(
        `Importo non valido nel bonifico ${endToEndId}: ${t.amountCents} centesimi (intero da 1 a ${MAX_TRANSFER_CENTS})`,
      );
    return {
      endToEndId,
      creditorName: requiredText(t.creditorName, 70, `Nome del beneficiario del bonifico ${endToEndId}`),
      iban: checkIban(t.iban, `il beneficiario del bonifico ${endToEndId}`),
      amountCents: t.amountCents,
      remittance: requiredText(t.remittance, 140, `Causale del bonifico ${endToEndId}`),
    };
  });
  const seen = new Set<string>();
  for (const { endToEndId } of transfers) {
    if (seen.has(endToEndId))
      throw new Error(`Riferimento (EndToEndId) ripetuto nella distinta: ${endToEndId}`);
    seen.add(endToEndId);
  }
  const totalCents = transfers.reduce((sum, t) => sum + t.amountCents, 0);
  if (!Number.isSafeInteger(totalCents)) throw new Error('Totale della distinta fuori scala');

  const doc = new SepaDocument(PAIN);
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = created;
  doc.grpHdr.initiatorName = debtorName;

  const info = doc.createPaymentInfo();
  info.batchBooking = true;
  info.requestedExecutionDate = executionDate;
  info.debtorName = debtorName;
  info.debtorIBAN = debtorIban;
  // Without a BIC the package writes DbtrAgt/FinInstnId/Othr/Id "NOTPROVIDED" (IBAN-only, fine in Italy).
  info.debtorBIC = debtorBic;
  // The package would add the amounts as floats: the control sum comes from integer cents instead (one
  // division, exact to the cent well beyond any batch). Document.normalize() calls this, then copies it
  // into the group header.
  info.normalize = () => {
    info.controlSum = totalCents / 100;
  };
  doc.addPaymentInfo(info);
  // The package prefixes the ids with the message id ("<MsgId>.0", "<MsgId>.0.0"), which can pass the 35
  // characters of Max35Text: the block takes the message id, the transfers their progressive number.
  info.id = messageId;

  transfers.forEach((t, i) => {
    const tx = info.createTransaction();
    tx.end2endId = t.endToEndId;
    tx.creditorName = t.creditorName;
    tx.creditorIBAN = t.iban;
    tx.creditorBIC = '';
    tx.amount = t.amountCents / 100;
    tx.currency = 'EUR';
    tx.remittanceInfo = t.remittance;
    info.addTransaction(tx);
    tx.id = String(i + 1);
  });

  let xml: string;
  try {
    xml = doc.toString();
  } catch (error) {
    throw new Error(`Distinta SEPA non generabile: ${(error as Error).message}`, { cause: error });
  }

  // What the bank will execute must be what was asked, to the cent.
  const expected = [
    ...Array<string>(2).fill(`<NbOfTxs>${transfers.length}</NbOfTxs>`),
    ...Array<string>(2).fill(`<CtrlSum>${formatCents(totalCents)}</CtrlSum>`),
    `<CreDtTm>${localDateTime(created)}</CreDtTm>`,
    `<ReqdExctnDt>${input.executionDate}</ReqdExctnDt>`,
  ];
  const counts = new Map<string, number>();
  for (const piece of expected) counts.set(piece, (counts.get(piece) ?? 0) + 1);
  const amounts = transfers.map((t) => `<InstdAmt Ccy="EUR">${formatCents(t.amountCents)}</InstdAmt>`);
  const amountsInOrder = [...xml.matchAll(/<InstdAmt Ccy="EUR">[^<]*<\/InstdAmt>/g)].map((m) => m[0]);
  if (
    [...counts].some(([piece, count]) => occurrences(xml, piece) !== count) ||
    amountsInOrder.join('\n') !== amounts.join('\n')
  )
    throw new Error('Distinta SEPA incoerente con gli importi richiesti: generazione interrotta');
  return xml;
}
