/**
 * POST /api/crea_acquisto/{name} (ARCHITECTURE.md §4 "Purchases", §5, §6): purchases declared only in
 * tests/fixtures/purchases, handed to buildApp through `extraPurchases`, bought end to end with no
 * per-purchase code: the declared balance goes down, one movement with the declared kind, oggetto and
 * soggetto, one purchase per Idempotency-Key; the amount rules (free within limits and steps, cuts,
 * fixed), ticks, over-credit and bad bodies answer 400 in Italian with nothing written; the route's
 * permission is required (403) before the body is looked at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import { messages } from '../../config/messages-api.it';
import { literal, textOf } from '../../config/texts';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import { registeredPurchases } from '../../src/server/routes/purchases/index';
import { balances } from '../../src/server/services/ledger';
import { formatCents, euro } from '../../src/shared/money';
import { acqProva, acqProvaFisso, acqProvaTagli, testPurchases } from '../fixtures/purchases/acq-prova';
import { appSignedIn, ledgerCounts } from './forms-helpers';
import { backends, json, type TestApp } from './helpers';

type Body = Record<string, unknown>;

describe.each(backends)('declared purchases (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let marioId: number;
  let keyCount = 0;

  beforeAll(async () => {
    ({
      t,
      token: mario,
      userId: marioId,
    } = await appSignedIn(backend, { extraPurchases: testPurchases }, 'mario.rossi@example.com'));
  });
  afterAll(async () => t?.close());

  const buy = (name: string, body: Body, key: string | null = `chiave-${++keyCount}`, token = mario) =>
    t.request({
      method: 'POST',
      url: `/api/crea_acquisto/${name}`,
      token,
      payload: body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });

  /** Sends a refused body and checks the answer and that nothing was written. */
  async function refused(name: string, body: Body, expected: Record<string, string[]>) {
    const counts = await ledgerCounts(t, marioId);
    const credit = await balances(t.db, marioId);
    const response = await buy(name, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toEqual(expected);
    expect(await ledgerCounts(t, marioId)).toEqual(counts);
    expect(await balances(t.db, marioId)).toEqual(credit);
  }

  it('answers 403 without the route permission, before looking at the body; 401 without a session', async () => {
    const denied = await buy(acqProva.name, { nonsense: true });
    expect(denied.statusCode, denied.body).toBe(403);
    expect(json(denied)).toEqual({ detail: messages.apiForbidden });
    expect((await buy(acqProva.name, {}, 'k-anonimo', '')).statusCode).toBe(401);
    // The fixtures' route names are not in config/routes.ts: their own name is the permission.
    await t.db
      .insertInto('user_permissions')
      .values(testPurchases.map((purchase) => ({ user_id: marioId, perm: purchase.route_name })))
      .execute();
    expect((await buy(acqProva.name, { nonsense: true })).statusCode).toBe(400);
  });

  it('buys a free amount from the declared balance: debit, movement, purchase, balance', async () => {
    const before = await balances(t.db, marioId);
    const counts = await ledgerCounts(t, marioId);
    const response = await buy(acqProva.name, { importo: '25.00', dichiarazione: true });
    expect(response.statusCode, response.body).toBe(201);
    const { id_acquisto: id } = json<{ id_acquisto: number }>(response);
    const after = await balances(t.db, marioId);
    expect(before.art51c3 - after.art51c3).toBe(2500);
    expect(before.totale - after.totale).toBe(2500);
    expect(await ledgerCounts(t, marioId)).toEqual({
      purchases: counts.purchases + 1,
      movements: counts.movements + 1,
    });
    const purchase = await t.db
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({
      user_id: marioId,
      kind: 5,
      importo: 2500,
      credit_source: 'art51c3',
      oggetto: 'Buono di prova',
      soggetto: 'Fornitore di prova S.r.l.',
    });
    const movement = await t.db
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', id)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({
      verso: 'DARE',
      importo: 2500,
      id_kind: 5,
      oggetto: 'Buono di prova',
      soggetto: 'Fornitore di prova S.r.l.',
    });
    const credit = json<{ crediti: { art51c3: string } }>(
      await t.request({ method: 'GET', url: '/api/pdoppiaapi/credito_utente', token: mario }),
    );
    expect(credit.crediti.art51c3).toBe(formatCents(after.art51c3));
  });

  it('makes one purchase per Idempotency-Key; 422 for another body with it; the key is required', async () => {
    const body = { importo: '10.00', dichiarazione: true };
    const counts = await ledgerCounts(t, marioId);
    const credit = await balances(t.db, marioId);
    const first = await buy(acqProva.name, body, 'acquisto-prova-1');
    const second = await buy(acqProva.name, body, 'acquisto-prova-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(json(second)).toEqual(json(first));
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerCounts(t, marioId)).toEqual({
      purchases: counts.purchases + 1,
      movements: counts.movements + 1,
    });
    expect((await balances(t.db, marioId)).art51c3).toBe(credit.art51c3 - 1000);
    const other = await buy(acqProva.name, { ...body, importo: '15.00' }, 'acquisto-prova-1');
    expect(other.statusCode).toBe(422);
    expect(json(other)).toEqual({ detail: messages.apiIdempotencyMismatch });

    const missing = await buy(acqProva.name, body, null);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ detail: messages.apiIdempotencyKeyRequired });
    expect(await ledgerCounts(t, marioId)).toEqual({
      purchases: counts.purchases + 1,
      movements: counts.movements + 1,
    });
  });

  it('refuses amounts outside the declaration and unticked boxes with Italian texts, writing nothing', async () => {
    const limits = { min: euro(1000), max: euro(90000), step: euro(500) };
    await refused(
      acqProva.name,
      { importo: '5.00', dichiarazione: true },
      {
        importo: [formatFormMessage('formPurchaseAmountOutOfRange', limits)],
      },
    );
    await refused(
      acqProva.name,
      { importo: '12.00', dichiarazione: true },
      {
        importo: [formatFormMessage('formPurchaseAmountStep', limits)],
      },
    );
    await refused(
      acqProva.name,
      { importo: '20.00' },
      {
        dichiarazione: [formatFormMessage('formPurchaseTickMissing')],
      },
    );
    await refused(
      acqProvaTagli.name,
      { service: 'prova', importo: '30.00', condizioni: true },
      {
        importo: [formatFormMessage('formPurchaseAmountNotACut')],
      },
    );
    await refused(
      acqProvaTagli.name,
      { service: 'prova', condizioni: true },
      {
        importo: [formatFormMessage('formPurchaseAmountMissing')],
      },
    );
  });

  it('answers 400 for a malformed body (unknown field, wrong constant, bad amount) with Italian messages', async () => {
    for (const body of [
      { importo: '20.00', dichiarazione: true, extra: 1 },
      { importo: 'venti', dichiarazione: true },
      { importo: '20.00', dichiarazione: 'si' },
    ]) {
      const counts = await ledgerCounts(t, marioId);
      const response = await buy(acqProva.name, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const text = JSON.stringify(json(response));
      // Italian field messages (the error handler's), never Ajv's English.
      expect(text).not.toMatch(/must|should|property/i);
      expect(await ledgerCounts(t, marioId)).toEqual(counts);
    }
    const wrongService = await buy(acqProvaTagli.name, {
      service: 'altro',
      importo: '25.00',
      condizioni: true,
    });
    expect(wrongService.statusCode).toBe(400);
    const fixedWithAmount = await buy(acqProvaFisso.name, { product_code: 'ABB-1', importo: '1.00' });
    expect(fixedWithAmount.statusCode).toBe(400);
  });

  it('refuses an amount above the declared balance with its warning, writing nothing', async () => {
    const credit = await balances(t.db, marioId);
    expect(credit.totale).toBeLessThan(200_000);
    await refused(
      acqProvaTagli.name,
      { service: 'prova', importo: '2000.00', condizioni: true },
      {
        importo: [formatFormMessage('formAmountOverCredit', { n: euro(credit.totale) })],
      },
    );
  });

  it('buys a cut and a fixed amount from the total; the soggetto defaults to the user', async () => {
    const before = await balances(t.db, marioId);
    const cut = await buy(acqProvaTagli.name, { service: 'prova', importo: '50.00', condizioni: true });
    expect(cut.statusCode, cut.body).toBe(201);
    const fixed = await buy(acqProvaFisso.name, { product_code: 'ABB-1' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const after = await balances(t.db, marioId);
    expect(before.totale - after.totale).toBe(5000 + 1250);
    const row = await t.db
      .selectFrom('purchases')
      .selectAll()
      .where('id', '=', json<{ id_acquisto: number }>(fixed).id_acquisto)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      importo: 1250,
      kind: 6,
      credit_source: 'totale',
      oggetto: 'Abbonamento di prova',
      soggetto: 'Mario Rossi',
    });
    expect(row.payload).toEqual({ product_code: 'ABB-1', acquisto: 'acq-prova-fisso' });
  });

  it('is published in OpenAPI with its body schema, summary and tags', async () => {
    const doc = json<{
      paths: Record<string, { post?: { summary?: string; tags?: string[]; requestBody?: unknown } }>;
    }>(await t.request({ method: 'GET', url: '/api/openapi.json' }));
    for (const purchase of testPurchases) {
      const operation = doc.paths[`/api/crea_acquisto/${purchase.name}`]?.post;
      expect(operation?.summary, purchase.name).toContain(textOf(messages, purchase.title));
      expect(operation?.tags).toEqual(['acquisti']);
      expect(JSON.stringify(operation?.requestBody)).toContain('additionalProperties');
    }
  });
});

describe('purchase declarations at startup', () => {
  const base = acqProva as PurchaseDeclaration;
  it('refuses a repeated name, an unknown movement kind, bad cuts or limits', () => {
    expect(() => registeredPurchases(testPurchases)).not.toThrow();
    expect(() => registeredPurchases([base, base])).toThrow(/ripetuto/);
    expect(() => registeredPurchases([{ ...base, movement: { kind: 99, oggetto: literal('x') } }])).toThrow(
      /movimento/,
    );
    expect(() => registeredPurchases([{ ...base, amount: { kind: 'cuts', cuts: [] } }])).toThrow(/tagli/);
    expect(() =>
      registeredPurchases([{ ...base, amount: { kind: 'free', min: '50.00', max: '10.00', step: '1.00' } }]),
    ).toThrow(/limiti/);
    // The PIN is checked by the server since issue 14 (tests/server/sellers.test.ts).
    expect(() => registeredPurchases([{ ...base, requiresPin: true }])).not.toThrow();
  });
});
