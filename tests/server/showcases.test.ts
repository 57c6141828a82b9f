/**
 * The showcase calls and purchases of issue 13 (spec 001 §2-§9) on the demo catalogue: retailers and a
 * retailer's products (paged by 18, sorted by price, searched), the voucher purchase with its delivered
 * code (inbox, mail, purchase detail readable by its owner only), the fuel card (200/204, once only, the
 * year's limit), the app vouchers (only offered amounts, within art. 51 c.3), the mutual aid (sections,
 * products within the credit, the disclaimer, a product of another section refused, the health purchase
 * from the total and its SSO link). Every refusal answers 400/403 in Italian with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import { messages } from '../../config/messages-api.it';
import { formatFormMessage } from '../../src/shared/catalogues/forms';
import { euro, formatCents } from '../../src/shared/money';
import { balances } from '../../src/server/services/ledger';
import { formatMessage } from '../../src/server/messages';
import { ledgerCounts, userIdOf } from './forms-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';

type Body = Record<string, unknown>;
const CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

/** A delivered code's instructions: the purchase's how-to, then the date its stocked code expires. */
const instructions = (howTo: Parameters<typeof formatFormMessage>[0]) => {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const expiry = escape(formatMessage('apiDeliveredExpiry', { date: '@' })).replace(
    '@',
    '\\d{2}-\\d{2}-\\d{4}',
  );
  return expect.stringMatching(new RegExp(`^${escape(formatFormMessage(howTo))} ${expiry}$`));
};

