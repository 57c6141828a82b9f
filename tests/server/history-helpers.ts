/**
 * Fixtures of the movement history tests: a company of their own (a referent and two employees) with
 * movements at chosen instants around month ends in Rome, whose figures are computed by hand below,
 * and readers for the .xlsx answers.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DB, Profile } from '../../src/server/db/schema';
import { addCredit, debitPurchase, rejectPurchase } from '../../src/server/services/ledger';
import { buildTestApp, type Backend, type TestApp } from './helpers';

export interface Person {
  email: string;
  nome: string;
  cognome: string;
  codFisc: string;
  profile?: Profile;
}

/** A customer, a company and its people; returns the company id and the user ids by e-mail. */
export async function createCompany(
  db: Kysely<DB>,
  nome: string,
  people: Person[],
): Promise<{ companyId: number; ids: Record<string, number> }> {
  const customer = await db
    .insertInto('customers')
    .values({ slug: `t${randomBytes(4).toString('hex')}`, name: nome })
    .returning('id')
    .executeTakeFirstOrThrow();
  const company = await db
    .insertInto('companies')
    .values({ nome, customer_id: customer.id })
    .returning('id_azienda')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = {};
  for (const p of people) {
    const user = await db
      .insertInto('users')
      .values({
        email: p.email,
        nome: p.nome,
        cognome: p.cognome,
        cod_fisc: p.codFisc,
        profile: p.profile ?? 'utente',
        company_id: company.id_azienda,
        customer_id: customer.id,
        password_hash: null,
        pass_expiry_date: null,
        totp_secret: null,
        otp_method: null,
        covip_fondo: null,
        ollipay_profile: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[p.email] = user.id;
  }
  return { companyId: company.id_azienda, ids };
}

export const STORICO = {
  company: 'Storico Prova S.r.l.',
  referent: {
    email: 'rita.neri@storico.example.com',
    nome: 'Rita',
    cognome: 'Neri',
    codFisc: 'NRERTI80A41F205X',
    profile: 'ref_aziendale',
  },
  alice: {
    email: 'alice.bianco@storico.example.com',
    nome: 'Alice',
    cognome: 'Bianco',
    codFisc: 'BNCLCA85M41F205Y',
  },
  bruno: {
    email: 'bruno.verdi@storico.example.com',
    nome: 'Bruno',
    cognome: 'Verdi',
    codFisc: 'VRDBRN79C12H501Z',
  },
} as const satisfies Record<string, Person | string>;

export interface StoricoFixture {
  companyId: number;
  referentId: number;
  aliceId: number;
  brunoId: number;
  /** Purchase ids by name. */
  purchases: Record<'farmacia' | 'buono' | 'palestra' | 'previdenza' | 'sanitaria', number>;
}

/**
 * The movements of the fixture (instants in UTC; Rome is UTC+1 until 2025-03-30, then UTC+2):
 *
 * | who   | instant (UTC)        | Rome day   | kind | AVERE   | DARE   | note                         |
 * |-------|----------------------|------------|------|---------|--------|------------------------------|
 * | Alice | 2025-01-10 10:00     | 2025-01-10 | 10   | 1000.00 |        | ordinary line                |
 * | Alice | 2025-01-10 10:05     | 2025-01-10 | 10   | 300.00  |        | art. 51 c.3 line             |
 * | Alice | 2025-01-31 22:30     | 2025-01-31 | 1    |         | 120.50 | Farmacia Centrale            |
 * | Alice | 2025-01-31 23:30     | 2025-02-01 | 5    |         | 80.00  | art51c3, month of February   |
 * | Bruno | 2025-02-01 08:00     | 2025-02-01 | 10   | 500.00  |        | ordinary line                |
 * | Alice | 2025-03-15 12:00     | 2025-03-15 | 6    |         | 45.25  | no soggetto; rejected later  |
 * | Alice | 2025-03-20 09:00     | 2025-03-20 | 6    | 45.25   |        | the refund ("Storno ...")    |
 * | Bruno | 2025-03-31 21:59:59  | 2025-03-31 | 7    |         | 200.00 | last second of March in Rome |
 * | Bruno | 2025-03-31 22:00:00  | 2025-04-01 | 8    |         | 10.00  | first second of April        |
 *
 * Company, 2025-01-01..2025-04-30: 9 movements; months 01: 1300.00 / 120.50, 02: 500.00 / 80.00,
 * 03: 45.25 / 245.25, 04: 0.00 / 10.00; totals 1845.25 / 455.75.
 * Today (lines run to 2030 and 2099): Alice 879.50 + 220.00 art. 51 c.3 = 1099.50, nearest expiry
 * 2030-06-30; Bruno 290.00, expiry 2099-12-31; Rita nothing. saldo_aziendale 1389.50.
 */
export async function createStoricoFixture(db: Kysely<DB>): Promise<StoricoFixture> {
  const { companyId, ids } = await createCompany(db, STORICO.company, [
    STORICO.referent,
    STORICO.alice,
    STORICO.bruno,
  ]);
  const aliceId = ids[STORICO.alice.email]!;
  const brunoId = ids[STORICO.bruno.email]!;
  const at = (iso: string) => new Date(iso);
  await addCredit(db, {
    userId: aliceId,
    amountCents: 100_000,
    fonte: 1,
    dataDecorrenza: '2025-01-01',
    dataScadenza: '2099-12-31',
    oggetto: 'Credito welfare da CCNL',
    soggetto: STORICO.company,
    at: at('2025-01-10T10:00:00Z'),
  });
  await addCredit(db, {
    userId: aliceId,
    amountCents: 30_000,
    fonte: 7,
    isArt51c3: true,
    dataDecorrenza: '2025-01-01',
    dataScadenza: '2030-06-30',
    oggetto: 'Credito art. 51 c.3 (fringe benefit)',
    soggetto: STORICO.company,
    at: at('2025-01-10T10:05:00Z'),
  });
  await addCredit(db, {
    userId: brunoId,
    amountCents: 50_000,
    fonte: 4,
    dataDecorrenza: '2025-02-01',
    dataScadenza: '2099-12-31',
    oggetto: 'Conversione premio di risultato',
    soggetto: STORICO.company,
    at: at('2025-02-01T08:00:00Z'),
  });
  const buy = async (userId: number, kind: number, cents: number, iso: string, extra: object = {}) =>
    (
      await debitPurchase(db, {
        userId,
        kind,
        amountCents: cents,
        source: 'totale',
        at: at(iso),
        ...extra,
      })
    ).purchase.id;
  const farmacia = await buy(aliceId, 1, 12_050, '2025-01-31T22:30:00Z', {
    oggetto: 'Rimborso spese mediche',
    soggetto: 'Farmacia Centrale',
  });
  const buono = await buy(aliceId, 5, 8_000, '2025-01-31T23:30:00Z', {
    source: 'art51c3',
    oggetto: 'Buono acquisto',
    soggetto: 'Amazon',
  });
  const palestra = await buy(aliceId, 6, 4_525, '2025-03-15T12:00:00Z', {
    oggetto: 'Sconto 100% palestra',
    soggetto: '',
  });
  await rejectPurchase(db, palestra, {
    at: at('2025-03-20T09:00:00Z'),
    motivo: 'Documentazione non conforme',
  });
  const previdenza = await buy(brunoId, 7, 20_000, '2025-03-31T21:59:59Z', {
    oggetto: 'Versamento previdenza complementare',
    soggetto: 'Fondo Pensione Cometa',
  });
  const sanitaria = await buy(brunoId, 8, 1_000, '2025-03-31T22:00:00Z', {
    oggetto: 'Piano sanitario integrativo',
    soggetto: 'Cassa Assistenza',
  });
  return {
    companyId,
    referentId: ids[STORICO.referent.email]!,
    aliceId,
    brunoId,
    purchases: { farmacia, buono, palestra, previdenza, sanitaria },
  };
}

/** A sheet read back: header texts, then each row's cells as exceljs reads them (index 0 = column A). */
export interface ReadSheet {
  name: string;
  header: unknown[];
  rows: unknown[][];
  /** numFmt of each cell of the data rows. */
  formats: string[][];
}

export async function readXlsx(payload: Buffer): Promise<ReadSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('nessun foglio');
  const rows: unknown[][] = [];
  const formats: string[][] = [];
  let header: unknown[] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const values: unknown[] = [];
    const fmts: string[] = [];
    for (let c = 1; c <= width; c++) {
      const cell = row.getCell(c);
      values.push(cell.value ?? null);
      fmts.push(cell.numFmt ?? '');
    }
    if (n === 1) header = values;
    else {
      rows.push(values);
      formats.push(fmts);
    }
  });
  return { name: sheet.name, header, rows, formats };
}

const ROME_WALL = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Rome wall clock of an instant, as the Date an .xlsx date cell reads back (UTC fields). */
export function romeWallClock(iso: string): Date {
  return new Date(`${ROME_WALL.format(new Date(iso)).replace(' ', 'T')}Z`);
}

/** A demo test app with the history fixture, and sessions of its referent and employee, laura and mario. */
export interface StoricoApp {
  t: TestApp;
  fx: StoricoFixture;
  rita: string;
  alice: string;
  laura: string;
  mario: string;
}

export async function storicoApp(backend: Backend): Promise<StoricoApp> {
  const t = await buildTestApp(backend);
  const fx = await createStoricoFixture(t.db);
  return {
    t,
    fx,
    rita: await t.login(STORICO.referent.email),
    alice: await t.login(STORICO.alice.email),
    laura: await t.login('laura.bianchi@example.com'),
    mario: await t.login('mario.rossi@example.com'),
  };
}
