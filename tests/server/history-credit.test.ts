/**
 * The movement page's other calls (spec 000 §2, §3, §6, §7, §9): the credit lines (crediti_lista), the
 * cancelled purchases (acquisti_annullati) after an operator's rejection, the advances account
 * (get_status_conto_anticipi), the company of every movement, and their OpenAPI entries.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { runAdmin } from '../../src/server/admin';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import { addAdvance, advancesBalance } from '../../src/server/services/advances';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { addCredit, debitPurchase, rejectPurchase } from '../../src/server/services/ledger';
import { backends, createTestUser, json, type TestApp } from './helpers';
import { storicoApp, type StoricoFixture } from './history-helpers';

interface CreditLine {
  id: number;
  data_decorrenza: string;
  data_scadenza: string;
  fonte: { id: number; nome: string };
  stato: 'attiva' | 'scaduta' | 'futura';
  credito_iniziale: string;
  credito_spendibile: string;
  credito_contabile: string;
  is_art51c3: boolean;
}
interface Cancelled {
  count: number;
  results: Array<{ kind: number; id: number; oggetto: string; created: string; importo_unitario: string }>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const schema of loadApiSchemas()) ajv.addSchema(schema);
const validLine = ajv.getSchema('linea-credito')!;
const validCancelled = ajv.getSchema('acquisti-annullati')!;
const validAnticipi = ajv.getSchema('conto-anticipi')!;

const cents = (value: string) => Math.round(Number(value) * 100);

describe.each(backends)('credit lines, cancelled purchases, advances (%s)', (backend) => {
  let t: TestApp;
  let fx: StoricoFixture;
  let mario: string;
  let laura: string;
  let rita: string;
  let alice: string;

  beforeAll(async () => {
    ({ t, fx, mario, laura, rita, alice } = await storicoApp(backend));
  });
  afterAll(async () => t?.close());

  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, token, headers });
  const cancelled = async (token: string, query = '') => {
    const response = await get(token, `/api/acquisti_annullati?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<Cancelled>(response);
    expect(validCancelled(body), JSON.stringify(validCancelled.errors)).toBe(true);
    return body;
  };

  describe('crediti_lista', () => {
    it('gives mario his four lines: 1500.00 spendable today, of which 800.00 art. 51 c.3, the expired one 0.00', async () => {
      const response = await get(mario, '/api/crediti_lista');
      expect(response.statusCode).toBe(200);
      const lines = json<CreditLine[]>(response);
      for (const line of lines) expect(validLine(line), JSON.stringify(validLine.errors)).toBe(true);
      expect(lines).toHaveLength(4);
      const today = romeDate();
      const valid = lines.filter((l) => l.data_decorrenza <= today && l.data_scadenza >= today);
      expect(valid).toHaveLength(3);
      expect(valid.map((l) => l.stato)).toEqual(['attiva', 'attiva', 'attiva']);
      // The whole spendable column adds up to the balance: the expired line adds nothing.
      expect(lines.reduce((s, l) => s + cents(l.credito_spendibile), 0)).toBe(150_000);
      expect(lines.filter((l) => l.is_art51c3).reduce((s, l) => s + cents(l.credito_spendibile), 0)).toBe(
        80_000,
      );
      // The same figures as the balance call.
      const crediti = json<{ crediti: { totale: string; art51c3: string } }>(
        await get(mario, '/api/get_user_credit_info'),
      ).crediti;
      expect([crediti.totale, crediti.art51c3]).toEqual(['1500.00', '800.00']);
      // Latest first; the expired line of last year says so, with its unused 50.00 no longer spendable
      // (still accounted: it was never paid out).
      expect(lines.map((l) => l.data_decorrenza)).toEqual(
        [...lines.map((l) => l.data_decorrenza)].sort().reverse(),
      );
      const expired = lines.at(-1)!;
      expect(expired.data_scadenza < today).toBe(true);
      expect(expired).toMatchObject({
        fonte: { id: 2, nome: 'Welfare puro da regolamento aziendale' },
        stato: 'scaduta',
        credito_iniziale: '300.00',
        credito_spendibile: '0.00',
        credito_contabile: '50.00',
        is_art51c3: false,
      });
      const art = lines.find((l) => l.is_art51c3)!;
      expect(art).toMatchObject({
        fonte: { id: 7, nome: 'Indicazione art. 51 c.3' },
        credito_iniziale: '1200.00',
        credito_spendibile: '800.00',
      });
      // Accounted >= spendable: requested but not yet paid is still on the line (and an expired line's
      // unused credit).
      for (const l of lines)
        expect(cents(l.credito_contabile)).toBeGreaterThanOrEqual(cents(l.credito_spendibile));
    });

    it('shows a line spendable only from its start through its expiry (Rome days), as the balance counts it', async () => {
      const user = await createTestUser(t.db);
      const today = romeDate();
      const shift = (days: number) => addDays(today, days);
      const yesterday = shift(-1);
      const tomorrow = shift(1);
      const line = (amountCents: number, dataDecorrenza: string, dataScadenza: string, rif: string) =>
        addCredit(t.db, {
          userId: user.userId,
          amountCents,
          fonte: 1,
          dataDecorrenza,
          dataScadenza,
          rifEsterno: rif,
          at: new Date(),
        });
      await line(10_000, shift(-30), yesterday, 'exp-yesterday');
      await line(20_000, shift(-30), today, 'exp-today');
      await line(40_000, tomorrow, shift(30), 'starts-tomorrow');
      const token = await t.login(user.email);
      const lines = json<CreditLine[]>(await get(token, '/api/crediti_lista'));
      for (const l of lines) expect(validLine(l), JSON.stringify(validLine.errors)).toBe(true);
      expect(lines.map((l) => [l.data_scadenza, l.stato, l.credito_iniziale, l.credito_spendibile])).toEqual([
        [shift(30), 'futura', '400.00', '0.00'],
        // Same start: the later line first.
        [today, 'attiva', '200.00', '200.00'],
        [yesterday, 'scaduta', '100.00', '0.00'],
      ]);
      const crediti = json<{ crediti: { totale: string } }>(
        await get(token, '/api/get_user_credit_info'),
      ).crediti;
      expect(crediti.totale).toBe('200.00');
      expect(lines.reduce((s, l) => s + cents(l.credito_spendibile), 0)).toBe(cents(crediti.totale));
    });

    it('gives each user only their own lines', async () => {
      const lines = json<CreditLine[]>(await get(alice, '/api/crediti_lista'));
      expect(
        lines.map((l) => [l.fonte.id, l.credito_iniziale, l.credito_spendibile, l.data_scadenza]),
      ).toEqual([
        // Same start: the later line first.
        [7, '300.00', '220.00', '2030-06-30'],
        [1, '1000.00', '879.50', '2099-12-31'],
      ]);
      expect(json<CreditLine[]>(await get(rita, '/api/crediti_lista'))).toEqual([]);
      expect((await t.request({ method: 'GET', url: '/api/crediti_lista' })).statusCode).toBe(401);
    });
  });

  describe('acquisti_annullati', () => {
    it('lists the rejected purchases, and one more after an operator rejects a request', async () => {
      const before = await cancelled(mario);
      expect(before.count).toBe(1);
      expect(before.results).toEqual([
        {
          kind: 6,
          id: expect.any(Number),
          oggetto: 'Abbonamento palestra',
          created: expect.any(String),
          importo_unitario: '75.00',
        },
      ]);
      const libri = await t.db
        .selectFrom('purchases')
        .select(['id', 'created'])
        .where('idempotency_key', '=', 'seed-mario-p14')
        .executeTakeFirstOrThrow();
      const out: string[] = [];
      const code = await runAdmin(['reject', String(libri.id), '--motivo', 'Ricevuta mancante'], {
        db: t.db,
        out: (l) => out.push(l),
        err: (l) => out.push(l),
      });
      expect(code, out.join('\n')).toBe(0);
      const after = await cancelled(mario);
      expect(after.count).toBe(2);
      expect(after.results[0]).toEqual({
        kind: 1,
        id: libri.id,
        oggetto: 'Libri scolastici',
        created: libri.created.toISOString(),
        importo_unitario: '130.00',
      });
      expect(after.results[1]!.oggetto).toBe('Abbonamento palestra');
      // The credit came back: 1630.00 today, and the history shows the refund.
      const crediti = json<{ crediti: { totale: string } }>(
        await get(mario, '/api/get_user_credit_info'),
      ).crediti;
      expect(crediti.totale).toBe('1630.00');
      const page = json<{
        results: Array<{ id_acquisto: number; AVERE: string | null; stato_acquisto: string }>;
      }>(await get(mario, '/api/get_storico_transazioni/utente?page_size=10'));
      const refund = page.results.find((r) => r.id_acquisto === libri.id && r.AVERE !== null);
      expect(refund).toMatchObject({ AVERE: '130.00', stato_acquisto: 'rifiutato' });
      expect((await cancelled(alice)).results.map((r) => r.id)).toEqual([fx.purchases.palestra]);
      expect((await cancelled(laura)).count).toBe(0);
    });

    it('pages by 10 by default, the latest first, with the sizes of the spec only', async () => {
      const user = await createTestUser(t.db);
      await addCredit(t.db, {
        userId: user.userId,
        amountCents: 100_000,
        fonte: 1,
        dataDecorrenza: '2025-01-01',
        dataScadenza: '2099-12-31',
        at: new Date('2025-01-01T08:00:00Z'),
      });
      const ids: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const { purchase } = await debitPurchase(t.db, {
          userId: user.userId,
          kind: 1 + (i % 9),
          amountCents: 1_000 + i,
          source: 'totale',
          oggetto: `Richiesta ${i}`,
          at: new Date(Date.UTC(2025, 1, i, 9)),
        });
        // One request in four stays valid.
        if (i % 4 !== 0) await rejectPurchase(t.db, purchase.id, { at: new Date(Date.UTC(2025, 2, i, 9)) });
        if (i % 4 !== 0) ids.unshift(purchase.id);
      }
      const token = await t.login(user.email);
      const first = await cancelled(token);
      expect(first.count).toBe(9);
      expect(first.results.map((r) => r.id)).toEqual(ids);
      expect(first.results[0]).toEqual({
        kind: 3,
        id: ids[0],
        oggetto: 'Richiesta 11',
        created: '2025-02-11T09:00:00.000Z',
        importo_unitario: '10.11',
      });
      const more = await createTestUser(t.db);
      expect((await cancelled(await t.login(more.email))).count).toBe(0);
      // Paging: 10 by default; here, with 9, the second page of 5 would need page_size=5 (not allowed).
      for (const size of [10, 25, 50, 100, 500]) {
        const page = await cancelled(token, `page_size=${size}`);
        expect(page.results).toHaveLength(9);
      }
      expect((await cancelled(token, 'page=2')).results).toEqual([]);
      expect((await cancelled(token, 'page=2')).count).toBe(9);
      for (const query of ['page_size=5', 'page_size=20', 'page=0', 'extra=1']) {
        const response = await get(token, `/api/acquisti_annullati?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
    });

    it('splits a longer list into pages of 10 without overlaps', async () => {
      const user = await createTestUser(t.db);
      await addCredit(t.db, {
        userId: user.userId,
        amountCents: 100_000,
        fonte: 1,
        dataDecorrenza: '2025-01-01',
        dataScadenza: '2099-12-31',
        at: new Date('2025-01-01T08:00:00Z'),
      });
      for (let i = 1; i <= 13; i++) {
        const { purchase } = await debitPurchase(t.db, {
          userId: user.userId,
          kind: 5,
          amountCents: 500,
          source: 'totale',
          at: new Date(Date.UTC(2025, 3, i, 9)),
        });
        await rejectPurchase(t.db, purchase.id);
      }
      const token = await t.login(user.email);
      const first = await cancelled(token);
      const second = await cancelled(token, 'page=2');
      expect([first.count, first.results.length, second.results.length]).toEqual([13, 10, 3]);
      const all = await cancelled(token, 'page_size=25');
      expect([...first.results, ...second.results]).toEqual(all.results);
      const times = all.results.map((r) => Date.parse(r.created));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });
  });

  describe('get_status_conto_anticipi', () => {
    it('answers the Act-For company’s balance: paid in minus drawn', async () => {
      await addAdvance(t.db, {
        companyId: fx.companyId,
        verso: 'AVERE',
        amountCents: 100_000,
        rifEsterno: 'b-1',
      });
      await addAdvance(t.db, {
        companyId: fx.companyId,
        verso: 'DARE',
        amountCents: 25_050,
        causale: 'Prelievo',
      });
      await addAdvance(t.db, { companyId: fx.companyId, verso: 'DARE', amountCents: 10_000 });
      // The same natural key twice is one payment.
      expect(
        await addAdvance(t.db, {
          companyId: fx.companyId,
          verso: 'AVERE',
          amountCents: 100_000,
          rifEsterno: 'b-1',
        }),
      ).toBe(false);
      const response = await get(rita, '/api/get_status_conto_anticipi');
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(validAnticipi(body)).toBe(true);
      expect(body).toEqual({ saldo_anticipi: '649.50' });
      await addAdvance(t.db, { companyId: fx.companyId, verso: 'DARE', amountCents: 100_000 });
      expect(json(await get(rita, '/api/get_status_conto_anticipi'))).toEqual({ saldo_anticipi: '-350.50' });
    });

    it('gives each Acme company its seeded account: four quarterly payments less the monthly draws', async () => {
      const ids = Object.fromEntries(
        (await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute()).map((c) => [
          c.nome,
          c.id_azienda,
        ]),
      );
      for (const [nome, quarterly] of [
        ['Acme S.p.A.', 6_000_000],
        ['Acme Servizi S.r.l.', 1_200_000],
      ] as const) {
        const companyId = ids[nome]!;
        const rows = await t.db
          .selectFrom('company_advances')
          .select(['verso', 'importo'])
          .where('company_id', '=', companyId)
          .execute();
        const paid = rows.filter((r) => r.verso === 'AVERE');
        expect(paid.map((r) => r.importo)).toEqual([quarterly, quarterly, quarterly, quarterly]);
        const drawn = rows.filter((r) => r.verso === 'DARE').reduce((s, r) => s + r.importo, 0);
        expect(drawn).toBeGreaterThan(0);
        const body = json<{ saldo_anticipi: string }>(
          await get(laura, '/api/get_status_conto_anticipi', { 'act-for': String(companyId) }),
        );
        expect(cents(body.saldo_anticipi)).toBe(4 * quarterly - drawn);
        expect(await advancesBalance(t.db, companyId)).toBe(4 * quarterly - drawn);
      }
    });

    it('is for referents of the company only, and the account is append-only', async () => {
      expect((await get(mario, '/api/get_status_conto_anticipi')).statusCode).toBe(403);
      const denied = await get(laura, '/api/get_status_conto_anticipi', { 'act-for': String(fx.companyId) });
      expect(denied.statusCode).toBe(403);
      expect(json(denied)).toEqual({ detail: messages.apiActForForbidden });
      await expect(
        t.db
          .updateTable('company_advances')
          .set({ importo: 1 })
          .where('company_id', '=', fx.companyId)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        addAdvance(t.db, { companyId: fx.companyId, verso: 'AVERE', amountCents: 0 }),
      ).rejects.toThrow(messages.apiAmountInvalid);
    });
  });

  describe('schema', () => {
    it('fills the company of every movement on insert, from the employee', async () => {
      const rows = await t.db
        .selectFrom('movements as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.company_id', 'u.company_id as user_company'])
        .where('m.user_id', 'in', [fx.aliceId, fx.brunoId])
        .execute();
      expect(rows.length).toBe(9);
      for (const r of rows) expect(r.company_id).toBe(fx.companyId);
      await expect(
        t.db.updateTable('movements').set({ company_id: 1 }).where('user_id', '=', fx.aliceId).execute(),
      ).rejects.toThrow(/append-only/);
    });

    it('documents the new calls in OpenAPI with their answers', async () => {
      const doc = json<{
        paths: Record<
          string,
          Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>
        >;
      }>(await t.request({ method: 'GET', url: '/api/openapi.json' }));
      for (const path of [
        '/api/get_storico_transazioni/utente',
        '/api/get_storico_transazioni/azienda',
        '/api/crediti_lista',
        '/api/acquisti_annullati',
        '/api/get_status_conto_anticipi',
        '/api/export_wfbridge_fine_mese',
        '/api/export_crediti_res_utenti',
      ]) {
        const operation = doc.paths[path]?.get;
        expect(operation, path).toBeDefined();
        expect(operation!.summary, path).toBeTruthy();
        expect(operation!.tags?.length, path).toBeGreaterThan(0);
        expect(operation!.responses?.['200'], path).toBeDefined();
        expect(operation!.responses?.['403'], path).toBeDefined();
      }
      const storico = JSON.stringify(
        doc.paths['/api/get_storico_transazioni/azienda']!.get!.responses!['200'],
      );
      expect(storico).toContain('storico-transazioni');
      expect(storico).toContain('spreadsheetml');
    });
  });
});