describe.each(backends)('showcases (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let marioId: number;
  let giulia: string;
  let giuliaId: number;
  let keys = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login('mario.rossi@example.com');
    marioId = await userIdOf(t, 'mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
    giuliaId = await userIdOf(t, 'giulia.verdi@example.com');
  });
  afterAll(async () => t?.close());

  const get = (url: string, token = mario) => t.request({ method: 'GET', url, token });
  const post = (url: string, payload: Body, token = mario) =>
    t.request({ method: 'POST', url, token, payload });
  const buy = (name: string, body: Body, token = mario) =>
    t.request({
      method: 'POST',
      url: `/api/crea_acquisto/${name}`,
      token,
      payload: body,
      headers: { 'idempotency-key': `vetrina-${++keys}` },
    });

  /** A refused purchase: its status and answer, and nothing written for the user. */
  async function refused(name: string, body: Body, status: number, expected: unknown, token = mario) {
    const userId = token === mario ? marioId : giuliaId;
    const counts = await ledgerCounts(t, userId);
    const credit = await balances(t.db, userId);
    const codes = await t.db.selectFrom('delivered_codes').select('id').execute();
    const response = await buy(name, body, token);
    expect(response.statusCode, response.body).toBe(status);
    expect(json(response)).toEqual(expected);
    expect(await ledgerCounts(t, userId)).toEqual(counts);
    expect(await balances(t.db, userId)).toEqual(credit);
    expect(await t.db.selectFrom('delivered_codes').select('id').execute()).toHaveLength(codes.length);
  }

  const retailerId = async (name: string) =>
    Number(
      (await t.db.selectFrom('aml_retailers').select('id').where('name', '=', name).executeTakeFirstOrThrow())
        .id,
    );

  it('lists the retailers with their drawn logos; pages a retailer by 18 sorted by price, and searches', async () => {
    const list = json<{ count: number; results: { RetailerId: number; Name: string; ImageUrl: string }[] }>(
      await get('/api/aml_rivenditori'),
    );
    expect(list.count).toBeGreaterThanOrEqual(30);
    expect(list.results.every((r) => r.ImageUrl.startsWith('data:image/svg+xml;base64,'))).toBe(true);

    const id = await retailerId('Supermercato Fresco');
    const page1 = json<{ count: number; results: { Price: string; Name: string; MerchantName: string }[] }>(
      await get(`/api/aml_prodotti/${id}?page_size=18&price_sort=true&page=1`),
    );
    expect(page1.count).toBe(20);
    expect(page1.results).toHaveLength(18);
    const prices = page1.results.map((p) => Number(p.Price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(page1.results[0]?.MerchantName).toBe('Supermercato Fresco');
    const page2 = json<{ results: unknown[] }>(await get(`/api/aml_prodotti/${id}?page_size=18&page=2`));
    expect(page2.results).toHaveLength(2);

    const found = json<{ count: number; results: { Name: string }[] }>(
      await get(`/api/aml_prodotti/${id}?filter=bio`),
    );
    expect(found.count).toBe(5);
    expect(found.results.every((p) => p.Name.includes('Bio'))).toBe(true);
    // `%` is a character, not a wildcard.
    expect(json<{ count: number }>(await get(`/api/aml_prodotti/${id}?filter=%25`)).count).toBe(0);

    expect((await get(`/api/aml_prodotti/${id}?page_size=10`)).statusCode).toBe(400);
    expect((await get('/api/aml_prodotti/999999')).statusCode).toBe(404);
    const header = json<{ Name: string; MerchantLongDescription: string }>(
      await get(`/api/aml_rivenditori/${id}`),
    );
    expect(header.Name).toBe('Supermercato Fresco');
    expect((await get('/api/aml_rivenditori')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/aml_rivenditori' })).statusCode).toBe(401);
  });

  it('buys a voucher from art. 51 c.3 and delivers a unique code: inbox, mail, purchase detail for its owner only', async () => {
    const id = await retailerId('Libreria Centrale');
    const product = await t.db
      .selectFrom('aml_products')
      .selectAll()
      .where('retailer_id', '=', id)
      .where('price', '=', 2500)
      .where('name', 'like', 'Buono %')
      .executeTakeFirstOrThrow();
    const before = await balances(t.db, marioId);
    const response = await buy('buono-aml', { product_code: product.product_code });
    expect(response.statusCode, response.body).toBe(201);
    const { id_acquisto: purchaseId } = json<{ id_acquisto: number }>(response);
    const after = await balances(t.db, marioId);
    expect(before.art51c3 - after.art51c3).toBe(2500);

    const movement = await t.db
      .selectFrom('movements')
      .selectAll()
      .where('id_acquisto', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({
      verso: 'DARE',
      importo: 2500,
      id_kind: 5,
      oggetto: `Buono acquisto: Libreria Centrale – ${product.name}`,
      soggetto: 'Libreria Centrale',
    });

    const detail = json<{ codice: string; prodotto: string; istruzioni: string; id_acquisto: number }>(
      await get(`/api/dettaglio_acquisto/${purchaseId}`),
    );
    expect(detail.codice).toMatch(CODE);
    expect(detail).toMatchObject({
      id_acquisto: purchaseId,
      prodotto: `Libreria Centrale – ${product.name}`,
      istruzioni: instructions('formVoucherHowTo'),
    });
    // The code is the one the purchase took from the product's stock (filled by the demo).
    const stocked = await t.db
      .selectFrom('voucher_codes')
      .select(['code', 'acquisto', 'prodotto'])
      .where('purchase_id', '=', purchaseId)
      .execute();
    expect(stocked).toEqual([{ code: detail.codice, acquisto: 'buono-aml', prodotto: product.product_code }]);

    const notice = await t.db
      .selectFrom('notifications as n')
      .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
      .select(['n.testo', 'r.user_id'])
      .where('n.id_riferimento', '=', String(purchaseId))
      .execute();
    expect(notice).toHaveLength(1);
    expect(notice[0]?.user_id).toBe(marioId);
    expect(notice[0]?.testo).toContain(detail.codice);

    const mails = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('mail_to', '=', 'mario.rossi@example.com')
      .where('subject', '=', messages.apiDeliveredMailSubject.replace('{id}', String(purchaseId)))
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(detail.codice);

    // Nobody else reads it: another user, no session.
    const other = await get(`/api/dettaglio_acquisto/${purchaseId}`, giulia);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(detail.codice);
    expect(
      (await t.request({ method: 'GET', url: `/api/dettaglio_acquisto/${purchaseId}` })).statusCode,
    ).toBe(401);
    expect(
      JSON.stringify(json(await get('/api/notifiche_utente_list?page=1&page_size=10', giulia))),
    ).not.toContain(detail.codice);

    // The history links the detail: this purchase's row says it delivered a code, the others do not.
    const history = json<{ results: { id_acquisto: number | null; codice_consegnato?: boolean }[] }>(
      await get('/api/get_storico_transazioni/utente?page=1&page_size=25'),
    );
    expect(history.results.find((r) => r.id_acquisto === purchaseId)?.codice_consegnato).toBe(true);
    const others = history.results.filter((r) => r.id_acquisto !== purchaseId);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((r) => r.codice_consegnato === false)).toBe(true);

    // A second voucher gets another code.
    const second = json<{ id_acquisto: number }>(
      await buy('buono-aml', { product_code: product.product_code }),
    );
    const code2 = json<{ codice: string }>(await get(`/api/dettaglio_acquisto/${second.id_acquisto}`)).codice;
    expect(code2).toMatch(CODE);
    expect(code2).not.toBe(detail.codice);
  });

  it('refuses an undefined product and a price above art. 51 c.3, writing nothing', async () => {
    const undefinedProduct = { product_code: [formatFormMessage('formProductUndefined')] };
    await refused('buono-aml', { product_code: 'NON-ESISTE' }, 400, undefinedProduct);
    await refused('buono-aml', {}, 400, undefinedProduct);
    await refused('buono-aml', { product_code: 'AML-1-10', Price: '0.01' }, 400, expect.anything());
    // Giulia's art. 51 c.3 is 0: the voucher's own warning, nothing written.
    await refused(
      'buono-aml',
      { product_code: 'AML-1-10' },
      400,
      {
        product_code: [formatFormMessage('formAmountOverCreditArt51c3', { n: euro(0) })],
      },
      giulia,
    );
  });

  it('offers one fuel card within the year limit (200), sells it once, then 204', async () => {
    expect((await get('/api/bonus_benzina', giulia)).statusCode).toBe(204);
    const offer = await get('/api/bonus_benzina');
    expect(offer.statusCode, offer.body).toBe(200);
    expect(json(offer)).toMatchObject({ product_code: 'FUEL-200', importo: '200.00', limite: '200.00' });
    // A card above the year's limit is refused.
    const year = Number(json<{ anno: number }>(offer).anno);
    await refused('bonus-benzina', { product_code: 'FUEL-250' }, 400, {
      product_code: [formatFormMessage('formFuelOverLimit', { limit: euro(20_000), year })],
    });
    const made = await buy('bonus-benzina', { product_code: 'FUEL-200' });
    expect(made.statusCode, made.body).toBe(201);
    const { id_acquisto: id } = json<{ id_acquisto: number }>(made);
    expect(json<{ codice: string }>(await get(`/api/dettaglio_acquisto/${id}`)).codice).toMatch(CODE);
    // Once only: a second card is refused, and none is offered any more.
    await refused('bonus-benzina', { product_code: 'FUEL-50' }, 400, {
      product_code: [formatFormMessage('formFuelAlreadyBought')],
    });
    expect((await get('/api/bonus_benzina')).statusCode).toBe(204);
  });

  it('offers the app voucher amounts within art. 51 c.3 and refuses an amount not offered', async () => {
    const credit = (await balances(t.db, marioId)).art51c3;
    const offered = json<{ buoni_disp: string[] }>(await get('/api/toduba_buoni')).buoni_disp;
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((cut) => Number(cut) * 100 <= credit)).toBe(true);
    expect(json(await get('/api/appaga_buoni'))).toEqual({ buoni_disp: offered });
    expect(json(await get('/api/toduba_buoni', giulia))).toEqual({ buoni_disp: [] });
    expect(json(await get('/api/ollipay_status'))).toMatchObject({ profile: 'wfm', vouchers: offered });

    await refused('buono-toduba', { importo: '7.00' }, 400, {
      importo: [formatFormMessage('formPurchaseAmountNotACut')],
    });
    await refused('buono-toduba', {}, 400, { importo: [formatFormMessage('formAppVoucherNoneChosen')] });
    await refused(
      'buono-appaga',
      { importo: '5.00' },
      400,
      {
        importo: [formatFormMessage('formAmountOverCreditArt51c3', { n: euro(0) })],
      },
      giulia,
    );
    const made = await buy('buono-toduba', { importo: '25.00' });
    expect(made.statusCode, made.body).toBe(201);
    const { id_acquisto: id } = json<{ id_acquisto: number }>(made);
    expect(json(await get(`/api/dettaglio_acquisto/${id}`))).toMatchObject({
      prodotto: 'Buono Toduba 25,00\u00a0€',
    });
  });

  it('mutual aid: sections, products within the credit, the disclaimer, another section refused, health from the total and its SSO link', async () => {
    const sections = json<{ count: number; results: { slug_name: string; descrizione: string }[] }>(
      await get(`/api/eurete_sezioni?page_size=1000&id_categ=${screenConstants.eureteSectionsCategory}`),
    );
    expect(sections.count).toBe(6);
    expect(sections.results.map((s) => s.slug_name)).not.toContain(screenConstants.eureteHealthSection);
    expect(json(await get('/api/eurete_sezioni/famiglia'))).toMatchObject({ nome: 'Famiglia' });
    expect((await get('/api/eurete_sezioni/nessuna')).statusCode).toBe(404);

    const page = json<{ count: number; results: { costo: string }[] }>(
      await get('/api/eurete_prodotti/famiglia?page_size=8&page=1'),
    );
    const art = (await balances(t.db, marioId)).art51c3;
    expect(page.results).toHaveLength(8);
    expect(page.count).toBeGreaterThan(8);
    expect(page.results.every((p) => Number(p.costo) * 100 <= art)).toBe(true);
    // Giulia's art. 51 c.3 is 0: nothing a section offers is within it.
    expect(json(await get('/api/eurete_prodotti/famiglia', giulia))).toEqual({ count: 0, results: [] });

    // Not accepted yet: refused (403) and nothing written; accepted: kept on the server.
    expect(json(await get('/api/eurete_disclaimer'))).toEqual({ accettato: false });
    await refused('eurete', { product_slug: 'famiglia-nascita' }, 403, {
      detail: formatFormMessage('formEureteDisclaimerRequired'),
    });
    const sessionAgreed = async (token: string) =>
      json<{ session_infos: { eurete_cond_agreed: boolean } }>(await get('/api/get-logged-user-info', token))
        .session_infos.eurete_cond_agreed;
    expect(await sessionAgreed(mario)).toBe(false);
    expect(json(await post('/api/eurete_disclaimer', {}))).toEqual({ accettato: true });
    expect(json(await get('/api/eurete_disclaimer'))).toEqual({ accettato: true });
    // Kept in this session (session_infos) and on the server; a new session asks again.
    expect(await sessionAgreed(mario)).toBe(true);
    const otherSession = await t.login('mario.rossi@example.com');
    expect(await sessionAgreed(otherSession)).toBe(false);
    expect(json(await get('/api/eurete_disclaimer', otherSession))).toEqual({ accettato: true });

    // A product of another section: the health product through a section's purchase, and back.
    const undefinedProduct = { product_slug: [formatFormMessage('formProductUndefined')] };
    await refused('eurete', { product_slug: 'salute-base' }, 400, undefinedProduct);
    await refused('eurete-sanitaria', { product_slug: 'famiglia-nascita' }, 400, undefinedProduct);

    const made = await buy('eurete', { product_slug: 'famiglia-nascita' });
    expect(made.statusCode, made.body).toBe(201);
    // A section's adhesion delivers its code.
    expect(
      json(await get(`/api/dettaglio_acquisto/${json<{ id_acquisto: number }>(made).id_acquisto}`)),
    ).toMatchObject({ prodotto: 'Contributo nascita', istruzioni: instructions('formEureteHowTo') });

    // The health link needs its purchase first.
    const early = await post('/api/eurete_sso_link', { product_slug: 'salute-base' });
    expect(early.statusCode).toBe(400);
    expect(json(early)).toEqual({ product_slug: [formatFormMessage('formEureteSsoNoPurchase')] });

    const before = await balances(t.db, marioId);
    const health = await buy('eurete-sanitaria', { product_slug: 'salute-base' });
    expect(health.statusCode, health.body).toBe(201);
    const after = await balances(t.db, marioId);
    expect(before.totale - after.totale).toBe(24_000);
    // From the total: ordinary lines first, art. 51 c.3 untouched while they suffice.
    expect(after.art51c3).toBe(before.art51c3);
    const movement = await t.db
      .selectFrom('movements')
      .select(['id_kind', 'oggetto'])
      .where('id_acquisto', '=', json<{ id_acquisto: number }>(health).id_acquisto)
      .executeTakeFirstOrThrow();
    expect(movement).toEqual({ id_kind: 8, oggetto: 'Assistenza sanitaria integrativa: Piano salute base' });

    const link = json<{ sso_link: string }>(
      await post('/api/eurete_sso_link', { product_slug: 'salute-base' }),
    );
    const address = new URL(link.sso_link);
    expect(address.pathname).toBe('/demo-partner/convenzioni/conv-assirete');
    const landing = await t.request({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(landing.statusCode, landing.body).toBe(200);
    expect(landing.body).toContain('Mario');
    expect((await post('/api/eurete_sso_link', {})).statusCode).toBe(400);
  });

  it('the mutual-aid "100" page: its own section, paid from the total, sold only by its purchase, with a code', async () => {
    const section = screenConstants.eurete100Section;
    const sections = json<{ results: { slug_name: string }[] }>(
      await get(`/api/eurete_sezioni?page_size=1000&id_categ=${screenConstants.eureteSectionsCategory}`),
    );
    expect(sections.results.map((s) => s.slug_name)).not.toContain(section);
    expect(json(await get(`/api/eurete_sezioni/${section}`))).toMatchObject({
      nome: 'Welfare sociale art. 100',
    });

    // Listed within the total, not within art. 51 c.3: products above art. 51 c.3 are on offer.
    const before = await balances(t.db, marioId);
    const first = json<{ count: number; results: { slug_name: string; costo: string }[] }>(
      await get(`/api/eurete_prodotti/${section}?page_size=8&page=1`),
    );
    expect(first.results).toHaveLength(8);
    expect(first.count).toBe(11);
    const second = json<{ results: { slug_name: string; costo: string }[] }>(
      await get(`/api/eurete_prodotti/${section}?page_size=8&page=2`),
    );
    // Cheapest first: the second page holds the three dearest.
    expect(second.results.map((p) => p.slug_name)).toEqual([
      'art100-formazione',
      'art100-viaggio-istruzione',
      'art100-soggiorno',
    ]);
    const prices = [...first.results, ...second.results].map((p) => Number(p.costo) * 100);
    expect(prices.some((price) => price > before.art51c3)).toBe(true);
    expect(prices.every((price) => price <= before.totale)).toBe(true);

    // Each catalogue sells its own sections only.
    const undefinedProduct = { product_slug: [formatFormMessage('formProductUndefined')] };
    await refused('eurete', { product_slug: 'art100-domiciliare' }, 400, undefinedProduct);
    await refused('eurete-sanitaria', { product_slug: 'art100-domiciliare' }, 400, undefinedProduct);
    await refused('eurete-100', { product_slug: 'famiglia-nascita' }, 400, undefinedProduct);
    await refused('eurete-100', { product_slug: 'salute-base' }, 400, undefinedProduct);

    // 380.00, more than art. 51 c.3 holds: the total pays.
    expect(38_000).toBeGreaterThan(before.art51c3);
    const made = await buy('eurete-100', { product_slug: 'art100-domiciliare' });
    expect(made.statusCode, made.body).toBe(201);
    const { id_acquisto: id } = json<{ id_acquisto: number }>(made);
    const after = await balances(t.db, marioId);
    expect(before.totale - after.totale).toBe(38_000);
    const movement = await t.db
      .selectFrom('movements')
      .select(['id_kind', 'oggetto', 'soggetto', 'importo'])
      .where('id_acquisto', '=', id)
      .executeTakeFirstOrThrow();
    expect(movement).toEqual({
      id_kind: 6,
      oggetto: 'Welfare sociale Eurete art. 100: Assistenza sociale domiciliare',
      soggetto: 'Welfare sociale art. 100',
      importo: 38_000,
    });
    const detail = json<{ codice: string; istruzioni: string }>(await get(`/api/dettaglio_acquisto/${id}`));
    expect(detail.codice).toMatch(CODE);
    expect(detail.istruzioni).toEqual(instructions('formEureteHowTo'));
    expect((await get(`/api/dettaglio_acquisto/${id}`, giulia)).statusCode).toBe(404);

    // Above what the total holds now: the total's warning, nothing written.
    expect(60_000).toBeGreaterThan(after.totale);
    await refused('eurete-100', { product_slug: 'art100-soggiorno' }, 400, {
      product_slug: [formatFormMessage('formAmountOverCredit', { n: euro(after.totale) })],
    });
  });

  it('keeps the credit figures the portal shows in step with the ledger', async () => {
    const credit = json<{ crediti: { art51c3: string } }>(await get('/api/pdoppiaapi/credito_utente'));
    expect(credit.crediti.art51c3).toBe(formatCents((await balances(t.db, marioId)).art51c3));
  });
});
