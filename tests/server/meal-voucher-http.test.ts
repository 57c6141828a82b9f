/**
 * The meal-voucher supplier over HTTP (issue 24; config/meal-voucher-suppliers.ts): the variables, the
 * real client against the supplier's side served on 127.0.0.1 by the demo supplier (orders issued,
 * refused whole, sent twice, never received), the signatures both ways (wrong key, replay, stale,
 * tampered answers), timeouts and network errors as retries, and the Piattapasto job of an app outside
 * demo mode completing an order at that supplier (and the operator command doing the same).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealVoucherSupplierConnections } from '../../config/meal-voucher-suppliers';
import { messages } from '../../config/messages-api.it';
import { screenConstants } from '../../config/screen-constants';
import { runAdmin } from '../../src/server/admin';
import { buildApp, resolveConfig } from '../../src/server/app';
import { EnvError, resolveMealVoucherSuppliers } from '../../src/server/plugins/env';
import {
  httpMealVoucherSupplier,
  newNonce,
  SIGNATURE_HEADERS,
  signAnswer,
  signRequest,
  SupplierTransportError,
} from '../../src/server/services/meal-voucher-http';
import {
  demoMealVoucherSupplier,
  mealVoucherSupplierFor,
} from '../../src/server/services/meal-voucher-supplier';
import { startMealVoucherSupplierServer } from '../../src/server/services/meal-voucher-supplier-server';
import {
  confirmOrder,
  createOrder,
  SupplierError,
  type MealVoucherSupplier,
  type SupplierOrder,
  type SupplierOutcome,
} from '../../src/server/services/piattapasto';
import { createSession } from '../../src/server/services/sessions';
import { multipart } from './forms-helpers';
import { backends, json, openTestDatabase, TEST_APP_OPTIONS, TEST_TICKET_SECRET } from './helpers';

const KEY = 'chiave-repas-condivisa-0123456789abcdef-xyz';
const OTHER_KEY = 'chiave-sbagliata-0123456789abcdef-0123456789';

describe('meal-voucher supplier variables (plugins/env.ts)', () => {
  it('declares a connection for every known supplier, each variable documented in the README', () => {
    expect(Object.keys(mealVoucherSupplierConnections).sort()).toEqual(
      [...screenConstants.piattapastoSuppliers].sort(),
    );
    const readme = readFileSync('README.md', 'utf8');
    for (const { keyEnv, urlEnv } of Object.values(mealVoucherSupplierConnections)) {
      expect(readme, keyEnv).toContain(keyEnv);
      expect(readme, urlEnv).toContain(urlEnv);
    }
  });

  it('unset: every supplier null; both set: the key and the address without trailing slashes', () => {
    expect(resolveMealVoucherSuppliers({})).toEqual({ pellegrini: null, repas: null, toduba: null });
    expect(
      resolveMealVoucherSuppliers({
        MEAL_VOUCHER_KEY_REPAS: ` ${KEY} `,
        MEAL_VOUCHER_URL_REPAS: 'https://api.repas.example.com/welfare/v1//',
        // Empty counts as unset (docker-compose leaves them empty).
        MEAL_VOUCHER_KEY_TODUBA: '',
      }),
    ).toEqual({
      pellegrini: null,
      repas: { key: KEY, url: 'https://api.repas.example.com/welfare/v1' },
      toduba: null,
    });
  });

  it('stops the start naming a short key, a bad address, or one variable set without the other', () => {
    const failure = (env: Record<string, string>) => {
      try {
        resolveMealVoucherSuppliers(env);
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return error as EnvError;
      }
      throw new Error('nessun errore');
    };
    const url = 'https://api.repas.example.com';
    expect(failure({ MEAL_VOUCHER_KEY_REPAS: 'corta', MEAL_VOUCHER_URL_REPAS: url }).variables).toEqual([
      'MEAL_VOUCHER_KEY_REPAS',
    ]);
    for (const bad of ['ftp://repas.example.com', 'repas.example.com', `${url}/?a=1`, 'https://u:p@x.it']) {
      expect(failure({ MEAL_VOUCHER_KEY_REPAS: KEY, MEAL_VOUCHER_URL_REPAS: bad }).variables, bad).toEqual([
        'MEAL_VOUCHER_URL_REPAS',
      ]);
    }
    const onlyKey = failure({ MEAL_VOUCHER_KEY_PELLEGRINI: KEY });
    expect(onlyKey.variables).toEqual(['MEAL_VOUCHER_URL_PELLEGRINI']);
    expect(onlyKey.message).toContain('MEAL_VOUCHER_URL_PELLEGRINI: mancante');
    expect(failure({ MEAL_VOUCHER_URL_TODUBA: url }).variables).toEqual(['MEAL_VOUCHER_KEY_TODUBA']);
    // The app's configuration carries them, and refuses to start on a bad one.
    const env = { TICKET_SECRET: TEST_TICKET_SECRET, MEAL_VOUCHER_KEY_TODUBA: KEY };
    expect(() => resolveConfig({ env, demo: false })).toThrow(/MEAL_VOUCHER_URL_TODUBA/);
    expect(
      resolveConfig({ env: { ...env, MEAL_VOUCHER_URL_TODUBA: url }, demo: false }).mealVoucherSuppliers,
    ).toEqual({ pellegrini: null, repas: null, toduba: { key: KEY, url } });
  });
});

/** A server that answers whatever `behave` says (the client's checks of answers). */
async function fakeSupplier(
  behave: (nonce: string, request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      behave(String(request.headers[SIGNATURE_HEADERS.nonce] ?? ''), request, response),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Headers of an answer signed as the protocol says (overridable to break it). */
function signedAnswerHeaders(
  key: string,
  nonce: string,
  status: number,
  body: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: signAnswer(key, { timestamp, nonce, status, body }),
  };
}

describe.each(backends)('the signed HTTP supplier (%s)', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let supplierSide: Awaited<ReturnType<typeof startMealVoucherSupplierServer>>;
  /** What the supplier's side handed to its supplier (orders and lookups). */
  const received: string[] = [];
  let client: MealVoucherSupplier;

  const order = (rif: string, over: Partial<SupplierOrder> = {}): SupplierOrder => ({
    rif_ordine: rif,
    fornitore: 'repas',
    codice_cliente: 'RP-1',
    valore_buono: 800,
    iva_buono: 4,
    righe: [
      { email: 'anna@example.com', nome: 'Anna Alberti', cod_fisc: 'LBRNNA80A41H501X', nbuoni: 5 },
      { email: 'bruno@example.com', nome: 'Bruno Bassi', cod_fisc: 'BSSBRN81B02H501Y', nbuoni: 3 },
    ],
    ...over,
  });
  const issued = async (rif: string) =>
    database.db
      .selectFrom('demo_meal_voucher_orders')
      .select(['buoni_emessi', 'times_received'])
      .where('rif_ordine', '=', rif)
      .executeTakeFirst();
  /** A request signed by hand (the server's checks), with what to break. */
  const rawCall = (
    method: 'GET' | 'POST',
    path: string,
    options: { body?: string; key?: string; nonce?: string; timestamp?: string; signedBody?: string } = {},
  ) => {
    const nonce = options.nonce ?? newNonce();
    const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
    const body = options.body ?? '';
    const fullPath = new URL(supplierSide.url + path).pathname;
    return fetch(supplierSide.url + path, {
      method,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.nonce]: nonce,
        [SIGNATURE_HEADERS.signature]: signRequest(options.key ?? KEY, {
          timestamp,
          nonce,
          method,
          path: fullPath,
          body: options.signedBody ?? body,
        }),
      },
      ...(method === 'POST' ? { body } : {}),
    });
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend, 10, 'demo');
    const demo = demoMealVoucherSupplier(database.db);
    const counting: MealVoucherSupplier = {
      send: (o) => (received.push(`send ${o.rif_ordine}`), demo.send(o)),
      outcome: (rif, fornitore) => (received.push(`outcome ${rif} ${fornitore}`), demo.outcome(rif)),
    };
    supplierSide = await startMealVoucherSupplierServer({
      supplier: counting,
      fornitore: 'repas',
      key: KEY,
      // The base address has a path of its own: it is part of what is signed.
      basePath: '/welfare/v1',
    });
    client = httpMealVoucherSupplier({
      suppliers: {
        repas: { key: KEY, url: supplierSide.url },
        // Misconfigured on purpose: toduba's address is repas's server.
        toduba: { key: KEY, url: supplierSide.url },
        pellegrini: null,
      },
    });
  });
  afterAll(async () => {
    await supplierSide?.close();
    await database?.drop();
  });

  describe('the client against the supplier’s side', () => {
    it('an order is issued: the supplier’s reference, nobody refused, the vouchers issued', async () => {
      const outcome = await client.send(order('http-101'));
      expect(outcome).toEqual({ rif_fornitore: 'REPAS-101', rifiutati: [] });
      expect(await issued('http-101')).toEqual({ buoni_emessi: 8, times_received: 1 });
      expect(await client.outcome('http-101', 'repas')).toEqual(outcome);
      expect(received).toContain('outcome http-101 repas');
    });

    it('employees refused by the supplier come back with its Italian reason', async () => {
      const outcome = await client.send(
        order('http-102', {
          righe: [
            { email: 'anna@example.com', nome: 'Anna Alberti', cod_fisc: '', nbuoni: 5 },
            { email: 'bruno@example.com', nome: 'Bruno Bassi', cod_fisc: 'BSSBRN81B02H501Y', nbuoni: 3 },
          ],
        }),
      );
      expect(outcome.rifiutati).toEqual([
        { email: 'anna@example.com', nome: 'Anna Alberti', errore: messages.apiPiattaSupplierNoTaxCode },
      ]);
      expect((await issued('http-102'))?.buoni_emessi).toBe(3);
    });

    it('a refusal of the whole order (422) is a SupplierError with the supplier’s Italian reason', async () => {
      const refused = client.send(order('http-103', { codice_cliente: 'X-999' }));
      await expect(refused).rejects.toBeInstanceOf(SupplierError);
      await expect(client.send(order('http-103', { codice_cliente: 'X-999' }))).rejects.toThrow(
        messages.apiPiattaSupplierClientCode,
      );
      expect(await issued('http-103')).toBeUndefined();
      // An order naming another supplier than the one the server answers for: refused whole too.
      await expect(client.send(order('http-104', { fornitore: 'toduba' }))).rejects.toThrow(
        new SupplierError(messages.apiPiattaSupplierOtherSupplier),
      );
    });

    it('the same rif_ordine sent twice answers the first outcome and issues nothing more', async () => {
      const first = await client.send(order('http-105'));
      const again = await client.send(
        order('http-105', { righe: [{ email: 'c@example.com', nome: 'C', cod_fisc: 'C', nbuoni: 9 }] }),
      );
      expect(again).toEqual(first);
      expect(await issued('http-105')).toEqual({ buoni_emessi: 8, times_received: 2 });
    });

    it('the outcome of a reference never received is null', async () => {
      expect(await client.outcome('http-never-sent', 'repas')).toBeNull();
      // A supplier without configuration never received anything; its orders are refused as before.
      expect(await client.outcome('http-106', 'pellegrini')).toBeNull();
      await expect(client.send(order('http-106', { fornitore: 'pellegrini' }))).rejects.toThrow(
        new SupplierError(messages.apiPiattaSupplierNotConfigured),
      );
    });

    it('a wrong key: the server refuses it (401) and the client takes it as a transport error', async () => {
      const wrong = await rawCall('GET', '/ordini/http-101', { key: OTHER_KEY });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ errore: messages.apiPiattaSupplierUnsigned });
      const before = received.length;
      const client2 = httpMealVoucherSupplier({
        suppliers: { repas: { key: OTHER_KEY, url: supplierSide.url } },
      });
      const attempt = client2.send(order('http-107'));
      await expect(attempt).rejects.toBeInstanceOf(SupplierTransportError);
      await expect(client2.send(order('http-107'))).rejects.toThrow(/HTTP 401/);
      await expect(client2.outcome('http-101', 'repas')).rejects.toBeInstanceOf(SupplierTransportError);
      expect(received.length).toBe(before);
      expect(await issued('http-107')).toBeUndefined();
    });

    it('the server refuses a replayed nonce, a stale timestamp, a body other than the signed one', async () => {
      const nonce = newNonce();
      const first = await rawCall('GET', '/ordini/http-101', { nonce });
      expect(first.status).toBe(200);
      // The answer is signed for this nonce with the shared key.
      const text = await first.text();
      expect(first.headers.get(SIGNATURE_HEADERS.signature)).toBe(
        signAnswer(KEY, {
          timestamp: first.headers.get(SIGNATURE_HEADERS.timestamp)!,
          nonce,
          status: 200,
          body: text,
        }),
      );
      const replay = await rawCall('GET', '/ordini/http-101', { nonce });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ errore: messages.apiPiattaSupplierReplay });
      const stale = await rawCall('GET', '/ordini/http-101', {
        timestamp: String(Math.floor(Date.now() / 1000) - 3600),
      });
      expect(stale.status).toBe(401);
      expect(await stale.json()).toEqual({ errore: messages.apiPiattaSupplierStale });
      const body = JSON.stringify(order('http-108'));
      const tampered = await rawCall('POST', '/ordini', {
        body: body.replace('"nbuoni":5', '"nbuoni":30'),
        signedBody: body,
      });
      expect(tampered.status).toBe(401);
      expect(await issued('http-108')).toBeUndefined();
      // Signed but not an order (400), no such call (404); never a 500.
      const notOrder = await rawCall('POST', '/ordini', { body: '{"rif_ordine":"x"}' });
      expect(notOrder.status).toBe(400);
      expect(await notOrder.json()).toEqual({ errore: messages.apiPiattaSupplierBadOrder });
      expect((await rawCall('POST', '/ordini', { body: '{non json' })).status).toBe(400);
      expect((await rawCall('GET', '/altro')).status).toBe(404);
      expect((await rawCall('GET', '/ordini/%E0%A4%A')).status).toBe(404);
    });
  });

  describe('the client refuses answers it cannot trust (transport errors: the job retries)', () => {
    const outcomeBody = JSON.stringify({ rif_fornitore: 'FALSO-1', rifiutati: [] });

    it('unsigned, signed with another key, for another nonce, stale or altered answers', async () => {
      let behave: (nonce: string) => { status: number; body: string; headers: Record<string, string> };
      const fake = await fakeSupplier((nonce, _request, response) => {
        const { status, body, headers } = behave(nonce);
        response.writeHead(status, headers).end(body);
      });
      try {
        const viaFake = httpMealVoucherSupplier({ suppliers: { repas: { key: KEY, url: fake.url } } });
        // The fake's signing is right: a well-signed answer is taken (so the refusals below mean something).
        behave = (nonce) => ({
          status: 200,
          body: outcomeBody,
          headers: signedAnswerHeaders(KEY, nonce, 200, outcomeBody),
        });
        expect(await viaFake.send(order('fake-1'))).toEqual({ rif_fornitore: 'FALSO-1', rifiutati: [] });
        const refusal = JSON.stringify({ errore: 'Contratto scaduto.' });
        behave = (nonce) => ({
          status: 422,
          body: refusal,
          headers: signedAnswerHeaders(KEY, nonce, 422, refusal),
        });
        await expect(viaFake.send(order('fake-1'))).rejects.toThrow(new SupplierError('Contratto scaduto.'));

        const untrusted: Array<[string, typeof behave]> = [
          ['unsigned', () => ({ status: 200, body: outcomeBody, headers: {} })],
          [
            'another key',
            (nonce) => ({
              status: 200,
              body: outcomeBody,
              headers: signedAnswerHeaders(OTHER_KEY, nonce, 200, outcomeBody),
            }),
          ],
          [
            'another nonce',
            () => {
              const other = newNonce();
              return {
                status: 200,
                body: outcomeBody,
                headers: signedAnswerHeaders(KEY, other, 200, outcomeBody),
              };
            },
          ],
          [
            'stale',
            (nonce) => ({
              status: 200,
              body: outcomeBody,
              headers: signedAnswerHeaders(
                KEY,
                nonce,
                200,
                outcomeBody,
                String(Math.floor(Date.now() / 1000) - 3600),
              ),
            }),
          ],
          [
            'body altered',
            (nonce) => ({
              status: 200,
              body: outcomeBody.replace('FALSO-1', 'FALSO-2'),
              headers: signedAnswerHeaders(KEY, nonce, 200, outcomeBody),
            }),
          ],
          [
            'status altered (a signed refusal passed off as another status)',
            (nonce) => ({
              status: 422,
              body: refusal,
              headers: signedAnswerHeaders(KEY, nonce, 200, refusal),
            }),
          ],
          [
            'signed but not an outcome',
            (nonce) => {
              const body = JSON.stringify({ rif_fornitore: '', rifiutati: 'nessuno' });
              return { status: 200, body, headers: signedAnswerHeaders(KEY, nonce, 200, body) };
            },
          ],
          [
            'signed but not JSON',
            (nonce) => ({
              status: 200,
              body: '<html>',
              headers: signedAnswerHeaders(KEY, nonce, 200, '<html>'),
            }),
          ],
          [
            'signed 503',
            (nonce) => ({
              status: 503,
              body: refusal,
              headers: signedAnswerHeaders(KEY, nonce, 503, refusal),
            }),
          ],
          ['a redirect', () => ({ status: 307, body: '', headers: { location: `${fake.url}/altrove` } })],
        ];
        for (const [name, how] of untrusted) {
          behave = how;
          const error = await viaFake.send(order('fake-2')).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error, name).toBeInstanceOf(SupplierTransportError);
          expect(error, name).not.toBeInstanceOf(SupplierError);
        }
        // The lookup too: an unsigned 404 is not "never received".
        behave = () => ({ status: 404, body: '', headers: {} });
        await expect(viaFake.outcome('fake-3', 'repas')).rejects.toBeInstanceOf(SupplierTransportError);
        behave = (nonce) => ({ status: 404, body: '', headers: signedAnswerHeaders(KEY, nonce, 404, '') });
        expect(await viaFake.outcome('fake-3', 'repas')).toBeNull();
      } finally {
        await fake.close();
      }
    });

    it('a supplier that does not answer in time, or cannot be reached, is a transport error', async () => {
      const requests: string[] = [];
      // Never answers: the client gives up after its timeout.
      const silent = await fakeSupplier((_nonce, request) => requests.push(request.url ?? ''));
      try {
        const impatient = httpMealVoucherSupplier({
          suppliers: { repas: { key: KEY, url: silent.url } },
          timeoutMs: 150,
        });
        const attempt = impatient.send(order('slow-1'));
        await expect(attempt).rejects.toBeInstanceOf(SupplierTransportError);
        await expect(attempt).rejects.toThrow(/senza risposta/);
        expect(requests).toEqual(['/ordini']);
      } finally {
        await silent.close();
      }
      // Nobody listens there any more: connection refused.
      const unreachable = httpMealVoucherSupplier({ suppliers: { repas: { key: KEY, url: silent.url } } });
      await expect(unreachable.outcome('slow-1', 'repas')).rejects.toBeInstanceOf(SupplierTransportError);
    });
  });

  describe('the choice of supplier and the Piattapasto job outside demo mode', () => {
    it('per supplier: configured = over HTTP (in demo mode too), else the demo supplier in demo mode, else none', async () => {
      const configured = { repas: { key: KEY, url: supplierSide.url }, pellegrini: null, toduba: null };
      const demo = mealVoucherSupplierFor({ demo: true, mealVoucherSuppliers: configured }, database.db);
      const before = received.length;
      expect(await demo.send(order('choice-201'))).toEqual({ rif_fornitore: 'REPAS-201', rifiutati: [] });
      expect(received.slice(before)).toEqual(['send choice-201']);
      // toduba is not configured: the demo supplier of this process, no HTTP call.
      expect(await demo.send(order('choice-202', { fornitore: 'toduba' }))).toEqual({
        rif_fornitore: 'TODUBA-202',
        rifiutati: [],
      });
      expect(received.length).toBe(before + 1);
      const production = mealVoucherSupplierFor(
        { demo: false, mealVoucherSuppliers: configured },
        database.db,
      );
      await expect(production.send(order('choice-203', { fornitore: 'toduba' }))).rejects.toThrow(
        new SupplierError(messages.apiPiattaSupplierNotConfigured),
      );
      expect(await production.outcome('choice-201', 'repas')).toEqual({
        rif_fornitore: 'REPAS-201',
        rifiutati: [],
      });
    });

    it('an app outside demo mode with the variables set completes an order at the supplier', async () => {
      const app = await buildApp({
        ...TEST_APP_OPTIONS,
        demo: false,
        database,
        env: {
          TICKET_SECRET: TEST_TICKET_SECRET,
          MEAL_VOUCHER_KEY_REPAS: KEY,
          MEAL_VOUCHER_URL_REPAS: supplierSide.url,
        },
      });
      try {
        await app.ready();
        expect(app.config.demo).toBe(false);
        const token = await createSession(app.db, 'laura.bianchi@example.com');
        const acme = (
          await app.db
            .selectFrom('companies')
            .select('id_azienda')
            .where('nome', '=', 'Acme S.p.A.')
            .executeTakeFirstOrThrow()
        ).id_azienda;
        const headers = { authorization: `Token ${token}`, 'act-for': String(acme) };
        const csv =
          'Nome;Email;Numero buoni;Credito attuale\r\nMario Rossi;mario.rossi@example.com;7;0,00\r\n';
        const body = multipart({}, [
          { field: 'csv_ordine', filename: 'ordine.csv', contentType: 'text/csv', content: Buffer.from(csv) },
        ]);
        const uploaded = await app.inject({
          method: 'POST',
          url: '/api/piattapasto_carica_ordine',
          payload: body.payload,
          headers: { ...headers, ...body.headers },
        });
        expect(uploaded.statusCode).toBe(201);
        const orderId = json<{ order_id: number }>(uploaded).order_id;
        const confirmed = await app.inject({
          method: 'POST',
          url: '/api/piattapasto_conferma_ordine',
          payload: { id_ordine: orderId },
          headers,
        });
        expect(confirmed.statusCode).toBe(204);
        await app.jobs.idle();
        const stored = await app.db
          .selectFrom('piattapasto_orders')
          .select(['status', 'forn_error', 'rif_fornitore'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        expect(stored).toEqual({ status: 'COMPLETED', forn_error: null, rif_fornitore: `REPAS-${orderId}` });
        // Received over HTTP by the supplier's side, once.
        expect(received).toContain(`send piattapasto-${orderId}`);
        expect(await issued(`piattapasto-${orderId}`)).toEqual({ buoni_emessi: 7, times_received: 1 });
      } finally {
        await app.close();
      }
    });

    it('the operator command sends through the configured supplier too (piattapasto-send)', async () => {
      const acme = (
        await database.db
          .selectFrom('companies')
          .select('id_azienda')
          .where('nome', '=', 'Acme S.p.A.')
          .executeTakeFirstOrThrow()
      ).id_azienda;
      const laura = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'laura.bianchi@example.com')
        .executeTakeFirstOrThrow();
      const made = await createOrder(database.db, {
        companyId: acme,
        userId: laura.id,
        fileName: 'ordine.csv',
        content: Buffer.from('Nome;Email;Numero buoni;Credito attuale\r\nM;mario.rossi@example.com;2;0\r\n'),
      });
      await confirmOrder(database.db, acme, laura.id, made.order_id);
      const lines: string[] = [];
      const code = await runAdmin(['piattapasto-send'], {
        db: database.db,
        demo: false,
        mealVoucherSuppliers: { repas: { key: KEY, url: supplierSide.url } },
        out: (line) => lines.push(line),
      });
      expect(code).toBe(0);
      expect(lines).toEqual([`Ordine Piattapasto n. ${made.order_id}: COMPLETED.`]);
      expect(received).toContain(`send piattapasto-${made.order_id}`);
      const outcome: SupplierOutcome | undefined = (
        await database.db
          .selectFrom('demo_meal_voucher_orders')
          .select('esito')
          .where('rif_ordine', '=', `piattapasto-${made.order_id}`)
          .executeTakeFirst()
      )?.esito;
      expect(outcome).toEqual({ rif_fornitore: `REPAS-${made.order_id}`, rifiutati: [] });
    });
  });
});
