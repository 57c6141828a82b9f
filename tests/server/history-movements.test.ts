/**
 * The movement history (spec 000 §2, §3, §7 get_storico_transazioni/{entity}): filters by days in
 * Rome and by text, paging, totals and monthly totals against the hand-computed fixture of
 * history-helpers.ts, the employee and the company views, the Act-For rules, and the demo seed.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { movementKindIds } from '../../config/movement-kinds';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { historySummary, summaryPlan } from '../../src/server/services/history';
import { addCredit } from '../../src/server/services/ledger';
import { backends, json, type TestApp } from './helpers';
import { createCompany, storicoApp, type StoricoFixture } from './history-helpers';

interface Movement {
  id: number;
  id_kind: number;
  kind: string;
  id_acquisto: number | null;
  stato_acquisto: string | null;
  oggetto: string;
  soggetto: string;
  created: string;
  AVERE: string | null;
  DARE: string | null;
  id_utente?: number;
  dipendente?: string;
}
interface Storico {
  date_start: string;
  date_stop: string;
  count: number;
  results: Movement[];
  totals: { AVERE: string; DARE: string };
  monthly: Array<{ month: string; AVERE: string; DARE: string }>;
  saldo_aziendale?: string;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);
const validStorico = ajv.getSchema('storico-transazioni')!;

const RANGE = 'date_start=2025-01-01&date_stop=2025-04-30';

describe.each(backends)('movement history (%s)', (backend) => {
  let t: TestApp;
  let fx: StoricoFixture;
  let rita: string;
  let alice: string;
  let laura: string;
  let mario: string;
  let companies: Record<string, number>;

  beforeAll(async () => {
    ({ t, fx, rita, alice, laura, mario } = await storicoApp(backend));
    companies = Object.fromEntries(
      (await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute()).map((c) => [
        c.nome,
        c.id_azienda,
      ]),
    );
  });
  afterAll(async () => t?.close());

  const call = (token: string, entity: string, query = '', headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/get_storico_transazioni/${entity}?${query}`, token, headers });
  const storico = async (token: string, entity: string, query = '', headers: Record<string, string> = {}) => {
    const response = await call(token, entity, query, headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<Storico>(response);
    expect(validStorico(body), JSON.stringify(validStorico.errors)).toBe(true);
    return body;
  };

  describe('figures (hand-computed fixture)', () => {
    it('gives the company its 9 movements, the monthly totals in Rome and the totals', async () => {
      const page = await storico(rita, 'azienda', `${RANGE}&page_size=10`);
      expect(page.date_start).toBe('2025-01-01');
      expect(page.date_stop).toBe('2025-04-30');
      expect(page.count).toBe(9);
      expect(page.results).toHaveLength(9);
      expect(page.totals).toEqual({ AVERE: '1845.25', DARE: '455.75' });
      expect(page.monthly).toEqual([
        { month: '2025-01', AVERE: '1300.00', DARE: '120.50' },
        { month: '2025-02', AVERE: '500.00', DARE: '80.00' },
        { month: '2025-03', AVERE: '45.25', DARE: '245.25' },
        { month: '2025-04', AVERE: '0.00', DARE: '10.00' },
      ]);
      expect(page.saldo_aziendale).toBe('1389.50');
    });

    it('lists the rows newest first with kind labels, purchase states and one side of the amount', async () => {
      const page = await storico(rita, 'azienda', `${RANGE}&page_size=10`);
      const times = page.results.map((r) => Date.parse(r.created));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(page.results[0]).toEqual({
        id: expect.any(Number),
        id_kind: 8,
        kind: 'Assistenza sanitaria integrativa',
        id_acquisto: fx.purchases.sanitaria,
        stato_acquisto: 'inserito',
        oggetto: 'Piano sanitario integrativo',
        soggetto: 'Cassa Assistenza',
        created: '2025-03-31T22:00:00.000Z',
        AVERE: null,
        DARE: '10.00',
        id_utente: fx.brunoId,
        dipendente: 'Bruno Verdi',
      });
      for (const r of page.results) expect((r.AVERE === null) !== (r.DARE === null)).toBe(true);
      // The rejected purchase: its DARE row (no soggetto: the employee is shown) and its refund.
      const palestra = page.results.filter((r) => r.id_acquisto === fx.purchases.palestra);
      expect(palestra.map((r) => [r.stato_acquisto, r.AVERE, r.DARE, r.soggetto])).toEqual([
        ['rifiutato', '45.25', null, 'Documentazione non conforme'],
        ['rifiutato', null, '45.25', 'Alice Bianco'],
      ]);
      const loads = page.results.filter((r) => r.id_kind === 10);
      expect(loads.map((r) => [r.kind, r.id_acquisto, r.stato_acquisto, r.AVERE])).toEqual([
        ['Trasferimento credito', null, null, '500.00'],
        ['Trasferimento credito', null, null, '300.00'],
        ['Trasferimento credito', null, null, '1000.00'],
      ]);
    });

    it('shows the employee only their own movements, without company fields', async () => {
      const page = await storico(alice, 'utente', `${RANGE}&page_size=10`);
      expect(page.count).toBe(6);
      expect(page.totals).toEqual({ AVERE: '1345.25', DARE: '245.75' });
      expect(page.monthly).toEqual([
        { month: '2025-01', AVERE: '1300.00', DARE: '120.50' },
        { month: '2025-02', AVERE: '0.00', DARE: '80.00' },
        { month: '2025-03', AVERE: '45.25', DARE: '45.25' },
        { month: '2025-04', AVERE: '0.00', DARE: '0.00' },
      ]);
      expect(page.saldo_aziendale).toBeUndefined();
      for (const r of page.results) {
        expect(r).not.toHaveProperty('id_utente');
        expect(r).not.toHaveProperty('dipendente');
      }
      // The empty soggetto stays empty for the employee (the portal shows its own placeholder).
      expect(page.results.find((r) => r.id_acquisto === fx.purchases.palestra && r.DARE)?.soggetto).toBe('');
      // The referent of the company has no movements of her own.
      const own = await storico(rita, 'utente', RANGE);
      expect(own.count).toBe(0);
      expect(own.results).toEqual([]);
      expect(own.totals).toEqual({ AVERE: '0.00', DARE: '0.00' });
      expect(own.monthly.map((m) => m.month)).toEqual(['2025-01', '2025-02', '2025-03', '2025-04']);
    });

    it('takes both days whole, in Rome: the edges of February and March', async () => {
      const page = await storico(rita, 'azienda', 'date_start=2025-02-01&date_stop=2025-03-31');
      expect(page.count).toBe(5);
      expect(page.totals).toEqual({ AVERE: '545.25', DARE: '325.25' });
      expect(page.monthly).toEqual([
        { month: '2025-02', AVERE: '500.00', DARE: '80.00' },
        { month: '2025-03', AVERE: '45.25', DARE: '245.25' },
      ]);
      const ids = page.results.map((r) => r.id_acquisto);
      expect(ids).toContain(fx.purchases.buono); // 2025-01-31 23:30 UTC is 1 February in Rome
      expect(ids).toContain(fx.purchases.previdenza); // 23:59:59 on 31 March in Rome
      expect(ids).not.toContain(fx.purchases.farmacia); // 23:30 on 31 January in Rome
      expect(ids).not.toContain(fx.purchases.sanitaria); // 00:00 on 1 April in Rome

      const oneDay = await storico(rita, 'azienda', 'date_start=2025-04-01&date_stop=2025-04-01');
      expect(oneDay.results.map((r) => r.id_acquisto)).toEqual([fx.purchases.sanitaria]);
      expect(oneDay.monthly).toEqual([{ month: '2025-04', AVERE: '0.00', DARE: '10.00' }]);
    });

    it('searches oggetto and soggetto without case, pattern characters taken literally', async () => {
      const sconto = await storico(rita, 'azienda', `${RANGE}&search=SCONTO%20100%25`);
      expect(sconto.count).toBe(2);
      expect(sconto.totals).toEqual({ AVERE: '45.25', DARE: '45.25' });
      expect(sconto.monthly.find((m) => m.month === '2025-03')).toEqual({
        month: '2025-03',
        AVERE: '45.25',
        DARE: '45.25',
      });
      const farmacia = await storico(alice, 'utente', `${RANGE}&search=farmacia`);
      expect(farmacia.results.map((r) => r.id_acquisto)).toEqual([fx.purchases.farmacia]);
      expect(farmacia.totals).toEqual({ AVERE: '0.00', DARE: '120.50' });
      // '_' and '%' are not wildcards.
      expect((await storico(rita, 'azienda', `${RANGE}&search=_`)).count).toBe(0);
      expect((await storico(rita, 'azienda', `${RANGE}&search=%25`)).count).toBe(2);
      // Blank search = no search.
      expect((await storico(rita, 'azienda', `${RANGE}&search=%20%20`)).count).toBe(9);
    });

    it('finds a company’s movements by employee name, and only those', async () => {
      const bruno = await storico(rita, 'azienda', `${RANGE}&search=verdi`);
      expect(bruno.count).toBe(3);
      expect(new Set(bruno.results.map((r) => r.dipendente))).toEqual(new Set(['Bruno Verdi']));
      expect(bruno.totals).toEqual({ AVERE: '500.00', DARE: '210.00' });
      expect((await storico(rita, 'azienda', `${RANGE}&search=verdi%20bruno`)).count).toBe(3);
      // The employee view searches the movement only.
      expect((await storico(alice, 'utente', `${RANGE}&search=bianco`)).count).toBe(0);
    });
  });

  describe('paging', () => {
    it('pages a large company newest first, without overlaps, with the same count and totals', async () => {
      const acme = { 'act-for': String(companies['Acme S.p.A.']) };
      const first = await storico(laura, 'azienda', 'page_size=10', acme);
      const second = await storico(laura, 'azienda', 'page_size=10&page=2', acme);
      const both = await storico(laura, 'azienda', 'page_size=25', acme);
      expect(first.count).toBeGreaterThan(3000);
      expect(second.count).toBe(first.count);
      expect(second.totals).toEqual(first.totals);
      expect(both.results.slice(0, 20)).toEqual([...first.results, ...second.results]);
      const times = both.results.map((r) => Date.parse(r.created));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const last = Math.ceil(first.count / 500);
      const tail = await storico(laura, 'azienda', `page_size=500&page=${last}`, acme);
      expect(tail.results).toHaveLength(first.count - (last - 1) * 500);
      const beyond = await storico(laura, 'azienda', `page_size=500&page=${last + 1}`, acme);
      expect(beyond.results).toEqual([]);
      expect(beyond.count).toBe(first.count);
      // A page past the middle is read from the oldest end: the same rows as the larger page holding them.
      for (const deep of [Math.floor(first.count / 10) - 2, Math.ceil(first.count / 10)]) {
        const offset = (deep - 1) * 10;
        const small = await storico(laura, 'azienda', `page_size=10&page=${deep}`, acme);
        const big = await storico(
          laura,
          'azienda',
          `page_size=100&page=${Math.floor(offset / 100) + 1}`,
          acme,
        );
        const from = offset % 100;
        expect(small.results).toEqual(big.results.slice(from, from + 10));
        expect(small.results.length).toBe(Math.min(10, first.count - offset));
      }
    });

    it('agrees with the database on count and totals for the default range', async () => {
      const acme = companies['Acme S.p.A.']!;
      const page = await storico(laura, 'azienda', '', { 'act-for': String(acme) });
      const today = romeDate();
      expect(page.date_stop).toBe(today);
      expect(page.date_start).toBe(`${addMonths(today, -11).slice(0, 7)}-01`);
      expect(page.results).toHaveLength(25);
      expect(page.monthly).toHaveLength(12);
      const rows = await t.db
        .selectFrom('movements as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.verso', 'm.importo', 'm.created', 'u.company_id'])
        .where('m.company_id', '=', acme)
        .execute();
      const romeDay = (d: Date) => romeDate(d);
      const inRange = rows.filter(
        (r) => romeDay(r.created) >= page.date_start && romeDay(r.created) <= today,
      );
      expect(page.count).toBe(inRange.length);
      const sum = (verso: string) =>
        inRange.filter((r) => r.verso === verso).reduce((total, r) => total + r.importo, 0);
      expect(page.totals).toEqual({
        AVERE: (sum('AVERE') / 100).toFixed(2),
        DARE: (sum('DARE') / 100).toFixed(2),
      });
      // Every movement belongs to a current employee of the company (filled on insert).
      expect(rows.every((r) => r.company_id === acme)).toBe(true);
    });
  });

  describe('stored monthly totals', () => {
    /** Count, totals and months of the company's movements in [start, stop], from the rows themselves. */
    async function reference(companyId: number, start: string, stop: string) {
      const rows = (
        await t.db
          .selectFrom('movements')
          .select(['verso', 'importo', 'created'])
          .where('company_id', '=', companyId)
          .execute()
      ).filter((r) => romeDate(r.created) >= start && romeDate(r.created) <= stop);
      const cents = (list: typeof rows, verso: string) =>
        (list.filter((r) => r.verso === verso).reduce((total, r) => total + r.importo, 0) / 100).toFixed(2);
      const months: string[] = [];
      for (let m = `${start.slice(0, 7)}-01`; m <= stop; m = addMonths(m, 1)) months.push(m.slice(0, 7));
      return {
        count: rows.length,
        totals: { AVERE: cents(rows, 'AVERE'), DARE: cents(rows, 'DARE') },
        monthly: months.map((month) => {
          const of = rows.filter((r) => romeDate(r.created).startsWith(month));
          return { month, AVERE: cents(of, 'AVERE'), DARE: cents(of, 'DARE') };
        }),
      };
    }

    it('agree with the movements for ranges that cut months anywhere, and follow new movements', async () => {
      const acme = companies['Acme S.p.A.']!;
      const headers = { 'act-for': String(acme) };
      const today = romeDate();
      const ranges: Array<[string, string]> = [
        // Edge months mostly inside (stored total minus the days outside) and mostly outside (the days).
        [
          addDays(`${addMonths(today, -8).slice(0, 7)}-01`, 3),
          addDays(`${addMonths(today, -2).slice(0, 7)}-01`, 25),
        ],
        [
          addDays(`${addMonths(today, -8).slice(0, 7)}-01`, 24),
          addDays(`${addMonths(today, -2).slice(0, 7)}-01`, 4),
        ],
        // Both edges in one month, a single day, and whole months.
        [
          addDays(`${addMonths(today, -5).slice(0, 7)}-01`, 2),
          addDays(`${addMonths(today, -5).slice(0, 7)}-01`, 26),
        ],
        [addMonths(today, -4), addMonths(today, -4)],
        [`${addMonths(today, -6).slice(0, 7)}-01`, addDays(`${addMonths(today, -3).slice(0, 7)}-01`, -1)],
        [addMonths(today, -11), today],
      ];
      const check = async () => {
        for (const [start, stop] of ranges) {
          const page = await storico(laura, 'azienda', `date_start=${start}&date_stop=${stop}`, headers);
          const { count, totals, monthly } = await reference(acme, start, stop);
          expect(
            { count: page.count, totals: page.totals, monthly: page.monthly },
            `${start} ${stop}`,
          ).toEqual({
            count,
            totals,
            monthly,
          });
        }
      };
      await check();
    });

    it('follow new movements, at month ends in Rome too, for the company and the employee', async () => {
      const { companyId, ids } = await createCompany(t.db, 'Totali Prova S.r.l.', [
        {
          email: 'tina.rossa@totali.example.com',
          nome: 'Tina',
          cognome: 'Rossa',
          codFisc: 'RSSTNI80A41F205X',
        },
      ]);
      const userId = ids['tina.rossa@totali.example.com']!;
      const today = romeDate();
      const start = `${addMonths(today, -6).slice(0, 7)}-01`;
      const summary = async (from: string, to: string) => ({
        azienda: await historySummary(
          t.db,
          { entity: 'azienda', companyId },
          { dateStart: from, dateStop: to },
        ),
        utente: await historySummary(t.db, { entity: 'utente', userId }, { dateStart: from, dateStop: to }),
      });
      const before = await summary(start, today);
      expect(before.azienda.count).toBe(0);
      // Loads at month ends late in the evening (22:30 UTC: the same day or the next one in Rome).
      let total = 0;
      for (let k = 1; k <= 5; k++) {
        const at = new Date(`${addDays(`${addMonths(today, -k).slice(0, 7)}-01`, -1)}T22:30:00Z`);
        const day = romeDate(at);
        await addCredit(t.db, {
          userId,
          amountCents: 100 * k,
          fonte: 1,
          dataDecorrenza: day,
          dataScadenza: addDays(day, 400),
          at,
        });
        total += 100 * k;
      }
      const after = await summary(start, today);
      for (const view of [after.azienda, after.utente]) {
        expect(view.count).toBe(5);
        expect(view.totals).toEqual({ AVERE: (total / 100).toFixed(2), DARE: '0.00' });
      }
      // Every range, cut anywhere, agrees with the rows.
      for (let from = start; from <= today; from = addDays(from, 9)) {
        for (const to of [addDays(from, 3), addDays(from, 20), addDays(from, 47), today]) {
          if (to > today) continue;
          const rows = (
            await t.db
              .selectFrom('movements')
              .select(['importo', 'created'])
              .where('user_id', '=', userId)
              .execute()
          ).filter((r) => romeDate(r.created) >= from && romeDate(r.created) <= to);
          const got = await summary(from, to);
          expect(got.azienda.count, `${from} ${to}`).toBe(rows.length);
          expect(got.utente.count, `${from} ${to}`).toBe(rows.length);
          const monthly = (view: typeof got.azienda) =>
            Object.fromEntries(view.monthly.map((m) => [m.month, m.AVERE]));
          const expected: Record<string, string> = {};
          for (const m of got.azienda.monthly) {
            const cents = rows
              .filter((r) => romeDate(r.created).startsWith(m.month))
              .reduce((sum, r) => sum + r.importo, 0);
            expected[m.month] = (cents / 100).toFixed(2);
          }
          expect(monthly(got.azienda), `${from} ${to}`).toEqual(expected);
          expect(monthly(got.utente), `${from} ${to}`).toEqual(expected);
        }
      }
    });

    it('sums whole months from the totals and reads at most half of each edge month', () => {
      expect(summaryPlan({ dateStart: '2025-01-01', dateStop: '2025-03-31' })).toEqual({
        wholeMonths: ['2025-01-01', '2025-02-01', '2025-03-01'],
        pieces: [],
      });
      expect(summaryPlan({ dateStart: '2025-01-05', dateStop: '2025-03-10' })).toEqual({
        wholeMonths: ['2025-01-01', '2025-02-01'],
        pieces: [
          { month: '2025-01-01', sign: -1, from: '2025-01-01', to: '2025-01-05' },
          { month: '2025-03-01', sign: 1, from: '2025-03-01', to: '2025-03-11' },
        ],
      });
      expect(summaryPlan({ dateStart: '2025-02-20', dateStop: '2025-02-22' })).toEqual({
        wholeMonths: [],
        pieces: [{ month: '2025-02-01', sign: 1, from: '2025-02-20', to: '2025-02-23' }],
      });
    });
  });

  describe('who sees what', () => {
    it('acts for the Act-For company: laura sees Acme Servizi alone when she asks for it', async () => {
      const servizi = companies['Acme Servizi S.r.l.']!;
      const page = await storico(laura, 'azienda', 'page_size=500', { 'act-for': String(servizi) });
      const employees = new Set(
        (await t.db.selectFrom('users').select('id').where('company_id', '=', servizi).execute()).map(
          (u) => u.id,
        ),
      );
      expect(page.results.length).toBeGreaterThan(0);
      for (const r of page.results) expect(employees.has(r.id_utente!)).toBe(true);
      const acme = await storico(laura, 'azienda', 'page_size=10');
      // Without Act-For: the session's default, her own company (Acme S.p.A.).
      expect(acme.count).toBeGreaterThan(page.count);
      expect(acme.saldo_aziendale).not.toBe(page.saldo_aziendale);
    });

    it('refuses a company the referent does not manage, and a referent of another company', async () => {
      const denied = await call(laura, 'azienda', RANGE, { 'act-for': String(fx.companyId) });
      expect(denied.statusCode).toBe(403);
      expect(json(denied)).toEqual({ detail: messages.apiActForForbidden });
      const other = await call(rita, 'azienda', RANGE, { 'act-for': String(companies['Acme S.p.A.']) });
      expect(other.statusCode).toBe(403);
      expect(json(other)).toEqual({ detail: messages.apiActForForbidden });
    });

    it('refuses the company history to an employee (403), with or without Act-For', async () => {
      const plain = await call(alice, 'azienda', RANGE);
      expect(plain.statusCode).toBe(403);
      expect(json(plain)).toEqual({ detail: messages.apiForbidden });
      const acting = await call(mario, 'azienda', '', { 'act-for': String(companies['Acme S.p.A.']) });
      expect(acting.statusCode).toBe(403);
      expect((await call(alice, 'azienda', `${RANGE}&download=true`)).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'GET', url: '/api/get_storico_transazioni/utente' })).statusCode,
      ).toBe(401);
      expect((await call(alice, 'tutti')).statusCode).toBe(404);
    });
  });

  describe('validation', () => {
    it('refuses a start after the stop on date_start, and malformed values on their field', async () => {
      const inverted = await call(alice, 'utente', 'date_start=2025-03-02&date_stop=2025-03-01');
      expect(inverted.statusCode).toBe(400);
      expect(json(inverted)).toEqual({ date_start: [messages.movDateStartAfterStop] });
      const future = await call(alice, 'utente', 'date_start=2099-01-01');
      expect(json(future)).toEqual({ date_start: [messages.movDateStartAfterStop] });
      for (const [query, field] of [
        ['date_start=2025-02-30', 'date_start'],
        ['date_stop=31-03-2025', 'date_stop'],
        ['page_size=20', 'page_size'],
        ['page=0', 'page'],
        [`search=${'x'.repeat(101)}`, 'search'],
        ['download=forse', 'download'],
        ['ordine=asc', 'ordine'],
        ['date_start=0000-01-01', 'date_start'],
        ['date_stop=2100-01-01', 'date_stop'],
        ['search=a%00b', 'search'],
      ] as const) {
        const response = await call(alice, 'utente', query);
        expect(response.statusCode, query).toBe(400);
        expect(Object.keys(json(response)), query).toEqual([field]);
      }
      // Odd but harmless values answer normally.
      for (const query of [
        'search=%5C',
        'search=%5C%25',
        'search=caff%C3%A8%20%F0%9F%92%A5',
        "search='%3B%20DROP%20TABLE%20movements%3B--",
        'date_start=1900-01-01&date_stop=2099-12-31',
      ]) {
        const response = await call(alice, 'utente', query);
        expect(response.statusCode, query).toBe(200);
      }
      // The same day on both ends is a valid range.
      expect((await call(alice, 'utente', 'date_start=2025-01-10&date_stop=2025-01-10')).statusCode).toBe(
        200,
      );
    });
  });

  describe('demo seed', () => {
    it('gives mario a year of movements of every kind 1-14, balances matching the ledger', async () => {
      const today = romeDate();
      const page = await storico(mario, 'utente', `date_start=${addMonths(today, -24)}&page_size=100`);
      expect(new Set(page.results.map((r) => r.id_kind))).toEqual(new Set(movementKindIds));
      const avere = page.results.reduce((s, r) => s + (r.AVERE ? Math.round(Number(r.AVERE) * 100) : 0), 0);
      const dare = page.results.reduce((s, r) => s + (r.DARE ? Math.round(Number(r.DARE) * 100) : 0), 0);
      expect(page.count).toBe(page.results.length);
      expect(page.totals).toEqual({ AVERE: (avere / 100).toFixed(2), DARE: (dare / 100).toFixed(2) });
      // Loads 3500.00 + the refund 75.00, purchases 2025.00: AVERE - DARE = the lines' spendable (1550.00,
      // of which 50.00 on the expired line).
      expect(page.totals).toEqual({ AVERE: '3575.00', DARE: '2025.00' });
    });

    it('keeps every user’s movements equal to their lines (AVERE - DARE = spendable)', async () => {
      const movements = await t.db.selectFrom('movements').select(['user_id', 'verso', 'importo']).execute();
      const lines = await t.db.selectFrom('credit_lines').select(['user_id', 'credito_spendibile']).execute();
      const net = new Map<number, number>();
      for (const m of movements)
        net.set(m.user_id, (net.get(m.user_id) ?? 0) + (m.verso === 'AVERE' ? m.importo : -m.importo));
      const spendable = new Map<number, number>();
      for (const l of lines) spendable.set(l.user_id, (spendable.get(l.user_id) ?? 0) + l.credito_spendibile);
      expect(net.size).toBeGreaterThan(350);
      for (const [user, value] of net) expect(value, `utente ${user}`).toBe(spendable.get(user) ?? 0);
    });
  });
});
