/**
 * Piattapasto (issue 17; spec 002 §2.8, §3, §4.1, §5, §7): the settings and their rules, the CSV
 * template, the upload (zero rows and employees who left ignored, bad and hostile files refused with
 * an Italian 400), confirm and cancel, the job to COMPLETED and to ERROR with the per-user detail,
 * no second delivery when the job runs again, a supplier error, Act-For on every call, the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { DEMO_MONTHLY_CAP, demoMealVoucherSupplier } from '../../src/server/services/meal-voucher-supplier';
import {
  confirmOrder,
  giveUpOrder,
  runPendingOrders,
  sendOrder,
  SupplierError,
  type MealVoucherSupplier,
} from '../../src/server/services/piattapasto';
import { multipart } from './forms-helpers';
import { runAdmin } from '../../src/server/admin';
import { buildApp } from '../../src/server/app';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

interface Settings {
  valore_buono: string | null;
  iva_buono: number | null;
  codice_cliente: string | null;
  fornitore: string | null;
  completo: boolean;
}
interface Uploaded {
  order_id: number;
  data: Array<{ riga: number; nome: string; email: string; nbuoni: number; val_buoni: string }>;
  nbuoni_totali: number;
  importo_totale: string;
  righe_ignorate: number;
}
interface Order {
  id: number;
  status: string;
  start_time: string | null;
  stop_time: string | null;
  json_data: Uploaded['data'];
  json_error_detail: Array<{ email: string; nome: string; errore: string }>;
  forn_error: string | null;
}

const CSV_HEADER = 'Nome;Email;Numero buoni;Credito attuale';

describe.each(backends)('Piattapasto (%s)', (backend) => {
  let t: TestApp;
  let laura: string;
  let lauraId: number;
  let mario: string;
  let acme: number;
  let servizi: number;
  let foreign: number;
  let active: Array<{ email: string; nome: string; cognome: string; cod_fisc: string }>;
  let ceased: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    lauraId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'laura.bianchi@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const companies = Object.fromEntries(
      (await t.db.selectFrom('companies').select(['id_azienda', 'nome']).execute()).map((c) => [
        c.nome,
        c.id_azienda,
      ]),
    );
    acme = companies['Acme S.p.A.']!;
    servizi = companies['Acme Servizi S.r.l.']!;
    foreign = (
      await t.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'luca.neri@example.com')
        .executeTakeFirstOrThrow()
    ).company_id;
    const employees = await t.db
      .selectFrom('users')
      .select(['email', 'nome', 'cognome', 'cod_fisc', 'is_cessato'])
      .where('company_id', '=', acme)
      .where('profile', '=', 'utente')
      .orderBy('id')
      .execute();
    active = employees.filter((e) => !e.is_cessato);
    ceased = employees.find((e) => e.is_cessato)!.email;
  });
  afterAll(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: {
      token?: string;
      company?: number | null;
      payload?: object | Buffer;
      headers?: Record<string, string>;
    } = {},
  ) =>
    t.request({
      method,
      url,
      token: options.token ?? laura,
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
      headers: {
        ...(options.company === null ? {} : { 'act-for': String(options.company ?? acme) }),
        ...(options.headers ?? {}),
      },
    });
  const upload = (
    content: string | Buffer,
    filename = 'ordine.csv',
    company = acme,
    field = 'csv_ordine',
  ) => {
    const body = multipart({}, [
      {
        field,
        filename,
        contentType: 'text/csv',
        content: Buffer.isBuffer(content) ? content : Buffer.from(content),
      },
    ]);
    return call('POST', '/api/piattapasto_carica_ordine', {
      payload: body.payload,
      headers: body.headers,
      company,
    });
  };
  const csv = (rows: Array<[string, string, string]>) =>
    [CSV_HEADER, ...rows.map(([nome, email, n]) => `${nome};${email};${n};0,00`)].join('\r\n');
  const history = async (company = acme) => {
    const response = await call('GET', '/api/piattapasto_storico_ordini?page_size=50', { company });
    expect(response.statusCode).toBe(200);
    return json<{ count: number; results: Order[] }>(response);
  };
  const orderOf = async (id: number) => (await history()).results.find((o) => o.id === id)!;
  const detail = (response: { body: string }) => json<Record<string, string[] | string>>(response);

  describe('settings (002 §5)', () => {
    it('reads the seeded settings: Acme complete (repas), Acme Servizi incomplete (no client code)', async () => {
      const a = json<Settings>(await call('GET', '/api/piattapasto_impostazioni'));
      expect(a).toEqual({
        valore_buono: '8.00',
        iva_buono: 4,
        codice_cliente: 'RP-10452',
        fornitore: 'repas',
        completo: true,
      });
      const s = json<Settings>(await call('GET', '/api/piattapasto_impostazioni', { company: servizi }));
      expect(s.completo).toBe(false);
      expect(s.fornitore).toBe('pellegrini');
    });

    it('refuses a voucher value that is not a euro amount above zero', async () => {
      for (const valore_buono of ['8,00', '0', '0.00', '-1', '8.001', 'abc']) {
        const response = await call('POST', '/api/piattapasto_impostazioni', {
          company: servizi,
          payload: { valore_buono, fornitore: 'toduba', codice_cliente: null },
        });
        expect(response.statusCode, valore_buono).toBe(400);
      }
      const zero = await call('POST', '/api/piattapasto_impostazioni', {
        company: servizi,
        payload: { valore_buono: '0.00', fornitore: 'toduba' },
      });
      expect(detail(zero).valore_buono).toEqual([messages.apiPiattaValueInvalid]);
    });

    it('requires the client code unless the supplier is toduba (whose code is not kept)', async () => {
      const missing = await call('POST', '/api/piattapasto_impostazioni', {
        company: servizi,
        payload: { valore_buono: '7.00', fornitore: 'pellegrini', codice_cliente: '  ' },
      });
      expect(missing.statusCode).toBe(400);
      expect(detail(missing).codice_cliente).toEqual([messages.apiPiattaClientCodeRequired]);
      const toduba = await call('POST', '/api/piattapasto_impostazioni', {
        company: servizi,
        payload: { valore_buono: '7.5', fornitore: 'toduba', codice_cliente: 'IGNORED', iva_buono: 4 },
      });
      expect(toduba.statusCode).toBe(200);
      expect(json<Settings>(toduba)).toEqual({
        valore_buono: '7.50',
        iva_buono: null,
        codice_cliente: null,
        fornitore: 'toduba',
        completo: true,
      });
    });

    it('asks the VAT only for repas: 0 or 4, one decimal digit at most', async () => {
      const base = { valore_buono: '8.00', fornitore: 'repas', codice_cliente: 'RP-1' };
      const none = await call('POST', '/api/piattapasto_impostazioni', { company: servizi, payload: base });
      expect(detail(none).iva_buono).toEqual([messages.apiPiattaVatRequired]);
      for (const iva_buono of [22, 4.25, 4.5, 1]) {
        const response = await call('POST', '/api/piattapasto_impostazioni', {
          company: servizi,
          payload: { ...base, iva_buono },
        });
        expect(response.statusCode, String(iva_buono)).toBe(400);
        expect(detail(response).iva_buono).toEqual([messages.apiPiattaVatInvalid]);
      }
      for (const iva_buono of [0, 4, 4.0]) {
        const response = await call('POST', '/api/piattapasto_impostazioni', {
          company: servizi,
          payload: { ...base, iva_buono },
        });
        expect(response.statusCode).toBe(200);
        expect(json<Settings>(response).iva_buono).toBe(iva_buono);
      }
      const pellegrini = await call('POST', '/api/piattapasto_impostazioni', {
        company: servizi,
        payload: { valore_buono: '7.00', fornitore: 'pellegrini', codice_cliente: 'P-9', iva_buono: 4 },
      });
      expect(json<Settings>(pellegrini).iva_buono).toBeNull();
    });

    it('refuses an unknown supplier on saving; an unknown one found in the database refuses the upload', async () => {
      const response = await call('POST', '/api/piattapasto_impostazioni', {
        company: servizi,
        payload: { valore_buono: '7.00', fornitore: 'edenred', codice_cliente: 'E' },
      });
      expect(response.statusCode).toBe(400);
      await t.db
        .updateTable('piattapasto_settings')
        .set({ fornitore: 'edenred' })
        .where('company_id', '=', servizi)
        .execute();
      const settings = json<Settings>(
        await call('GET', '/api/piattapasto_impostazioni', { company: servizi }),
      );
      expect(settings).toMatchObject({ fornitore: 'edenred', completo: false });
      const refused = await upload(csv([['A', active[0]!.email, '1']]), 'o.csv', servizi);
      expect(refused.statusCode).toBe(400);
      expect(detail(refused).detail).toBe(messages.apiPiattaSupplierUnknown);
    });

    it('refuses an upload while the settings are incomplete', async () => {
      await t.db
        .updateTable('piattapasto_settings')
        .set({ fornitore: 'pellegrini', codice_cliente: null })
        .where('company_id', '=', servizi)
        .execute();
      const refused = await upload(csv([['A', active[0]!.email, '1']]), 'o.csv', servizi);
      expect(refused.statusCode).toBe(400);
      expect(detail(refused).detail).toBe(messages.apiPiattaSettingsIncomplete);
    });
  });

  describe('template and upload (002 §5)', () => {
    it('the template lists the active employees: name, email, 0 vouchers, current credit; formulas escaped', async () => {
      await t.db
        .updateTable('users')
        .set({ nome: '=HYPERLINK("x")' })
        .where('email', '=', active[1]!.email)
        .execute();
      const response = await call('GET', '/api/piattapasto_template');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines).toHaveLength(active.length + 1);
      expect(response.body).not.toContain(ceased);
      const mario = lines.find((l) => l.includes('mario.rossi@example.com'))!;
      expect(mario).toBe('Mario Rossi;mario.rossi@example.com;0;1500,00');
      expect(lines.find((l) => l.includes(active[1]!.email))).toMatch(/^"'=HYPERLINK\(""x""\) /);
      await t.db
        .updateTable('users')
        .set({ nome: active[1]!.nome })
        .where('email', '=', active[1]!.email)
        .execute();
    });

    it('makes an order for review: zero rows and employees who left ignored, values from the settings', async () => {
      const response = await upload(
        csv([
          ['Mario Rossi', 'MARIO.ROSSI@example.com', '20'],
          ['X', active[1]!.email, '0'],
          ['X', active[2]!.email, ''],
          ['Cessato', ceased, '5'],
          ['Y', active[3]!.email, '3'],
        ]),
      );
      expect(response.statusCode).toBe(201);
      const answer = json<Uploaded>(response);
      expect(answer.data).toEqual([
        { riga: 2, nome: 'Mario Rossi', email: 'mario.rossi@example.com', nbuoni: 20, val_buoni: '160.00' },
        {
          riga: 6,
          nome: `${active[3]!.nome} ${active[3]!.cognome}`,
          email: active[3]!.email,
          nbuoni: 3,
          val_buoni: '24.00',
        },
      ]);
      expect(answer).toMatchObject({ nbuoni_totali: 23, importo_totale: '184.00', righe_ignorate: 3 });
      expect((await orderOf(answer.order_id)).status).toBe('TO_VALIDATE');
    });

    it('a new upload replaces the order still under review', async () => {
      const first = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '2']])));
      const second = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '3']])));
      const orders = (await history()).results;
      expect(orders.some((o) => o.id === first.order_id)).toBe(false);
      expect(orders.filter((o) => o.status === 'TO_VALIDATE').map((o) => o.id)).toEqual([second.order_id]);
    });

    it('reads comma-separated Windows-1252 files with a BOM-less header', async () => {
      const text = `Nome,E-mail,N. buoni,Credito\r\nJosé Rossi,mario.rossi@example.com,4,0\r\n`;
      const response = await upload(Buffer.from(text, 'latin1'));
      expect(response.statusCode).toBe(201);
      expect(json<Uploaded>(response).nbuoni_totali).toBe(4);
    });

    it('refuses bad and hostile files with an Italian 400, writing nothing', async () => {
      const before = (await history()).count;
      const cases: Array<[string | Buffer, string, string]> = [
        [csv([['M', 'mario.rossi@example.com', '1']]), 'ordine.xlsx', messages.apiPiattaCsvOnlyCsv],
        [Buffer.from('Nome;Email\u0000;N\r\n'), 'nul.csv', messages.apiPiattaCsvBinary],
        [Buffer.from('\ufeffNome;Email;N', 'utf16le'), 'utf16.csv', messages.apiPiattaCsvEncoding],
        [Buffer.from([0xff, 0xfe, 0x4e, 0x00]), 'bom16.csv', messages.apiPiattaCsvEncoding],
        ['Cognome;Telefono;X\r\na;b;1', 'h.csv', messages.apiPiattaCsvHeader],
        [csv([['M', 'mario.rossi@example.com', '0']]), 'zero.csv', messages.apiPiattaCsvEmpty],
        [csv([['C', ceased, '4']]), 'ceased.csv', messages.apiPiattaCsvEmpty],
        [`${CSV_HEADER}\r\n"M;mario.rossi@example.com;1;0`, 'quote.csv', messages.apiPiattaCsvUnreadable],
      ];
      for (const [content, name, text] of cases) {
        const response = await upload(content, name);
        expect(response.statusCode, name).toBe(400);
        expect(JSON.stringify(detail(response)), name).toContain(text.slice(0, 30));
      }
      const rows = await upload(
        csv([
          ['M', 'mario.rossi@example.com', '2'],
          ['A', 'nessuno@example.com', '1'],
          ['B', 'mario.rossi@example.com', '1'],
          ['C', active[1]!.email, '=1+2'],
          ['D', active[2]!.email, '99'],
        ]),
      );
      expect(rows.statusCode).toBe(400);
      expect(detail(rows).csv_ordine).toEqual([
        expect.stringContaining('riga 5: numero di buoni non valido'),
      ]);
      const people = await upload(
        csv([
          ['M', 'mario.rossi@example.com', '2'],
          ['A', 'nessuno@example.com', '1'],
          ['B', 'mario.rossi@example.com', '1'],
          ['L', 'luca.neri@example.com', '1'],
        ]),
      );
      const text = (detail(people).csv_ordine as string[])[0]!;
      expect(text).toContain('riga 3: l’email nessuno@example.com non è di un dipendente');
      expect(text).toContain('riga 4: l’email mario.rossi@example.com compare più volte');
      expect(text).toContain('riga 5: l’email luca.neri@example.com non è di un dipendente');
      expect((await history()).count).toBe(before);
    });

    it('refuses a file above the size limit (413), a missing file, another field and a non-multipart body', async () => {
      const big = await upload(Buffer.alloc(1_048_577, 'a'), 'big.csv');
      expect(big.statusCode).toBe(413);
      expect(detail(big).csv_ordine).toEqual([expect.stringContaining('dimensione massima')]);
      const other = await upload(csv([['M', 'mario.rossi@example.com', '1']]), 'o.csv', acme, 'file_data');
      expect(other.statusCode).toBe(400);
      const empty = await upload('', 'o.csv');
      expect(detail(empty).csv_ordine).toEqual([messages.apiPiattaCsvMissing]);
      const json415 = await call('POST', '/api/piattapasto_carica_ordine', { payload: { csv_ordine: 'x' } });
      expect(json415.statusCode).toBe(415);
    });

    it('refuses more rows than allowed', async () => {
      const many = [CSV_HEADER, ...Array.from({ length: 20_001 }, () => 'A;a@example.com;0;0')].join('\n');
      const response = await upload(many);
      expect(response.statusCode).toBe(400);
      expect(detail(response).csv_ordine).toEqual([
        messages.apiPiattaCsvTooManyRows.replace('{limit}', '20000'),
      ]);
    });
  });

  describe('confirm, cancel and the job (002 §4.1)', () => {
    it('cancel deletes the uploaded order and its rows; a second cancel is 404', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '2']])));
      const response = await call('DELETE', '/api/piattapasto_annulla_ordine', {
        payload: { id_ordine: order_id },
      });
      expect(response.statusCode).toBe(204);
      const rows = await t.db
        .selectFrom('piattapasto_order_rows')
        .select('riga')
        .where('order_id', '=', order_id)
        .execute();
      expect(rows).toEqual([]);
      const again = await call('DELETE', '/api/piattapasto_annulla_ordine', {
        payload: { id_ordine: order_id },
      });
      expect(again.statusCode).toBe(404);
      expect(detail(again).detail).toBe(messages.apiPiattaOrderNotFound);
    });

    it('confirm validates; the job sends it and it ends COMPLETED; confirm and cancel then refuse (409)', async () => {
      const { order_id } = json<Uploaded>(
        await upload(
          csv([
            ['M', 'mario.rossi@example.com', '20'],
            ['A', active[1]!.email, '18'],
          ]),
        ),
      );
      const response = await call('POST', '/api/piattapasto_conferma_ordine', {
        payload: { id_ordine: order_id },
      });
      expect(response.statusCode).toBe(204);
      await t.app.jobs.idle();
      const order = await orderOf(order_id);
      expect(order.status).toBe('COMPLETED');
      expect(order.start_time).not.toBeNull();
      expect(order.stop_time).not.toBeNull();
      expect(order.json_error_detail).toEqual([]);
      const received = await t.db
        .selectFrom('demo_meal_voucher_orders')
        .selectAll()
        .where('rif_ordine', '=', `piattapasto-${order_id}`)
        .executeTakeFirstOrThrow();
      expect(received).toMatchObject({
        fornitore: 'repas',
        codice_cliente: 'RP-10452',
        buoni_emessi: 38,
        times_received: 1,
      });
      for (const [method, url] of [
        ['POST', '/api/piattapasto_conferma_ordine'],
        ['DELETE', '/api/piattapasto_annulla_ordine'],
      ] as const) {
        const late = await call(method, url, { payload: { id_ordine: order_id } });
        expect(late.statusCode).toBe(409);
        expect(detail(late).detail).toBe(
          messages.apiPiattaOrderNotToValidate.replace('{status}', 'COMPLETED'),
        );
      }
    });

    it('ends in ERROR with the refused employees and their reasons; the others get their vouchers', async () => {
      const noTaxCode = active.find((e) => e.cod_fisc.trim() === '')!;
      expect(noTaxCode).toBeDefined();
      const { order_id } = json<Uploaded>(
        await upload(
          csv([
            ['M', 'mario.rossi@example.com', String(DEMO_MONTHLY_CAP + 3)],
            ['N', noTaxCode.email, '10'],
            ['A', active[1]!.email, '5'],
          ]),
        ),
      );
      await call('POST', '/api/piattapasto_conferma_ordine', { payload: { id_ordine: order_id } });
      await t.app.jobs.idle();
      const order = await orderOf(order_id);
      expect(order.status).toBe('ERROR');
      expect(order.json_error_detail).toEqual([
        {
          email: 'mario.rossi@example.com',
          nome: 'Mario Rossi',
          errore: messages.apiPiattaSupplierMonthlyCap.replace('{max}', String(DEMO_MONTHLY_CAP)),
        },
        {
          email: noTaxCode.email,
          nome: `${noTaxCode.nome} ${noTaxCode.cognome}`,
          errore: messages.apiPiattaSupplierNoTaxCode,
        },
      ]);
      const received = await t.db
        .selectFrom('demo_meal_voucher_orders')
        .select('buoni_emessi')
        .where('rif_ordine', '=', `piattapasto-${order_id}`)
        .executeTakeFirstOrThrow();
      expect(received.buoni_emessi).toBe(5);
    });

    it('the job run again (after a crash) never sends the order twice', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '4']])));
      // Confirmed without the app's job, which this test plays by hand.
      await confirmOrder(t.db, acme, lauraId, order_id);
      const demo = demoMealVoucherSupplier(t.db);
      let deliveries = 0;
      let lookups = 0;
      const counting = (crash: boolean): MealVoucherSupplier => ({
        async send(order) {
          deliveries += 1;
          const answer = await demo.send(order);
          // A crash after the supplier answered, before the status was written.
          if (crash) throw new Error('processo interrotto');
          return answer;
        },
        outcome(ref) {
          lookups += 1;
          return demo.outcome(ref);
        },
      });
      await expect(sendOrder(t.db, counting(true), { orderId: order_id })).rejects.toThrow(
        'processo interrotto',
      );
      expect((await orderOf(order_id)).status).toBe('STARTED');
      await sendOrder(t.db, counting(false), { orderId: order_id });
      await sendOrder(t.db, counting(false), { orderId: order_id });
      await runPendingOrders(t.db, counting(false));
      expect((await orderOf(order_id)).status).toBe('COMPLETED');
      // Sent once; the rerun asked the supplier what became of it; nothing after it ended.
      expect({ deliveries, lookups }).toEqual({ deliveries: 1, lookups: 1 });
      const received = await t.db
        .selectFrom('demo_meal_voucher_orders')
        .select(['buoni_emessi', 'times_received'])
        .where('rif_ordine', '=', `piattapasto-${order_id}`)
        .executeTakeFirstOrThrow();
      expect(received).toEqual({ buoni_emessi: 4, times_received: 1 });
    });

    it('a crash before the supplier got the order: the rerun sends it (once)', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '5']])));
      await confirmOrder(t.db, acme, lauraId, order_id);
      const demo = demoMealVoucherSupplier(t.db);
      let deliveries = 0;
      const lost: MealVoucherSupplier = {
        send: () => Promise.reject(new Error('connessione interrotta')),
        outcome: (ref) => demo.outcome(ref),
      };
      await expect(sendOrder(t.db, lost, { orderId: order_id })).rejects.toThrow('connessione interrotta');
      await sendOrder(
        t.db,
        { send: (o) => ((deliveries += 1), demo.send(o)), outcome: (r) => demo.outcome(r) },
        {
          orderId: order_id,
        },
      );
      expect(deliveries).toBe(1);
      expect((await orderOf(order_id)).status).toBe('COMPLETED');
    });

    it('a supplier that refuses the whole order: ERROR with forn_error', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '4']])));
      await confirmOrder(t.db, acme, lauraId, order_id);
      const refusing: MealVoucherSupplier = {
        send: () => Promise.reject(new SupplierError('Servizio del fornitore non disponibile.')),
        outcome: () => Promise.resolve(null),
      };
      await sendOrder(t.db, refusing, { orderId: order_id });
      const order = await orderOf(order_id);
      expect(order).toMatchObject({ status: 'ERROR', forn_error: 'Servizio del fornitore non disponibile.' });
    });

    it('through the app: confirm queues the job (pg-boss), whose worker completes the order', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '6']])));
      await call('POST', '/api/piattapasto_conferma_ordine', { payload: { id_ordine: order_id } });
      await t.app.jobs.idle();
      expect((await orderOf(order_id)).status).toBe('COMPLETED');
    });

    it('an order confirmed but never queued (a stop in between) is queued at the next start', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '2']])));
      await confirmOrder(t.db, acme, lauraId, order_id);
      const restarted = await buildApp({
        env: { TICKET_SECRET: TEST_TICKET_SECRET },
        logger: false,
        staticDir: null,
        demo: true,
        seedDemo: false,
        database: t.app.database,
      });
      try {
        await restarted.ready();
        await expect
          .poll(async () => (await orderOf(order_id)).status, { timeout: 15_000 })
          .toBe('COMPLETED');
        await restarted.jobs.idle();
      } finally {
        await restarted.close();
      }
    });

    it('the operator command sends the confirmed orders without the server (piattapasto-send)', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '3']])));
      await confirmOrder(t.db, acme, lauraId, order_id);
      const lines: string[] = [];
      expect(await runAdmin(['piattapasto-send'], { db: t.db, demo: true, out: (l) => lines.push(l) })).toBe(
        0,
      );
      expect(lines).toEqual([`Ordine Piattapasto n. ${order_id}: COMPLETED.`]);
      expect((await orderOf(order_id)).status).toBe('COMPLETED');
      lines.length = 0;
      expect(await runAdmin(['piattapasto-send'], { db: t.db, demo: true, out: (l) => lines.push(l) })).toBe(
        0,
      );
      expect(lines).toEqual(['Nessun ordine Piattapasto da inviare.']);
      // Outside demo mode no supplier is configured: the order ends in ERROR saying so.
      const other = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '3']])));
      await confirmOrder(t.db, acme, lauraId, other.order_id);
      await runAdmin(['piattapasto-send'], { db: t.db, demo: false, out: () => {} });
      expect(await orderOf(other.order_id)).toMatchObject({
        status: 'ERROR',
        forn_error: messages.apiPiattaSupplierNotConfigured,
      });
    });

    it('a job that failed its last attempt leaves the order in ERROR, not STARTED', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '3']])));
      await confirmOrder(t.db, acme, lauraId, order_id);
      await giveUpOrder(t.db, order_id);
      expect(await orderOf(order_id)).toMatchObject({
        status: 'ERROR',
        forn_error: messages.apiPiattaSendFailed,
      });
      // A later run finds it ended and sends nothing.
      let deliveries = 0;
      await runPendingOrders(t.db, {
        send: () => Promise.resolve({ rif_fornitore: String((deliveries += 1)), rifiutati: [] }),
        outcome: () => Promise.resolve(null),
      });
      expect(deliveries).toBe(0);
    });
  });

  describe('company scope and Act-For', () => {
    it('every call is refused to an employee and for a company the referent does not manage', async () => {
      const calls: Array<['GET' | 'POST' | 'DELETE', string, object | undefined]> = [
        ['GET', '/api/piattapasto_impostazioni', undefined],
        ['POST', '/api/piattapasto_impostazioni', { valore_buono: '8.00', fornitore: 'toduba' }],
        ['GET', '/api/piattapasto_template', undefined],
        ['POST', '/api/piattapasto_conferma_ordine', { id_ordine: 1 }],
        ['DELETE', '/api/piattapasto_annulla_ordine', { id_ordine: 1 }],
        ['GET', '/api/piattapasto_storico_ordini', undefined],
      ];
      for (const [method, url, payload] of calls) {
        const employee = await call(method, url, { token: mario, ...(payload ? { payload } : {}) });
        expect(employee.statusCode, `${method} ${url}`).toBe(403);
        const other = await call(method, url, { company: foreign, ...(payload ? { payload } : {}) });
        expect(other.statusCode, `${method} ${url}`).toBe(403);
      }
      const employeeUpload = multipart({}, [
        { field: 'csv_ordine', filename: 'o.csv', content: Buffer.from('x') },
      ]);
      for (const token of [mario, laura]) {
        const response = await call('POST', '/api/piattapasto_carica_ordine', {
          token,
          company: token === mario ? acme : foreign,
          payload: employeeUpload.payload,
          headers: employeeUpload.headers,
        });
        expect(response.statusCode).toBe(403);
      }
    });

    it('a change needs the Act-For header itself', async () => {
      for (const [method, url, payload] of [
        ['POST', '/api/piattapasto_impostazioni', { valore_buono: '8.00', fornitore: 'toduba' }],
        ['POST', '/api/piattapasto_conferma_ordine', { id_ordine: 1 }],
        ['DELETE', '/api/piattapasto_annulla_ordine', { id_ordine: 1 }],
      ] as const) {
        const response = await call(method, url, { company: null, payload });
        expect(response.statusCode, url).toBe(400);
        expect(detail(response).detail).toBe(messages.apiActForRequired);
      }
    });

    it('an order of another managed company is not found through this one', async () => {
      const { order_id } = json<Uploaded>(await upload(csv([['M', 'mario.rossi@example.com', '2']])));
      for (const [method, url] of [
        ['POST', '/api/piattapasto_conferma_ordine'],
        ['DELETE', '/api/piattapasto_annulla_ordine'],
      ] as const) {
        const response = await call(method, url, { company: servizi, payload: { id_ordine: order_id } });
        expect(response.statusCode).toBe(404);
      }
      expect((await history(servizi)).results.some((o) => o.id === order_id)).toBe(false);
      expect((await orderOf(order_id)).status).toBe('TO_VALIDATE');
    });
  });

  describe('history', () => {
    it('pages the company orders, newest first, 5 by default; page sizes of the status table', async () => {
      const page = json<{ count: number; results: Order[] }>(
        await call('GET', '/api/piattapasto_storico_ordini'),
      );
      expect(page.results).toHaveLength(5);
      expect(page.count).toBeGreaterThan(5);
      const seeded = (await history()).results.find(
        (o) => o.status === 'ERROR' && o.json_error_detail.length === 1,
      );
      expect(seeded?.json_error_detail[0]?.errore).toBe(messages.apiPiattaSupplierNoTaxCode);
      const bad = await call('GET', '/api/piattapasto_storico_ordini?page_size=7');
      expect(bad.statusCode).toBe(400);
    });
  });
});
