/**
 * A convention seller's purchase is one declaration (config/purchases/types.ts `seller`; spec 002 §2.3-§2.5,
 * §7): two purchases declared only in tests/fixtures/purchases/seller-prova.ts, handed to buildApp
 * through `extraPurchases`, are bought end to end with no code of their own. The consortium's voucher
 * (from the total, a free amount, six months) is refused without a PIN, for an unknown consortium or
 * twice for one Idempotency-Key, then bought: the debit, the movement naming the consortium, the voucher
 * listed in voucher_utente and redeemed at an affiliate with the PIN. The article (from art. 51 c.3) is
 * refused when undefined or mismatched, bought at its discounted price with one unit taken, and refused
 * when sold out. Their calls are published with the body derived from the declaration; a seller
 * declaration the server cannot honour stops it at startup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import { registeredPurchases } from '../../src/server/routes/purchases/index';
import { addMonths, romeDate } from '../../src/server/services/calendar';
import { balances } from '../../src/server/services/ledger';
import { issueSupplierKey, replacePin } from '../../src/server/services/sellers';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import { euro } from '../../src/shared/money';
import { articoloProva, buonoConsorzioProva, sellerTestPurchases } from '../fixtures/purchases/seller-prova';
import { appSignedIn, ledgerCounts } from './forms-helpers';
import { backends, json, type TestApp } from './helpers';

type Body = Record<string, unknown>;
interface Article {
  id: number;
  id_fornitore: number;
  codice_articolo: string;
  prezzo_scontato: string;
  disponibilita_max: number;
}

describe.each(backends)('a seller purchase declared in a fixture only (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let marioId: number;
  let keyCount = 0;

  beforeAll(async () => {
    ({
      t,
      token: mario,
      userId: marioId,
    } = await appSignedIn(backend, { extraPurchases: sellerTestPurchases }, 'mario.rossi@example.com'));
  });
  afterAll(async () => t?.close());

  const supplierId = async (nome: string) =>
    (await t.db.selectFrom('conv_suppliers').select('id').where('nome', '=', nome).executeTakeFirstOrThrow())
      .id;
  const buy = (name: string, body: Body, key = `seller-prova-${++keyCount}`) =>
    t.request({
      method: 'POST',
      url: `/api/crea_acquisto/${name}`,
      token: mario,
      payload: body,
      headers: { 'idempotency-key': key },
    });

  it('is gated by its own route name, then published with its derived body and a 404', async () => {
    const denied = await buy(buonoConsorzioProva.name, {});
    expect(denied.statusCode, denied.body).toBe(403);
    // The fixtures' route names are not in config/routes.ts: their own name is the permission.
    await t.db
      .insertInto('user_permissions')
      .values(sellerTestPurchases.map((purchase) => ({ user_id: marioId, perm: purchase.route_name })))
      .execute();
    const doc = json<{
      paths: Record<string, { post?: { tags?: string[]; responses?: Record<string, unknown> } }>;
    }>(await t.request({ method: 'GET', url: '/api/openapi.json' }));
    for (const purchase of sellerTestPurchases) {
      const operation = doc.paths[`/api/crea_acquisto/${purchase.name}`]?.post;
      expect(operation?.tags, purchase.name).toEqual(['acquisti', 'convenzioni']);
      expect(Object.keys(operation?.responses ?? {}), purchase.name).toContain('404');
    }
    // The article's fields are the seller's: an id sent as text is refused by the derived schema.
    const asText = await buy(articoloProva.name, { id_articolo: '1', id_fornitore: 1, codice_articolo: 'X' });
    expect(asText.statusCode).toBe(400);
    const extra = await buy(buonoConsorzioProva.name, { id_consorzio: 1, importo: '10.00', prezzo: '1.00' });
    expect(extra.statusCode).toBe(400);
  });

  describe('the consortium voucher', () => {
    let consortium: number;
    const body = (importo: string): Body => ({ id_consorzio: consortium, importo, condizioni: true });

    beforeAll(async () => {
      consortium = await supplierId('Consorzio Benessere Lombardia');
    });

    it('refuses an unknown consortium, the amount and tick rules, a missing PIN, with nothing written', async () => {
      const counts = await ledgerCounts(t, marioId);
      const unknown = await buy(buonoConsorzioProva.name, { ...body('50.00'), id_consorzio: 999_999 });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({ detail: messages.apiSellersConsortiumNotFound });
      const offStep = await buy(buonoConsorzioProva.name, { id_consorzio: consortium, importo: '12.00' });
      expect(offStep.statusCode).toBe(400);
      expect(Object.keys(json(offStep)).sort()).toEqual(['condizioni', 'importo']);
      const noPin = await buy(buonoConsorzioProva.name, body('50.00'));
      expect(noPin.statusCode).toBe(400);
      expect(json(noPin)).toEqual({ detail: messages.formPurchasePinMissing });
      expect(await ledgerCounts(t, marioId)).toEqual(counts);
    });

    it('debits the total once per key and issues a voucher an affiliate redeems with the PIN', async () => {
      const pin = await replacePin(t.db, marioId);
      const before = await balances(t.db, marioId);
      const counts = await ledgerCounts(t, marioId);
      const first = await buy(buonoConsorzioProva.name, body('35.00'), 'seller-prova-once');
      expect(first.statusCode, first.body).toBe(201);
      const again = await buy(buonoConsorzioProva.name, body('35.00'), 'seller-prova-once');
      expect(again.statusCode).toBe(201);
      expect(json(again)).toEqual(json(first));
      const { id_acquisto } = json<{ id_acquisto: number }>(first);
      expect(before.totale - (await balances(t.db, marioId)).totale).toBe(3500);
      expect(await ledgerCounts(t, marioId)).toEqual({
        purchases: counts.purchases + 1,
        movements: counts.movements + 1,
      });
      const purchase = await t.db
        .selectFrom('purchases')
        .selectAll()
        .where('id', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      expect(purchase).toMatchObject({
        kind: 6,
        importo: 3500,
        credit_source: 'totale',
        oggetto: 'Buono di prova Consorzio Benessere Lombardia',
        soggetto: 'Consorzio Benessere Lombardia',
      });
      expect(purchase.payload).toMatchObject({
        acquisto: buonoConsorzioProva.name,
        id_consorzio: consortium,
      });

      const voucher = await t.db
        .selectFrom('voucher_multiuso')
        .selectAll()
        .where('id_acquisto', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      const today = romeDate();
      expect(voucher).toMatchObject({
        user_id: marioId,
        id_consorzio: consortium,
        data_produzione: today,
        data_scadenza: addMonths(today, 6),
        credito_iniziale: 3500,
        credito_residuo: 3500,
      });
      const listed = await t.request({ method: 'GET', url: '/api/voucher_utente', token: mario });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(
        json<{ results: { id_acquisto: number; credito_residuo: string }[] }>(listed).results,
      ).toContainEqual(expect.objectContaining({ id_acquisto, credito_residuo: '35.00' }));

      const key = await issueSupplierKey(t.db, await supplierId('Palestra Olimpia'));
      const redeemed = await t.request({
        method: 'POST',
        url: '/api/riscatta_voucher',
        headers: { 'x-fornitore-key': key },
        payload: { codice: voucher.codice, pin, importo: '10.00' },
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(json(redeemed)).toMatchObject({ codice: voucher.codice, credito_residuo: '25.00' });
    });

    it('refuses an amount above the total with that credit, under the amount', async () => {
      const credit = (await balances(t.db, marioId)).totale;
      // The demo's 1500.00 (less what the tests spent) is below the declared maximum.
      expect(credit).toBeLessThan(200_000);
      const counts = await ledgerCounts(t, marioId);
      const over = await buy(buonoConsorzioProva.name, body('2000.00'));
      expect(over.statusCode).toBe(400);
      expect(json(over)).toEqual({
        importo: [formatFormMessage('formAmountOverCredit', { n: euro(credit) })],
      });
      expect(await ledgerCounts(t, marioId)).toEqual(counts);
    });
  });

  describe('the article', () => {
    let article: Article;
    const pick = (a: Article): Body => ({
      id_articolo: a.id,
      id_fornitore: a.id_fornitore,
      codice_articolo: a.codice_articolo,
    });

    beforeAll(async () => {
      const credit = (await balances(t.db, marioId)).art51c3;
      const page = await t.request({
        method: 'GET',
        url: `/api/vetrina_fornitore/${await supplierId('Palestra Olimpia')}`,
        token: await t.login('mario.rossi@example.com'),
      });
      const articles = json<{ results: Article[] }>(page).results.filter(
        (a) => a.disponibilita_max > 0 && Math.round(Number(a.prezzo_scontato) * 100) <= credit,
      );
      expect(articles.length).toBeGreaterThan(0);
      article = articles[0]!;
    });

    it('refuses an undefined article and a mismatch with nothing written', async () => {
      const counts = await ledgerCounts(t, marioId);
      const missing = await buy(articoloProva.name, { id_articolo: article.id });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toEqual({ detail: messages.formProductUndefined });
      const mismatch = await buy(articoloProva.name, { ...pick(article), codice_articolo: 'ALTRO' });
      expect(json(mismatch)).toEqual({ detail: messages.apiSellersArticleMismatch });
      const unknown = await buy(articoloProva.name, { ...pick(article), id_articolo: 999_999 });
      expect(unknown.statusCode).toBe(404);
      expect(await ledgerCounts(t, marioId)).toEqual(counts);
    });

    it('debits art. 51 c.3 at the discounted price and takes one unit', async () => {
      const before = await balances(t.db, marioId);
      const response = await buy(articoloProva.name, pick(article));
      expect(response.statusCode, response.body).toBe(201);
      const { id_acquisto } = json<{ id_acquisto: number }>(response);
      const price = Math.round(Number(article.prezzo_scontato) * 100);
      expect(before.art51c3 - (await balances(t.db, marioId)).art51c3).toBe(price);
      const purchase = await t.db
        .selectFrom('purchases')
        .selectAll()
        .where('id', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      const supplier = await t.db
        .selectFrom('conv_suppliers')
        .select(['nome', 'cognome'])
        .where('id', '=', article.id_fornitore)
        .executeTakeFirstOrThrow();
      const name = `${supplier.nome} ${supplier.cognome}`.trim();
      expect(purchase).toMatchObject({
        kind: 5,
        importo: price,
        credit_source: 'art51c3',
        oggetto: `Articolo di prova ${article.codice_articolo} - ${name}`,
        soggetto: name,
      });
      expect(purchase.payload).toMatchObject({ ...pick(article), acquisto: articoloProva.name });
      const row = await t.db
        .selectFrom('conv_articles')
        .select('disponibilita_max')
        .where('id', '=', article.id)
        .executeTakeFirstOrThrow();
      expect(row.disponibilita_max).toBe(article.disponibilita_max - 1);
    });

    it('sells the last unit once when two buy it at once', async () => {
      await t.db
        .updateTable('conv_articles')
        .set({ disponibilita_max: 1 })
        .where('id', '=', article.id)
        .execute();
      const before = await balances(t.db, marioId);
      const answers = await Promise.all([
        buy(articoloProva.name, pick(article)),
        buy(articoloProva.name, pick(article)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const price = Math.round(Number(article.prezzo_scontato) * 100);
      expect(before.art51c3 - (await balances(t.db, marioId)).art51c3).toBe(price);
    });

    it('refuses a sold-out article (409) and one above the credit, as a whole', async () => {
      await t.db
        .updateTable('conv_articles')
        .set({ disponibilita_max: 0 })
        .where('id', '=', article.id)
        .execute();
      const soldOut = await buy(articoloProva.name, pick(article));
      expect(soldOut.statusCode).toBe(409);
      expect(json(soldOut)).toEqual({ detail: messages.apiSellersArticleSoldOut });
      await t.db
        .updateTable('conv_articles')
        .set({ disponibilita_max: 5, prezzo_unitario: 99_999_00, sconto: 0 })
        .where('id', '=', article.id)
        .execute();
      const credit = (await balances(t.db, marioId)).art51c3;
      const over = await buy(articoloProva.name, pick(article));
      expect(over.statusCode).toBe(400);
      expect(json(over)).toEqual({
        non_field_errors: [formatFormMessage('formAmountOverCreditArt51c3', { n: euro(credit) })],
      });
    });
  });
});

describe('seller declarations at startup', () => {
  const voucher = buonoConsorzioProva as PurchaseDeclaration;
  const article = articoloProva as PurchaseDeclaration;

  it('accepts the fixtures and refuses what the server cannot honour', () => {
    expect(() => registeredPurchases(sellerTestPurchases)).not.toThrow();
    expect(() => registeredPurchases([{ ...voucher, requiresPin: false }])).toThrow(/PIN/);
    expect(() =>
      registeredPurchases([{ ...voucher, seller: { kind: 'consortium-voucher', validityMonths: 0 } }]),
    ).toThrow(/validità/);
    expect(() => registeredPurchases([{ ...article, amount: { kind: 'fixed', importo: '10.00' } }])).toThrow(
      /articoli/,
    );
    const { seller: _seller, ...unsold } = article;
    expect(() => registeredPurchases([unsold])).toThrow(/articoli/);
    expect(() => registeredPurchases([{ ...voucher, body: { ...voucher.body, schema: 'nessuno' } }])).toThrow(
      /nessuno/,
    );
    // A contract of schemas/api must hold what the declaration sends.
    expect(() =>
      registeredPurchases([{ ...voucher, body: { ...voucher.body, schema: 'acquisto-articolo' } }]),
    ).toThrow(/id_consorzio/);
    expect(() =>
      registeredPurchases([
        {
          ...voucher,
          ticks: [{ kind: 'declaration', field: 'dichiarazione', label: 'formPurchaseDeclarationLabel' }],
          body: { ...voucher.body, schema: 'acquisto-buono-consorzio' },
        },
      ]),
    ).not.toThrow();
  });
});
