/**
 * Conventions (spec 002 §2.1-§2.6, §5, §7; issue 14): categories and suppliers (company suppliers seen
 * only by their company), showcases with paging and filter, articles, consortia and affiliates, the
 * disclaimer, the PIN (mailed, never answered, stored hashed, a new one invalidates the old), the two
 * purchases on the ledger with every refusal, the user's vouchers, and the redemption at a supplier with
 * every refusal: missing or wrong key, not affiliated, unknown, expired, spent, wrong PIN with the
 * attempt limit, amount above the residual. The race of concurrent redemptions runs on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import { acqProvaTagli } from '../fixtures/purchases/acq-prova';
import { messages } from '../../config/messages-api.it';
import { runAdmin } from '../../src/server/admin';
import { formatMessage } from '../../src/server/messages';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { balances } from '../../src/server/services/ledger';
import { LAURA_DEMO_PIN } from '../../src/server/db/seed-sellers';
import { issueSupplierKey, replacePin } from '../../src/server/services/sellers';
import { euro } from '../../src/shared/money';
import { ledgerCounts, userIdOf } from './forms-helpers';
import { backends, buildTestApp, json, TEST_DATABASE_URL, NO_POSTGRES_REASON, type TestApp } from './helpers';

type Body = Record<string, unknown>;
interface Supplier {
  id: number;
  nome: string;
  cognome: string;
  provincia: string;
  prov_name: string;
  id_categoria: number;
  is_consorzio: boolean;
}
interface Article {
  id: number;
  id_fornitore: number;
  codice_articolo: string;
  prezzo_unitario: string;
  prezzo_scontato: string;
  sconto: number;
  disponibilita_max: number;
  imgs: { web_url: string }[];
  id_template: { nome: string };
}
interface Voucher {
  id_acquisto: number;
  codice: string;
  data_produzione: string;
  data_scadenza: string;
  credito_iniziale: string;
  credito_residuo: string;
  voucher_status: { is_valid: boolean; dettaglio: string };
  voucher_credito_log: { nome_fornitore: string; credito_scalato: string; data_movimento: string }[];
}

async function supplierId(t: TestApp, nome: string): Promise<number> {
  const row = await t.db
    .selectFrom('conv_suppliers')
    .select('id')
    .where('nome', '=', nome)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function lastMail(t: TestApp, to: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('mail_to', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe.each(backends)('conventions and multi-use vouchers (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let giulia: string;
  let luca: string;
  let marioId: number;
  let keyCount = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login('mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
    luca = await t.login('luca.neri@example.com');
    marioId = await userIdOf(t, 'mario.rossi@example.com');
  });
  afterAll(async () => t?.close());

  const get = async <T = Body>(url: string, token = mario) => {
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, response.body).toBe(200);
    return json<T>(response);
  };
  const buy = (name: string, body: Body, token = mario, key: string | null = `sellers-${++keyCount}`) =>
    t.request({
      method: 'POST',
      url: `/api/crea_acquisto/${name}`,
      token,
      payload: body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const redeem = (key: string | null, body: Body) =>
    t.request({
      method: 'POST',
      url: '/api/riscatta_voucher',
      payload: body,
      headers: key === null ? {} : { 'x-fornitore-key': key },
    });

  describe('browsing', () => {
    it('lists the categories with their icons, 8 and 11 among them', async () => {
      const categories =
        await get<{ id: number; nome: string; url_icona: string }[]>('/api/categorie_fornitori');
      expect(categories.map((c) => c.id)).toEqual(expect.arrayContaining([8, 11]));
      for (const category of categories)
        expect(category.url_icona).toMatch(/^\/api\/immagini_convenzioni\/cat-\d+\.svg$/);
      const icon = await t.request({ method: 'GET', url: categories[0]!.url_icona });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
      expect(icon.headers['content-security-policy']).toContain("default-src 'none'");
      expect(
        (await t.request({ method: 'GET', url: '/api/immagini_convenzioni/nessuna.svg' })).statusCode,
      ).toBe(404);
    });

    it('shows company suppliers only to their company, with the category filter', async () => {
      const all = await get<Supplier[]>('/api/fornitori_convenzionati');
      expect(all.length).toBeGreaterThan(30);
      expect(new Set(all.map((s) => s.provincia).filter(Boolean)).size).toBeGreaterThanOrEqual(10);
      const company = await get<Supplier[]>(
        `/api/fornitori_convenzionati?id_categoria=${screenConstants.sellersCompanyCategoryId}`,
      );
      expect(company.map((s) => `${s.nome} ${s.cognome}`)).toContain('Giovanni Ferri');
      expect(company.map((s) => s.cognome)).not.toContain('Lombardi');
      expect(company.every((s) => s.id_categoria === 8)).toBe(true);
      const globex = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=8', luca);
      expect(globex.map((s) => s.cognome)).toEqual(['Lombardi']);
      const lombardi = globex[0]!.id;
      expect(
        (await t.request({ method: 'GET', url: `/api/info_fornitore/${lombardi}`, token: mario })).statusCode,
      ).toBe(404);
      const milan = all.find((s) => s.nome === 'Palestra Olimpia')!;
      expect(milan).toMatchObject({ provincia: 'MI', prov_name: 'Milano', is_consorzio: false });
      const bad = await t.request({
        method: 'GET',
        url: '/api/fornitori_convenzionati?id_categoria=x',
        token: mario,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('filters suppliers by province (no_prov: all) and company suppliers by first name and surname', async () => {
      const all = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=1&provincia=no_prov');
      const milan = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=1&provincia=MI');
      expect(milan.length).toBeGreaterThan(0);
      expect(milan.length).toBeLessThan(all.length);
      expect(milan.every((s) => s.provincia === 'MI')).toBe(true);
      const provinces = await get<{ sigla: string; nome: string }[]>('/api/province_fornitori');
      expect(provinces.map((p) => p.sigla)).toContain('MI');
      const both = await get<(Supplier & { nome_completo: string })[]>(
        '/api/fornitori_convenzionati?id_categoria=8&filtro=FERR',
      );
      expect(both.map((s) => s.nome_completo).sort()).toEqual(['Chiara Ferrari', 'Giovanni Ferri']);
      const combined = await get<Supplier[]>(
        '/api/fornitori_convenzionati?id_categoria=8&filtro=giovanni%20fe',
      );
      expect(combined.map((s) => s.cognome)).toEqual(['Ferri']);
      const otherCategory = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=1&filtro=ferri');
      expect(otherCategory).toEqual([]);
      const bad = await t.request({
        method: 'GET',
        url: '/api/fornitori_convenzionati?provincia=Milano',
        token: mario,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('pages a showcase by 18 and filters it', async () => {
      const id = await supplierId(t, 'Centro Medico Sempione');
      const first = await get<{ count: number; results: Article[] }>(`/api/vetrina_fornitore/${id}`);
      expect(first.count).toBe(24);
      expect(first.results).toHaveLength(18);
      const second = await get<{ count: number; results: Article[] }>(`/api/vetrina_fornitore/${id}?page=2`);
      expect(second.results).toHaveLength(6);
      expect(new Set([...first.results, ...second.results].map((a) => a.id)).size).toBe(24);
      const filtered = await get<{ count: number; results: Article[] }>(
        `/api/vetrina_fornitore/${id}?filter=CHECK-UP`,
      );
      expect(filtered.count).toBeGreaterThan(0);
      expect(filtered.count).toBeLessThan(24);
      const wrongSize = await t.request({
        method: 'GET',
        url: `/api/vetrina_fornitore/${id}?page_size=10`,
        token: mario,
      });
      expect(wrongSize.statusCode).toBe(400);
      expect(
        (await t.request({ method: 'GET', url: '/api/vetrina_fornitore/999999', token: mario })).statusCode,
      ).toBe(404);
    });

    it('answers an article with its discounted price, images and template; 404 for an unknown one', async () => {
      const id = await supplierId(t, 'Centro Medico Sempione');
      const page = await get<{ results: Article[] }>(`/api/vetrina_fornitore/${id}`);
      const templates = new Set(page.results.map((a) => a.id_template.nome));
      for (const name of [
        'tmpl_default',
        'tmpl_default_no_mail',
        'tmpl_with_images',
        'tmpl_with_images_no_mail',
        'tmpl_legacy',
      ])
        expect(templates).toContain(name);
      const withImages = page.results.find(
        (a) => a.id_template.nome === 'tmpl_with_images' && a.imgs.length > 1,
      )!;
      const article = await get<Article>(`/api/info_articolo/${withImages.id}`);
      expect(article).toEqual(withImages);
      const cents = Math.round(Number(article.prezzo_unitario) * 100);
      expect(Math.round(Number(article.prezzo_scontato) * 100)).toBe(
        Math.round((cents * (100 - article.sconto)) / 100),
      );
      expect(
        (await t.request({ method: 'GET', url: '/api/info_articolo/999999', token: mario })).statusCode,
      ).toBe(404);
    });

    it('lists the affiliates of a consortium by name, the cuts, and 404 for a supplier that is no consortium', async () => {
      const id = await supplierId(t, 'Consorzio Benessere Lombardia');
      const info = await get<{ is_consorzio: boolean; indirizzo: string; comune: string }>(
        `/api/info_fornitore/${id}`,
      );
      expect(info.is_consorzio).toBe(true);
      const affiliates = await get<Supplier[]>(`/api/fornitori_consorzio/${id}`);
      const names = affiliates.map((s) => s.nome);
      expect(names).toHaveLength(6);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
      const notConsortium = await supplierId(t, 'Palestra Olimpia');
      expect(
        (await t.request({ method: 'GET', url: `/api/fornitori_consorzio/${notConsortium}`, token: mario }))
          .statusCode,
      ).toBe(404);
      expect(await get('/api/tagli_buoni')).toEqual([...screenConstants.voucherCuts]);
    });

    it('keeps the disclaimer accepted on the server', async () => {
      expect(await get('/api/conv_special_agreed', giulia)).toEqual({ conv_special_agreed: false });
      const agreed = await t.request({ method: 'POST', url: '/api/conv_special_agreed', token: giulia });
      expect(json(agreed)).toEqual({ conv_special_agreed: true });
      expect(await get('/api/conv_special_agreed', giulia)).toEqual({ conv_special_agreed: true });
    });

    it('says the disclaimer is accepted in the session infos of this and of every later session', async () => {
      type Info = { session_infos: { conv_special_agreed: boolean } };
      const luca1 = await t.login('luca.neri@example.com');
      expect((await get<Info>('/api/get-logged-user-info', luca1)).session_infos.conv_special_agreed).toBe(
        false,
      );
      expect(
        (await t.request({ method: 'POST', url: '/api/conv_special_agreed', token: luca1 })).statusCode,
      ).toBe(200);
      expect((await get<Info>('/api/get-logged-user-info', luca1)).session_infos.conv_special_agreed).toBe(
        true,
      );
      const luca2 = await t.login('luca.neri@example.com');
      expect((await get<Info>('/api/get-logged-user-info', luca2)).session_infos.conv_special_agreed).toBe(
        true,
      );
    });
  });

  describe('buying an article', () => {
    let article: Article;
    beforeAll(async () => {
      const id = await supplierId(t, 'Palestra Olimpia');
      const page = await get<{ results: Article[] }>(`/api/vetrina_fornitore/${id}`);
      article = page.results.find((a) => a.disponibilita_max > 0 && Number(a.prezzo_scontato) < 300)!;
    });

    it('refuses a missing product, a mismatch and a missing key with nothing written', async () => {
      const counts = await ledgerCounts(t, marioId);
      const missing = await buy('articolo', { id_articolo: article.id });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toEqual({ detail: messages.formProductUndefined });
      expect(messages.formProductUndefined).toBe(
        "Impossibile proseguire con l'acquisto, articolo da acquistare non definito.",
      );
      const mismatch = await buy('articolo', { ...pick(article), codice_articolo: 'ALTRO' });
      expect(json(mismatch)).toEqual({ detail: messages.apiSellersArticleMismatch });
      const noKey = await buy('articolo', pick(article), mario, null);
      expect(noKey.statusCode).toBe(400);
      expect(await ledgerCounts(t, marioId)).toEqual(counts);
    });

    it('debits the discounted price from the total with a movement naming the article', async () => {
      const before = await balances(t.db, marioId);
      const response = await buy('articolo', pick(article));
      expect(response.statusCode, response.body).toBe(201);
      const { id_acquisto } = json<{ id_acquisto: number }>(response);
      const after = await balances(t.db, marioId);
      const price = Math.round(Number(article.prezzo_scontato) * 100);
      expect(before.totale - after.totale).toBe(price);
      const purchase = await t.db
        .selectFrom('purchases')
        .selectAll()
        .where('id', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      expect(purchase).toMatchObject({ kind: 6, importo: price, credit_source: 'totale' });
      expect(purchase.payload).toMatchObject(pick(article));
      const movement = await t.db
        .selectFrom('movements')
        .selectAll()
        .where('id_acquisto', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      expect(movement.oggetto).toContain(article.codice_articolo);
      // Soggetto: the supplier who sells it (as on every other row), not the employee.
      const supplier = await t.db
        .selectFrom('conv_suppliers')
        .select(['nome', 'cognome'])
        .where('id', '=', article.id_fornitore)
        .executeTakeFirstOrThrow();
      expect(movement.soggetto).toBe(`${supplier.nome} ${supplier.cognome}`.trim());
      expect(movement.soggetto).not.toBe('Mario Rossi');
      const again = await get<Article>(`/api/info_articolo/${article.id}`);
      expect(again.disponibilita_max).toBe(article.disponibilita_max - 1);
    });

    it('refuses a sold-out article (409) and one above the credit (400 with the credit)', async () => {
      await t.db
        .updateTable('conv_articles')
        .set({ disponibilita_max: 0 })
        .where('id', '=', article.id)
        .execute();
      const soldOut = await buy('articolo', pick(article));
      expect(soldOut.statusCode).toBe(409);
      expect(json(soldOut)).toEqual({ detail: messages.apiSellersArticleSoldOut });
      await t.db
        .updateTable('conv_articles')
        .set({ disponibilita_max: 5, prezzo_unitario: 99_999_00, sconto: 0 })
        .where('id', '=', article.id)
        .execute();
      const credit = await balances(t.db, marioId);
      const over = await buy('articolo', pick(article));
      expect(over.statusCode).toBe(400);
      expect(json(over)).toEqual({
        non_field_errors: [formatMessage('formAmountOverCredit', { n: euro(credit.totale) })],
      });
    });
  });

  describe('PIN and consortium vouchers', () => {
    let consortium: number;
    let affiliateKey: string;
    let outsiderKey: string;
    let code: string;
    let pin: string;

    beforeAll(async () => {
      consortium = await supplierId(t, 'Consorzio Benessere Lombardia');
      affiliateKey = await issueSupplierKey(t.db, await supplierId(t, 'Palestra Olimpia'));
      outsiderKey = await issueSupplierKey(t.db, await supplierId(t, 'Teatro Argentina Convenzioni'));
    });

    it('refuses a voucher without a PIN, without the declaration, or off the cuts', async () => {
      expect(await get('/api/pin_identificativo')).toEqual({ pin_exists: false });
      const counts = await ledgerCounts(t, marioId);
      const noPin = await buy('buono-consorzio', {
        id_consorzio: consortium,
        importo: '50.00',
        dichiarazione: true,
      });
      expect(json(noPin)).toEqual({ detail: messages.formPurchasePinMissing });
      const noTick = await buy('buono-consorzio', { id_consorzio: consortium, importo: '50.00' });
      expect(json(noTick)).toEqual({ dichiarazione: [messages.formPurchaseTickMissing] });
      const offCut = await buy('buono-consorzio', {
        id_consorzio: consortium,
        importo: '33.00',
        dichiarazione: true,
      });
      expect(json(offCut)).toEqual({ importo: [messages.formPurchaseAmountNotACut] });
      const unknown = await buy('buono-consorzio', {
        id_consorzio: 999999,
        importo: '50.00',
        dichiarazione: true,
      });
      expect(unknown.statusCode).toBe(404);
      expect(await ledgerCounts(t, marioId)).toEqual(counts);
    });

    it('mails a new PIN, never answers it, stores it hashed; a new one replaces it', async () => {
      const response = await t.request({ method: 'POST', url: '/api/pin_identificativo', token: mario });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response)).toEqual({ pin_exists: true });
      const mail = await lastMail(t, 'mario.rossi@example.com');
      const first = /è (\d{6})\./.exec(mail.text)![1]!;
      expect(response.body).not.toContain(first);
      const stored = await t.db
        .selectFrom('user_pins')
        .selectAll()
        .where('user_id', '=', marioId)
        .executeTakeFirstOrThrow();
      expect(stored.pin_hash).toMatch(/^\$argon2id\$/);
      expect(stored.pin_hash).not.toContain(first);
      await t.request({ method: 'POST', url: '/api/pin_identificativo', token: mario });
      pin = /è (\d{6})\./.exec((await lastMail(t, 'mario.rossi@example.com')).text)![1]!;
      expect(await get('/api/pin_identificativo')).toEqual({ pin_exists: true });
      // Kept for the redemption test below: the first PIN no longer works.
      (globalThis as { __oldPin?: string }).__oldPin = first;
    });

    it('refuses an amount above the art. 51 c.3 credit with that credit', async () => {
      const giuliaId = await userIdOf(t, 'giulia.verdi@example.com');
      await replacePin(t.db, giuliaId);
      const art = (await balances(t.db, giuliaId)).art51c3;
      const over = await buy(
        'buono-consorzio',
        { id_consorzio: consortium, importo: '25.00', dichiarazione: true },
        giulia,
      );
      expect(over.statusCode).toBe(400);
      expect(json(over)).toEqual({
        importo: [formatMessage('formAmountOverCreditArt51c3', { n: euro(art) })],
      });
    });

    it('buys a voucher from art. 51 c.3: code, dates, credit, listed in voucher_utente', async () => {
      const before = await balances(t.db, marioId);
      const response = await buy('buono-consorzio', {
        id_consorzio: consortium,
        importo: '100.00',
        dichiarazione: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id_acquisto } = json<{ id_acquisto: number }>(response);
      const after = await balances(t.db, marioId);
      expect(before.art51c3 - after.art51c3).toBe(10000);
      const purchase = await t.db
        .selectFrom('purchases')
        .selectAll()
        .where('id', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      expect(purchase).toMatchObject({ kind: 5, credit_source: 'art51c3', importo: 10000 });
      // Like every other row: oggetto what was bought, soggetto who sells it (the consortium), never the
      // employee, whom the company's view names in its own column.
      expect(purchase).toMatchObject({
        oggetto: 'Buono multiuso Consorzio Benessere Lombardia',
        soggetto: 'Consorzio Benessere Lombardia',
      });
      const laura = await t.login('laura.bianchi@example.com');
      const company = await t.request({
        method: 'GET',
        url: '/api/get_storico_transazioni/azienda?page_size=50',
        token: laura,
      });
      expect(company.statusCode, company.body).toBe(200);
      const row = json<{ results: { id_acquisto: number | null; soggetto: string; dipendente?: string }[] }>(
        company,
      ).results.find((r) => r.id_acquisto === id_acquisto);
      expect(row).toMatchObject({ soggetto: 'Consorzio Benessere Lombardia', dipendente: 'Mario Rossi' });
      const page = await get<{ count: number; results: Voucher[] }>('/api/voucher_utente');
      expect(page.count).toBe(1);
      const voucher = page.results[0]!;
      const today = romeDate();
      expect(voucher).toMatchObject({
        id_acquisto,
        data_produzione: today,
        data_scadenza: addMonths(today, screenConstants.voucherValidityMonths),
        credito_iniziale: '100.00',
        credito_residuo: '100.00',
        voucher_credito_log: [],
      });
      expect(voucher.voucher_status.is_valid).toBe(true);
      expect(voucher.codice).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      code = voucher.codice;
      const sizes = await t.request({ method: 'GET', url: '/api/voucher_utente?page_size=7', token: mario });
      expect(sizes.statusCode).toBe(400);
    });

    it('refuses a redemption without a key, with a wrong key, at a supplier not affiliated, for an unknown code', async () => {
      const body = { codice: code, pin, importo: '10.00' };
      expect(json(await redeem(null, body))).toEqual({ detail: messages.apiSupplierKeyMissing });
      expect((await redeem('chiave-sbagliata-0123456789', body)).statusCode).toBe(401);
      const outsider = await redeem(outsiderKey, body);
      expect(outsider.statusCode).toBe(403);
      expect(json(outsider)).toEqual({ detail: messages.apiVoucherNotAffiliated });
      const unknown = await redeem(affiliateKey, { ...body, codice: 'AAAA-BBBB-CCCC' });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({ detail: messages.apiVoucherNotFound });
      const zero = await redeem(affiliateKey, { ...body, importo: '0' });
      expect(json(zero)).toEqual({ importo: [messages.apiVoucherAmountInvalid] });
    });

    it('refuses an amount above the residual, then takes a part and logs it', async () => {
      const above = await redeem(affiliateKey, { codice: code, pin, importo: '100.01' });
      expect(above.statusCode).toBe(400);
      expect(json(above)).toEqual({
        importo: [formatMessage('apiVoucherAmountOverResidual', { residual: euro(10000) })],
      });
      const done = await redeem(affiliateKey, { codice: code.toLowerCase(), pin, importo: '37.50' });
      expect(done.statusCode, done.body).toBe(200);
      expect(json(done)).toMatchObject({ codice: code, credito_scalato: '37.50', credito_residuo: '62.50' });
      const voucher = (await get<{ results: Voucher[] }>('/api/voucher_utente')).results[0]!;
      expect(voucher.credito_residuo).toBe('62.50');
      expect(voucher.voucher_credito_log).toEqual([
        { nome_fornitore: 'Palestra Olimpia', credito_scalato: '37.50', data_movimento: expect.any(String) },
      ]);
    });

    it('counts wrong PINs (the old PIN is wrong too), blocks at the limit, and a new PIN unblocks', async () => {
      const oldPin = (globalThis as { __oldPin?: string }).__oldPin!;
      const wrongPin = oldPin === pin ? String((Number(pin) + 1) % 1_000_000).padStart(6, '0') : oldPin;
      for (let attempt = 1; attempt < screenConstants.pinMaxFailedAttempts; attempt += 1) {
        const wrong = await redeem(affiliateKey, { codice: code, pin: wrongPin, importo: '1.00' });
        expect(wrong.statusCode, wrong.body).toBe(403);
        expect(json(wrong)).toEqual({
          detail: formatMessage('apiVoucherPinWrong', {
            left: screenConstants.pinMaxFailedAttempts - attempt,
          }),
        });
      }
      const last = await redeem(affiliateKey, { codice: code, pin: wrongPin, importo: '1.00' });
      expect(last.statusCode).toBe(423);
      const blocked = await redeem(affiliateKey, { codice: code, pin, importo: '1.00' });
      expect(blocked.statusCode).toBe(423);
      expect(json(blocked)).toEqual({ detail: messages.apiVoucherPinBlocked });
      await t.request({ method: 'POST', url: '/api/pin_identificativo', token: mario });
      pin = /è (\d{6})\./.exec((await lastMail(t, 'mario.rossi@example.com')).text)![1]!;
      const unblocked = await redeem(affiliateKey, { codice: code, pin, importo: '2.50' });
      expect(unblocked.statusCode, unblocked.body).toBe(200);
      expect(json(unblocked)).toMatchObject({ credito_residuo: '60.00' });
      const voucher = (await get<{ results: Voucher[] }>('/api/voucher_utente')).results[0]!;
      expect(voucher.voucher_credito_log).toHaveLength(2);
    });

    it('refuses an expired voucher and a spent one', async () => {
      const voucher = await t.db
        .selectFrom('voucher_multiuso')
        .selectAll()
        .where('codice', '=', code)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('voucher_multiuso')
        .set({ data_produzione: addDays(romeDate(), -400), data_scadenza: addDays(romeDate(), -1) })
        .where('id', '=', voucher.id)
        .execute();
      const expired = await redeem(affiliateKey, { codice: code, pin, importo: '1.00' });
      expect(expired.statusCode).toBe(409);
      expect(json<{ detail: string }>(expired).detail).toMatch(
        /^Il buono multiuso è scaduto il \d{2}-\d{2}-\d{4}\.$/,
      );
      const listed = (await get<{ results: Voucher[] }>('/api/voucher_utente')).results[0]!;
      expect(listed.voucher_status.is_valid).toBe(false);
      await t.db
        .updateTable('voucher_multiuso')
        .set({
          data_scadenza: voucher.data_scadenza,
          data_produzione: voucher.data_produzione,
          credito_residuo: 0,
        })
        .where('id', '=', voucher.id)
        .execute();
      const spent = await redeem(affiliateKey, { codice: code, pin, importo: '1.00' });
      expect(spent.statusCode).toBe(409);
      expect(json(spent)).toEqual({ detail: messages.apiVoucherSpent });
    });

    it('shows laura’s seeded vouchers with their redemptions', async () => {
      const laura = await t.login('laura.bianchi@example.com');
      const page = await get<{ count: number; results: Voucher[] }>('/api/voucher_utente', laura);
      expect(page.count).toBe(2);
      const redeemed = page.results.find((v) => v.voucher_credito_log.length > 0)!;
      expect(redeemed.voucher_credito_log.map((l) => l.credito_scalato)).toEqual(['30.00', '25.50']);
      expect(redeemed.credito_residuo).toBe('44.50');
    });
  });

  it('refuses every conventions call without home-fornitori (403)', async () => {
    await t.db.deleteFrom('profile_permissions').where('perm', '=', 'home-fornitori').execute();
    const token = await t.login('giulia.verdi@example.com');
    for (const url of [
      '/api/categorie_fornitori',
      '/api/voucher_utente',
      '/api/pin_identificativo',
      '/api/tagli_buoni',
    ]) {
      const response = await t.request({ method: 'GET', url, token });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

function pick(article: Article) {
  return {
    id_articolo: article.id,
    id_fornitore: article.id_fornitore,
    codice_articolo: article.codice_articolo,
  };
}

describe.skipIf(!TEST_DATABASE_URL)(
  `voucher redemptions at once on PostgreSQL${TEST_DATABASE_URL ? '' : ` (${NO_POSTGRES_REASON})`}`,
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('postgres');
    });
    afterAll(async () => t?.close());

    it('lets exactly 10 of 25 concurrent 10.00 redemptions through a 100.00 voucher', async () => {
      const mario = await t.login('mario.rossi@example.com');
      const consortium = await supplierId(t, 'Consorzio Benessere Lombardia');
      await t.request({ method: 'POST', url: '/api/pin_identificativo', token: mario });
      const pin = /è (\d{6})\./.exec((await lastMail(t, 'mario.rossi@example.com')).text)![1]!;
      const bought = await t.request({
        method: 'POST',
        url: '/api/crea_acquisto/buono-consorzio',
        token: mario,
        headers: { 'idempotency-key': 'race-voucher' },
        payload: { id_consorzio: consortium, importo: '100.00', dichiarazione: true },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const { id_acquisto } = json<{ id_acquisto: number }>(bought);
      const voucher = await t.db
        .selectFrom('voucher_multiuso')
        .selectAll()
        .where('id_acquisto', '=', id_acquisto)
        .executeTakeFirstOrThrow();
      const keys = await Promise.all(
        ['Palestra Olimpia', 'Centro Medico Sempione', 'Orobie Climbing'].map(async (nome) =>
          issueSupplierKey(t.db, await supplierId(t, nome)),
        ),
      );
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          t.request({
            method: 'POST',
            url: '/api/riscatta_voucher',
            headers: { 'x-fornitore-key': keys[i % keys.length]! },
            payload: { codice: voucher.codice, pin, importo: '10.00' },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 400)).toBe(true);
      const after = await t.db
        .selectFrom('voucher_multiuso')
        .selectAll()
        .where('id', '=', voucher.id)
        .executeTakeFirstOrThrow();
      expect(after.credito_residuo).toBe(0);
      const log = await t.db
        .selectFrom('voucher_credito_log')
        .select((eb) => eb.fn.sum<string | number>('credito_scalato').as('total'))
        .where('voucher_id', '=', voucher.id)
        .executeTakeFirstOrThrow();
      expect(Number(log.total)).toBe(10000);
    });
  },
);

describe('the demo supplier till', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('redeems part of laura’s voucher with her PIN as an affiliate, and refuses a wrong PIN', async () => {
    const laura = await userIdOf(t, 'laura.bianchi@example.com');
    const voucher = await t.db
      .selectFrom('voucher_multiuso')
      .selectAll()
      .where('user_id', '=', laura)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = await t.request({ method: 'GET', url: '/demo-fornitore' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Palestra Olimpia');
    const palestra = await supplierId(t, 'Palestra Olimpia');
    const form = (pin: string) =>
      new URLSearchParams({
        fornitore: String(palestra),
        codice: voucher.codice,
        pin,
        importo: '4,50',
      }).toString();
    const wrong = await t.request({
      method: 'POST',
      url: '/demo-fornitore',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form('000000'),
    });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(wrong.body).toContain('PIN errato');
    const done = await t.request({
      method: 'POST',
      url: '/demo-fornitore',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(LAURA_DEMO_PIN),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('data-testid="demo-supplier-done"');
    const after = await t.db
      .selectFrom('voucher_multiuso')
      .selectAll()
      .where('id', '=', voucher.id)
      .executeTakeFirstOrThrow();
    expect(voucher.credito_residuo - after.credito_residuo).toBe(450);
  });

  it('is not served outside demo mode', async () => {
    const plain = await buildTestApp('pglite', { demo: false }, { sharedEmpty: true });
    try {
      expect((await plain.request({ method: 'GET', url: '/demo-fornitore' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a declared purchase that requires the PIN', () => {
  const withPin = {
    ...(acqProvaTagli as PurchaseDeclaration),
    name: 'acq-prova-pin',
    route_name: 'vetrina-consorzio',
    requiresPin: true,
  } as PurchaseDeclaration;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { extraPurchases: [withPin] });
  });
  afterAll(async () => t?.close());

  it('is refused without a PIN and goes through once the user has one', async () => {
    const token = await t.login('mario.rossi@example.com');
    const cut = (withPin.amount as { cuts: readonly string[] }).cuts[0]!;
    const body = {
      ...withPin.body.constants,
      [withPin.body.amountField ?? 'importo']: cut,
      ...Object.fromEntries(withPin.ticks.map((tick) => [tick.field, true])),
    };
    const send = (key: string) =>
      t.request({
        method: 'POST',
        url: '/api/crea_acquisto/acq-prova-pin',
        token,
        payload: body,
        headers: { 'idempotency-key': key },
      });
    const refused = await send('pin-1');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json(refused)).toEqual({ non_field_errors: [messages.formPurchasePinMissing] });
    await replacePin(t.db, await userIdOf(t, 'mario.rossi@example.com'));
    const bought = await send('pin-2');
    expect(bought.statusCode, bought.body).toBe(201);
  });
});

describe('the operator commands of the conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => t?.close());

  async function admin(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { db: t.db, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('issues a supplier key that redeems, lists a user’s vouchers and redeems from the command line', async () => {
    const palestra = await supplierId(t, 'Palestra Olimpia');
    const issued = await admin(['supplier-key', String(palestra)]);
    expect(issued.code).toBe(0);
    const key = /: (\S+)$/.exec(issued.out)![1]!;
    const listed = await admin(['vouchers', 'laura.bianchi@example.com']);
    expect(listed.code).toBe(0);
    const code = /([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\s+Consorzio Benessere Lombardia/.exec(
      listed.out,
    )![1]!;
    expect(listed.out).toContain('-30.00');
    const byKey = await t.request({
      method: 'POST',
      url: '/api/riscatta_voucher',
      headers: { 'x-fornitore-key': key },
      payload: { codice: code, pin: LAURA_DEMO_PIN, importo: '1.00' },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    const redeemed = await admin(['redeem', String(palestra), code, LAURA_DEMO_PIN, '2,50']);
    expect(redeemed.code, redeemed.err).toBe(0);
    expect(redeemed.out).toContain('credito residuo 41.00');
    const refused = await admin(['redeem', String(palestra), code, '000000', '1']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('PIN errato');
    expect((await admin(['supplier-key', 'x'])).code).toBe(1);
  });
});
