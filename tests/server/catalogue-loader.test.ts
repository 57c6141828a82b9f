/**
 * The showcases' catalogues as installation content (issue 24), with demo mode off: the showcases start
 * empty; the example document (examples/catalogues.json) loaded by `npm run admin -- catalogues` fills
 * them; the same file again changes nothing; a changed price is updated and reported; a wrong document is
 * refused whole, every problem by its JSON path, nothing written. A signed-in employee then sees the
 * loaded retailer's products and buys one with a supplier's code loaded for it; --prune removes what the
 * document no longer lists but keeps a bought product and a stocked one. The demo's catalogues are a
 * document the same loader accepts (db/seed-showcases.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogues } from '../../schemas/wire-types.gen';
import { euro } from '../../src/shared/money';
import { runAdmin } from '../../src/server/admin';
import { demoCatalogues } from '../../src/server/db/seed-showcases';
import { formatMessage, messages } from '../../src/server/messages';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { CATALOGUE_PRICE_MAX_CENTS, catalogueProblems } from '../../src/server/services/catalogue-loader';
import { addCredit, balances } from '../../src/server/services/ledger';
import { backends, buildTestApp, createTestUser, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

const EXAMPLE = 'examples/catalogues.json';
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Catalogues;
const NO_CHANGE = messages.apiCataloguesNoChange;
const OPERATOR = 'operatori@provider.example.com';

describe('the demo catalogues', () => {
  it('are a document the loader accepts, with the codes the demo always had', () => {
    const demo = demoCatalogues();
    expect(catalogueProblems(demo)).toEqual([]);
    expect(demo.retailers![0]!.products.map((p) => p.product_code)).toContain('AML-1-25');
    expect(demo.fuel_cards!.map((c) => c.product_code)).toContain('FUEL-25');
  });
});

describe.each(backends)('showcase catalogues, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  let keys = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      demo: false,
      env: { TICKET_SECRET: TEST_TICKET_SECRET, SUPPORT_EMAIL: OPERATOR },
    });
    dir = mkdtempSync(join(tmpdir(), 'welfare-catalogues-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  /** `npm run admin -- <argv>`, its exit code and lines. */
  const operator = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { db: t.db, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };

  /** `npm run admin -- catalogues <file> [options]` on a path, or on a document written to one. */
  const catalogues = (document: string | object, ...options: string[]) =>
    operator([
      'catalogues',
      typeof document === 'string'
        ? document
        : file(`catalogues-${Math.random().toString(36).slice(2)}.json`, JSON.stringify(document)),
      ...options,
    ]);

  /** What the tables hold, prices in cents. */
  const tables = async () => ({
    retailers: await t.db
      .selectFrom('aml_retailers')
      .select(['name', 'image_url', 'short_description', 'long_description', 'position'])
      .orderBy('position')
      .execute(),
    products: (
      await t.db
        .selectFrom('aml_products as p')
        .innerJoin('aml_retailers as r', 'r.id', 'p.retailer_id')
        .select(['p.product_code', 'p.name', 'p.price', 'p.image_url', 'r.name as retailer'])
        .orderBy('p.product_code')
        .execute()
    ).map((p) => ({ ...p, price: Number(p.price) })),
    cards: (
      await t.db
        .selectFrom('fuel_cards')
        .select(['product_code', 'name', 'price', 'image_url'])
        .orderBy('product_code')
        .execute()
    ).map((c) => ({ ...c, price: Number(c.price) })),
    sections: await t.db
      .selectFrom('eurete_sections')
      .select(['slug_name', 'nome', 'descrizione', 'icona', 'id_categ', 'position'])
      .orderBy('slug_name')
      .execute(),
    mutualAid: (
      await t.db
        .selectFrom('eurete_products as p')
        .innerJoin('eurete_sections as s', 's.id', 'p.section_id')
        .select([
          'p.slug_name',
          'p.nome',
          'p.costo',
          'p.url_scheda',
          'p.url_regolamento',
          's.slug_name as section',
        ])
        .orderBy('p.slug_name')
        .execute()
    ).map((p) => ({ ...p, costo: Number(p.costo) })),
  });

  /** An employee with 100.00 of art. 51 c.3 credit, signed in. */
  async function buyer() {
    const today = romeDate();
    const user = await createTestUser(t.db);
    await addCredit(t.db, {
      userId: user.userId,
      amountCents: 10_000,
      fonte: 7,
      isArt51c3: true,
      dataDecorrenza: addDays(today, -1),
      dataScadenza: addMonths(today, 6),
    });
    return { ...user, token: await t.login(user.email) };
  }

  it('starts with empty showcases', async () => {
    expect(await tables()).toEqual({ retailers: [], products: [], cards: [], sections: [], mutualAid: [] });
  });

  it('loads the example, every entry reported; the same file again changes nothing', async () => {
    const first = await catalogues(EXAMPLE);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      'rivenditore «Libreria del Corso»: creato',
      'buono LIBCORSO-25 di «Libreria del Corso»: creato',
      'buono LIBCORSO-50 di «Libreria del Corso»: creato',
      'buono LIBCORSO-100 di «Libreria del Corso»: creato',
      'rivenditore «Sportivo Valle»: creato',
      'buono SPVALLE-50 di «Sportivo Valle»: creato',
      'buono SPVALLE-150 di «Sportivo Valle»: creato',
      'carta carburante CARB-50: creata',
      'carta carburante CARB-100: creata',
      'sezione di mutuo soccorso famiglia: creata',
      'prodotto di mutuo soccorso famiglia-nido (famiglia): creato',
      'prodotto di mutuo soccorso famiglia-centri-estivi (famiglia): creato',
      'sezione di mutuo soccorso assistenza_sanitaria_integrativa: creata',
      'prodotto di mutuo soccorso salute-base (assistenza_sanitaria_integrativa): creato',
    ]);

    const doc = example();
    const shown = await tables();
    expect(shown.retailers).toEqual(
      doc.retailers!.map((r, position) => ({
        name: r.name,
        image_url: r.image_url,
        short_description: r.short_description,
        long_description: r.long_description,
        position,
      })),
    );
    expect(shown.products.map((p) => [p.product_code, p.price, p.retailer])).toEqual([
      ['LIBCORSO-100', 10_000, 'Libreria del Corso'],
      ['LIBCORSO-25', 2500, 'Libreria del Corso'],
      ['LIBCORSO-50', 5000, 'Libreria del Corso'],
      ['SPVALLE-150', 15_000, 'Sportivo Valle'],
      ['SPVALLE-50', 5000, 'Sportivo Valle'],
    ]);
    expect(shown.cards).toEqual([
      { product_code: 'CARB-100', name: 'Carta carburante 100 €', price: 10_000, image_url: '' },
      { product_code: 'CARB-50', name: 'Carta carburante 50 €', price: 5000, image_url: '' },
    ]);
    expect(shown.sections.map((s) => [s.slug_name, s.id_categ, s.position])).toEqual([
      ['assistenza_sanitaria_integrativa', 53, 1],
      ['famiglia', 53, 0],
    ]);
    expect(shown.mutualAid).toContainEqual({
      slug_name: 'famiglia-nido',
      nome: 'Sostegno asilo nido',
      costo: 30_000,
      url_scheda: 'https://mutua.fabbrica.example.com/schede/famiglia-nido.pdf',
      url_regolamento: 'https://mutua.fabbrica.example.com/regolamento.pdf',
      section: 'famiglia',
    });

    const again = await catalogues(EXAMPLE);
    expect(again).toEqual({ code: 0, out: [NO_CHANGE], err: [] });
    expect(await tables()).toEqual(shown);
  });

  it('updates a changed price and reports it; a section left out is left alone', async () => {
    const before = await tables();
    const doc = example();
    doc.retailers![0]!.products[0]!.price = '30.00';
    delete doc.fuel_cards;
    delete doc.mutual_aid;
    const changed = await catalogues(doc);
    expect(changed).toEqual({
      code: 0,
      out: ['buono LIBCORSO-25 di «Libreria del Corso»: aggiornato (price)'],
      err: [],
    });
    const after = await tables();
    expect(after.products.find((p) => p.product_code === 'LIBCORSO-25')?.price).toBe(3000);
    expect({ ...after, products: [] }).toEqual({ ...before, products: [] });

    // Back to the example: the price again.
    expect((await catalogues(EXAMPLE)).out).toEqual([
      'buono LIBCORSO-25 di «Libreria del Corso»: aggiornato (price)',
    ]);
    expect(await tables()).toEqual(before);
  });

  it('refuses a wrong document whole, every problem by its JSON path, nothing written', async () => {
    const before = await tables();
    const doc = example();
    doc.retailers![0]!.products[0]!.price = '0.00';
    doc.retailers![1]!.products[0]!.product_code = 'LIBCORSO-50';
    doc.fuel_cards![0]!.name = 'Un nome nuovo, che non va scritto';
    doc.fuel_cards![1]!.product_code = 'CARB-50';
    doc.mutual_aid![0]!.products[1]!.slug = 'famiglia-nido';
    const refused = await catalogues(doc);
    expect(refused.code).toBe(1);
    expect(refused.out).toEqual([]);
    expect(refused.err).toEqual([
      formatMessage('apiCataloguesRefused', { n: 4 }),
      `  /retailers/0/products/0/price: ${formatMessage('apiCataloguePriceRange', { max: euro(CATALOGUE_PRICE_MAX_CENTS) })}`,
      `  /retailers/1/products/0/product_code: ${formatMessage('apiCatalogueCodeOfTwoRetailers', { value: 'LIBCORSO-50', path: '/retailers/0/products/1/product_code' })}`,
      `  /fuel_cards/1/product_code: ${formatMessage('apiContentRepeated', { value: 'CARB-50', path: '/fuel_cards/0/product_code' })}`,
      `  /mutual_aid/0/products/1/slug: ${formatMessage('apiContentRepeated', { value: 'famiglia-nido', path: '/mutual_aid/0/products/0/slug' })}`,
    ]);

    // The schema's problems, each by its path.
    const shapeless = await catalogues({
      retailers: [{ name: 'Senza logo', short_description: '', products: [{ product_code: 'X 1' }] }],
      fuel_cards: [{ product_code: 'CARB-50', name: 'Carta', price: '50', colore: 'rosso' }],
    });
    expect(shapeless.code).toBe(1);
    expect(shapeless.err.slice(1)).toEqual(
      expect.arrayContaining([
        `  /retailers/0: ${formatMessage('apiContentFieldMissing', { field: 'image_url' })}`,
        `  /retailers/0/products/0: ${formatMessage('apiContentFieldMissing', { field: 'price' })}`,
        `  /retailers/0/products/0/product_code: ${formatMessage('apiContentFieldPattern')}`,
        `  /fuel_cards/0: ${formatMessage('apiContentFieldUnknown', { field: 'colore' })}`,
        `  /fuel_cards/0/price: ${formatMessage('apiContentFieldPattern')}`,
      ]),
    );
    // An image that is neither https nor an inline SVG.
    const picture = example();
    picture.retailers![0]!.image_url = `data:image/svg+xml;base64,${Buffer.from('<html></html>').toString('base64')}`;
    expect((await catalogues(picture)).err).toEqual([
      formatMessage('apiCataloguesRefused', { n: 1 }),
      `  /retailers/0/image_url: ${formatMessage('apiCatalogueImageInvalid')}`,
    ]);
    // Not JSON at all.
    const broken = await operator(['catalogues', file('broken.json', '{ "retailers": [')]);
    expect(broken.code).toBe(1);
    expect(await tables()).toEqual(before);
  });

  it('shows the loaded products to an employee, who buys one and gets the code loaded for it', async () => {
    const { userId, token } = await buyer();
    const get = async <T>(url: string) => {
      const response = await t.request({ method: 'GET', url, token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return json<T>(response);
    };
    const retailers = await get<{ results: { RetailerId: number; Name: string }[] }>('/api/aml_rivenditori');
    expect(retailers.results.map((r) => r.Name)).toEqual(['Libreria del Corso', 'Sportivo Valle']);
    const id = retailers.results[0]!.RetailerId;
    const page = await get<{
      count: number;
      results: { ProductCode: string; Name: string; Price: string }[];
    }>(`/api/aml_prodotti/${id}`);
    expect(page.count).toBe(3);
    expect(page.results.map((p) => [p.ProductCode, p.Name, p.Price])).toEqual([
      ['LIBCORSO-25', 'Buono 25 €', '25.00'],
      ['LIBCORSO-50', 'Buono 50 €', '50.00'],
      ['LIBCORSO-100', 'Buono 100 €', '100.00'],
    ]);
    const header = await get<{ MerchantLongDescription: string }>(`/api/aml_rivenditori/${id}`);
    expect(header.MerchantLongDescription).toBe(example().retailers![0]!.long_description);

    const codes = file(
      'codici.csv',
      [
        'acquisto,prodotto,codice',
        'buono-aml,LIBCORSO-25,LIBCORSO-CODICE-0001',
        'buono-aml,LIBCORSO-50,LIBCORSO-CODICE-0002',
      ].join('\n'),
    );
    const loaded = await operator(['voucher-codes-load', codes]);
    expect(loaded.err).toEqual([]);
    expect(loaded.code).toBe(0);

    const bought = await t.request({
      method: 'POST',
      url: '/api/crea_acquisto/buono-aml',
      token,
      payload: { product_code: 'LIBCORSO-25' },
      headers: { 'idempotency-key': `catalogo-${++keys}-${Math.random().toString(36).slice(2)}` },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const purchaseId = json<{ id_acquisto: number }>(bought).id_acquisto;
    const detail = await get<{ codice: string }>(`/api/dettaglio_acquisto/${purchaseId}`);
    expect(detail.codice).toBe('LIBCORSO-CODICE-0001');
    expect((await balances(t.db, userId)).art51c3).toBe(7500);
  });

  it('prunes what the document no longer lists, but keeps a bought product and a stocked one', async () => {
    const doc = example();
    // Libreria del Corso left out (LIBCORSO-25 bought, LIBCORSO-50 stocked, LIBCORSO-100 neither), one
    // fuel card, one mutual-aid section with one product.
    doc.retailers = doc.retailers!.slice(1);
    doc.fuel_cards = doc.fuel_cards!.slice(0, 1);
    doc.mutual_aid = [{ ...doc.mutual_aid![0]!, products: doc.mutual_aid![0]!.products.slice(0, 1) }];

    // Without --prune nothing goes.
    const plain = await catalogues(doc);
    expect(plain).toEqual({ code: 0, out: [NO_CHANGE], err: [] });

    const kept = [
      'buono LIBCORSO-25: non elencato ma tenuto, compare in acquisti registrati',
      'buono LIBCORSO-50: non elencato ma tenuto, ha codici dei fornitori caricati',
      'rivenditore «Libreria del Corso»: non elencato ma tenuto, ha ancora prodotti tenuti',
    ];
    const pruned = await catalogues(doc, '--prune');
    expect(pruned.err).toEqual([]);
    expect(pruned.code).toBe(0);
    expect(pruned.out).toEqual([
      'buono LIBCORSO-100: tolto',
      'carta carburante CARB-100: tolta',
      'prodotto di mutuo soccorso famiglia-centri-estivi: tolto',
      'prodotto di mutuo soccorso salute-base: tolto',
      'sezione di mutuo soccorso assistenza_sanitaria_integrativa: tolta',
      ...kept,
    ]);
    const shown = await tables();
    expect(shown.products.map((p) => p.product_code)).toEqual([
      'LIBCORSO-25',
      'LIBCORSO-50',
      'SPVALLE-150',
      'SPVALLE-50',
    ]);
    expect(shown.cards.map((c) => c.product_code)).toEqual(['CARB-50']);
    expect(shown.sections.map((s) => s.slug_name)).toEqual(['famiglia']);
    expect(shown.mutualAid.map((p) => p.slug_name)).toEqual(['famiglia-nido']);

    // Again: nothing to change, the same entries kept.
    expect(await catalogues(doc, '--prune')).toEqual({ code: 0, out: [...kept, NO_CHANGE], err: [] });
  });
});
