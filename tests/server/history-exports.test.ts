/**
 * The spreadsheets (spec 000 §2 download, §5 "Export dates", §6 downloads area, §7; ARCHITECTURE.md §7):
 * the history download read back with exceljs (headers, the same rows as the JSON, numbers as numbers,
 * formats, the escaping of = + - @ tab CR), the monthly payroll export and its date rules, the
 * residual credit export against the hand-computed fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { addCredit, debitPurchase } from '../../src/server/services/ledger';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  escapeCellText,
  MONEY_FORMAT,
  XLSX_MIME,
} from '../../src/server/services/spreadsheet';
import { backends, createTestUser, json, type TestApp } from './helpers';
import {
  createCompany,
  storicoApp,
  readXlsx,
  romeWallClock,
  STORICO,
  type StoricoFixture,
} from './history-helpers';

interface Movement {
  id_kind: number;
  kind: string;
  id_acquisto: number | null;
  stato_acquisto: string | null;
  oggetto: string;
  soggetto: string;
  created: string;
  AVERE: string | null;
  DARE: string | null;
  dipendente?: string;
}

const HEADERS = ['Tipo', 'Id acquisto', 'Stato', 'Oggetto', 'Soggetto', 'Data', 'Avere', 'Dare'];
const RANGE = 'date_start=2025-01-01&date_stop=2025-04-30';
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
const money = (value: string | null) => (value === null ? null : Number(value));

describe.each(backends)('spreadsheets (%s)', (backend) => {
  let t: TestApp;
  let fx: StoricoFixture;
  let rita: string;
  let alice: string;
  let laura: string;

  beforeAll(async () => {
    ({ t, fx, rita, alice, laura } = await storicoApp(backend));
  });
  afterAll(async () => t?.close());

  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, token, headers });

  describe('history download', () => {
    it('streams the employee’s rows as .xlsx: Italian headers, same rows as the JSON, typed cells', async () => {
      const response = await get(alice, `/api/get_storico_transazioni/utente?${RANGE}&download=true`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_MIME);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="movimenti_utente_2025-01-01_2025-04-30.xlsx"',
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const sheet = await readXlsx(response.rawPayload);
      expect(sheet.name).toBe('Movimenti');
      expect(sheet.header).toEqual(HEADERS);

      const page = json<{ results: Movement[] }>(
        await get(alice, `/api/get_storico_transazioni/utente?${RANGE}&page_size=500`),
      );
      expect(sheet.rows).toHaveLength(6);
      expect(sheet.rows).toEqual(
        page.results.map((r) => [
          r.kind,
          r.id_acquisto,
          r.stato_acquisto,
          r.oggetto,
          r.soggetto === '' ? null : r.soggetto,
          romeWallClock(r.created),
          money(r.AVERE),
          money(r.DARE),
        ]),
      );
      for (const row of sheet.rows) {
        expect(row[5]).toBeInstanceOf(Date);
        expect(typeof (row[6] ?? row[7])).toBe('number');
      }
      for (const formats of sheet.formats) {
        expect(formats[5]).toBe(DATETIME_FORMAT);
        expect(formats[6]).toBe(MONEY_FORMAT);
        expect(formats[7]).toBe(MONEY_FORMAT);
      }
      // 2025-01-31 23:30 UTC is shown as 01-02-2025 00:30:00 (Rome), 120.50 as the number 120.5.
      const buono = sheet.rows.find((r) => r[1] === fx.purchases.buono)!;
      expect(buono[5]).toEqual(new Date('2025-02-01T00:30:00Z'));
      expect(sheet.rows.find((r) => r[1] === fx.purchases.farmacia)![7]).toBe(120.5);
    });

    it('gives the company sheet an employee column, and follows the filters', async () => {
      const response = await get(
        rita,
        `/api/get_storico_transazioni/azienda?${RANGE}&search=verdi&download=true`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="movimenti_azienda_2025-01-01_2025-04-30.xlsx"',
      );
      const sheet = await readXlsx(response.rawPayload);
      expect(sheet.header).toEqual([...HEADERS, 'Dipendente']);
      expect(sheet.rows.map((r) => [r[8], r[6], r[7]])).toEqual([
        ['Bruno Verdi', null, 10],
        ['Bruno Verdi', null, 200],
        ['Bruno Verdi', 500, null],
      ]);
      const all = await readXlsx(
        (await get(rita, `/api/get_storico_transazioni/azienda?${RANGE}&download=true`)).rawPayload,
      );
      expect(all.rows).toHaveLength(9);
      expect(all.rows.find((r) => r[1] === fx.purchases.palestra && r[7] !== null)![4]).toBe('Alice Bianco');
    });

    it('walks a range larger than one batch in order, and the same rows as the pages', async () => {
      const acme = { 'act-for': String(await companyId('Acme S.p.A.')) };
      const query = 'date_start=2020-01-01';
      const page = json<{ count: number; results: Movement[] }>(
        await get(laura, `/api/get_storico_transazioni/azienda?${query}&page_size=500`, acme),
      );
      expect(page.count).toBeGreaterThan(2000);
      const sheet = await readXlsx(
        (await get(laura, `/api/get_storico_transazioni/azienda?${query}&download=true`, acme)).rawPayload,
      );
      expect(sheet.rows).toHaveLength(page.count);
      expect(sheet.rows.slice(0, 500).map((r) => [r[1], r[6], r[7], r[8]])).toEqual(
        page.results.map((r) => [r.id_acquisto, money(r.AVERE), money(r.DARE), r.dipendente]),
      );
      const times = sheet.rows.map((r) => (r[5] as Date).getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('escapes text that a spreadsheet would read as a formula, and nothing else', async () => {
      const user = await createTestUser(t.db);
      await addCredit(t.db, {
        userId: user.userId,
        amountCents: 100_000,
        fonte: 1,
        dataDecorrenza: '2025-01-01',
        dataScadenza: '2099-12-31',
        oggetto: 'Credito welfare',
        at: new Date('2025-05-01T08:00:00Z'),
      });
      const texts = [
        '=HYPERLINK("http://evil.example","clic")',
        '+39 02 1234567',
        '-2+3',
        '@SUM(A1:A2)',
        '\t=1+1',
        '\r=1+1',
        'Farmacia = centrale',
      ];
      for (const [i, text] of texts.entries()) {
        await debitPurchase(t.db, {
          userId: user.userId,
          kind: 1,
          amountCents: 100 + i,
          source: 'totale',
          oggetto: text,
          soggetto: text,
          at: new Date(`2025-05-02T0${i}:00:00Z`),
        });
      }
      const token = await t.login(user.email);
      const url = '/api/get_storico_transazioni/utente?date_start=2025-05-01&date_stop=2025-05-31';
      const page = json<{ results: Movement[] }>(await get(token, `${url}&page_size=10`));
      // The JSON keeps the texts as they are.
      expect(page.results.slice(0, 7).map((r) => r.oggetto)).toEqual([...texts].reverse());
      const sheet = await readXlsx((await get(token, `${url}&download=true`)).rawPayload);
      const cells = sheet.rows.slice(0, 7).map((r) => [r[3], r[4]]);
      // (XML turns a carriage return into a line feed when the file is read: the apostrophe stays.)
      expect(cells).toEqual(
        [...texts].reverse().map((text) => {
          const escaped = text === 'Farmacia = centrale' ? text : `'${text.replace('\r', '\n')}`;
          return [escaped, escaped];
        }),
      );
      expect(escapeCellText('Credito welfare')).toBe('Credito welfare');
      expect(escapeCellText('')).toBe('');
      // Amounts stay numbers (a negative number is not text to escape).
      expect(sheet.rows[0]![7]).toBe(1.06);
    });
  });

  async function companyId(nome: string): Promise<number> {
    return (
      await t.db
        .selectFrom('companies')
        .select('id_azienda')
        .where('nome', '=', nome)
        .executeTakeFirstOrThrow()
    ).id_azienda;
  }

  describe('export_wfbridge_fine_mese', () => {
    const url = (query: string) => `/api/export_wfbridge_fine_mese?${query}`;
    const today = romeDate();
    const earliest = `${addMonths(`${today.slice(0, 7)}-01`, -1)}`;

    it('requires both dates, each with the spec’s message', async () => {
      const none = await get(rita, url(''));
      expect(none.statusCode).toBe(400);
      expect(json(none)).toEqual({
        date_start: ['Inserire una data di inizio export'],
        date_end: ['Inserire una data di fine export'],
      });
      expect(json(await get(rita, url(`date_end=${today}`)))).toEqual({
        date_start: [messages.movExportStartRequired],
      });
      expect(json(await get(rita, url(`date_start=${today}&date_end=`)))).toEqual({
        date_end: [messages.movExportEndRequired],
      });
      expect(json(await get(rita, url('date_start=2025-02-30&date_end=oggi')))).toEqual({
        date_start: [messages.apiDateInvalid],
        date_end: [messages.apiDateInvalid],
      });
    });

    it('refuses a start after the end, and a range outside the previous month..today', async () => {
      const inverted = await get(rita, url(`date_start=${today}&date_end=${earliest}`));
      expect(inverted.statusCode).toBe(400);
      expect(json(inverted)).toEqual({ date_start: [messages.apiExportStartAfterEnd] });
      const early = await get(rita, url(`date_start=${addDays(earliest, -1)}&date_end=${today}`));
      expect(early.statusCode).toBe(400);
      expect(json(early)).toEqual({
        date_start: [formatMessage('apiExportStartTooEarly', { date: ddmmyyyy(earliest) })],
      });
      const late = await get(rita, url(`date_start=${earliest}&date_end=${addDays(today, 1)}`));
      expect(late.statusCode).toBe(400);
      expect(json(late)).toEqual({
        date_end: [formatMessage('apiExportEndInFuture', { date: ddmmyyyy(today) })],
      });
      const both = await get(rita, url(`date_start=2020-01-01&date_end=2099-01-01`));
      expect(Object.keys(json(both)).sort()).toEqual(['date_end', 'date_start']);
      expect((await get(alice, url(`date_start=${earliest}&date_end=${today}`))).statusCode).toBe(403);
    });

    it('exports the company’s movements of the range, oldest first, with the employees’ identity', async () => {
      const { companyId: paghe, ids } = await createCompany(t.db, 'Paghe Prova S.p.A.', [
        {
          email: 'ref@paghe.example.com',
          nome: 'Paola',
          cognome: 'Conti',
          codFisc: 'CNTPLA70A41F205A',
          profile: 'ref_aziendale',
        },
        { email: 'marco@paghe.example.com', nome: 'Marco', cognome: '=Ferri', codFisc: 'FRRMRC80A01F205B' },
      ]);
      const marco = ids['marco@paghe.example.com']!;
      const now = Date.now();
      // Three months ago (outside the range), two days ago and yesterday (inside).
      await addCredit(t.db, {
        userId: marco,
        amountCents: 10_000,
        fonte: 1,
        dataDecorrenza: addMonths(today, -4),
        dataScadenza: addMonths(today, 4),
        at: new Date(`${addMonths(today, -3)}T10:00:00Z`),
      });
      await addCredit(t.db, {
        userId: marco,
        amountCents: 20_000,
        fonte: 2,
        dataDecorrenza: addMonths(today, -4),
        dataScadenza: addMonths(today, 4),
        oggetto: 'Credito welfare',
        at: new Date(now - 2 * 86_400_000),
      });
      const { purchase } = await debitPurchase(t.db, {
        userId: marco,
        kind: 7,
        amountCents: 3_510,
        source: 'totale',
        oggetto: 'Versamento previdenza complementare',
        soggetto: 'Fondo Pensione Cometa',
        at: new Date(now - 86_400_000),
      });
      const ref = await t.login('ref@paghe.example.com');
      const response = await get(ref, url(`date_start=${earliest}&date_end=${today}`));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_MIME);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="transazioni_fine_mese_${paghe}_${earliest}_${today}.xlsx"`,
      );
      const sheet = await readXlsx(response.rawPayload);
      expect(sheet.name).toBe('Transazioni');
      expect(sheet.header).toEqual([
        'Codice fiscale',
        'Cognome',
        'Nome',
        'Data',
        'Tipo',
        'Id acquisto',
        'Stato',
        'Oggetto',
        'Soggetto',
        'Avere',
        'Dare',
      ]);
      expect(sheet.rows).toEqual([
        [
          'FRRMRC80A01F205B',
          "'=Ferri",
          'Marco',
          romeWallClock(new Date(now - 2 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z')),
          'Trasferimento credito',
          null,
          null,
          'Credito welfare',
          null,
          200,
          null,
        ],
        [
          'FRRMRC80A01F205B',
          "'=Ferri",
          'Marco',
          romeWallClock(new Date(now - 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z')),
          'Previdenza integrativa',
          purchase.id,
          'inserito',
          'Versamento previdenza complementare',
          'Fondo Pensione Cometa',
          null,
          35.1,
        ],
      ]);
      expect(sheet.formats[0]![3]).toBe(DATETIME_FORMAT);
      expect(sheet.formats[1]![10]).toBe(MONEY_FORMAT);
      // Another company's referent gets another company's rows.
      const acme = await readXlsx(
        (await get(laura, url(`date_start=${earliest}&date_end=${today}`))).rawPayload,
      );
      expect(acme.rows.some((r) => r[0] === 'FRRMRC80A01F205B')).toBe(false);
    });
  });

  describe('export_crediti_res_utenti and the company balances', () => {
    it('lists every employee by surname with today’s credit, art. 51 c.3 part and nearest expiry', async () => {
      const response = await get(rita, '/api/export_crediti_res_utenti');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="crediti_residui_${fx.companyId}_${romeDate()}.xlsx"`,
      );
      const sheet = await readXlsx(response.rawPayload);
      expect(sheet.name).toBe('Crediti residui');
      expect(sheet.header).toEqual([
        'Cognome',
        'Nome',
        'Codice fiscale',
        'Credito totale',
        'di cui art. 51 c.3',
        'Scadenza più vicina',
      ]);
      expect(sheet.rows).toEqual([
        ['Bianco', 'Alice', STORICO.alice.codFisc, 1099.5, 220, new Date('2030-06-30T00:00:00Z')],
        ['Neri', 'Rita', STORICO.referent.codFisc, 0, 0, null],
        ['Verdi', 'Bruno', STORICO.bruno.codFisc, 290, 0, new Date('2099-12-31T00:00:00Z')],
      ]);
      expect(sheet.formats[0]!.slice(3)).toEqual([MONEY_FORMAT, MONEY_FORMAT, DATE_FORMAT]);
    });

    it('counts every employee of a large company once, and refuses employees', async () => {
      const acme = await companyId('Acme S.p.A.');
      const sheet = await readXlsx((await get(laura, '/api/export_crediti_res_utenti')).rawPayload);
      const employees = await t.db.selectFrom('users').select('id').where('company_id', '=', acme).execute();
      expect(sheet.rows).toHaveLength(employees.length);
      const total = sheet.rows.reduce((s, r) => s + Math.round((r[3] as number) * 100), 0);
      const page = json<{ saldo_aziendale: string }>(
        await get(laura, '/api/get_storico_transazioni/azienda?page_size=10'),
      );
      expect((total / 100).toFixed(2)).toBe(page.saldo_aziendale);
      expect((await get(alice, '/api/export_crediti_res_utenti')).statusCode).toBe(403);
      const denied = await get(laura, '/api/export_crediti_res_utenti', { 'act-for': String(fx.companyId) });
      expect(denied.statusCode).toBe(403);
    });
  });
});
