/**
 * The conventions network as installation content (issue 24), with demo mode off: the network starts
 * empty; the example document (examples/conventions.json) loaded by `npm run admin -- conventions` fills
 * categories, suppliers with their articles and consortia with their affiliates; the same file again
 * changes nothing; a signed-in employee then sees them through the sellers' calls and buys an article;
 * a company supplier is seen by its company's employees only; --prune removes what the document no longer
 * lists, hides what a purchase names; a wrong document is refused whole, every problem by its JSON path,
 * nothing written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conventions } from '../../schemas/wire-types.gen';
import { runAdmin } from '../../src/server/admin';
import { formatMessage, messages } from '../../src/server/messages';
import { addDays, addMonths, romeDate } from '../../src/server/services/calendar';
import { conventionProblems } from '../../src/server/services/conventions-loader';
import { addCredit, balances } from '../../src/server/services/ledger';
import { backends, buildTestApp, createTestUser, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

const EXAMPLE = 'examples/conventions.json';
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Conventions;
const NO_CHANGE = messages.apiConventionsNoChange;
const MEDICO = '12345678903';
const PALESTRA = '02345678904';
const CONSORZIO = '01234567897';
const COMPANY_VAT = '03456789019';

type Body = Record<string, unknown>;
interface Supplier {
  id: number;
  nome: string;
  prov_name: string;
  is_consorzio: boolean;
}
interface Article {
  id: number;
  id_fornitore: number;
  codice_articolo: string;
  prezzo_scontato: string;
  imgs: { web_url: string }[];
}

describe('the example document', () => {
  it('is accepted by the checks that need no database', () => {
    expect(conventionProblems(example())).toEqual([]);
  });
});

describe.each(backends)('conventions network, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  let keys = 0;
  let employee: { userId: number; companyId: number; token: string };
  let outsider: { token: string };

  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false, env: { TICKET_SECRET: TEST_TICKET_SECRET } });
    dir = mkdtempSync(join(tmpdir(), 'welfare-conventions-'));
    const today = romeDate();
    const user = await createTestUser(t.db);
    await t.db
      .updateTable('companies')
      .set({ partita_iva: COMPANY_VAT })
      .where('id_azienda', '=', user.companyId)
      .execute();
    await addCredit(t.db, {
      userId: user.userId,
      amountCents: 50_000,
      fonte: 7,
      isArt51c3: true,
      dataDecorrenza: addDays(today, -1),
      dataScadenza: addMonths(today, 6),
    });
    employee = { ...user, token: await t.login(user.email) };
    const other = await createTestUser(t.db);
    outsider = { token: await t.login(other.email) };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const operator = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { db: t.db, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };
  /** `npm run admin -- conventions <file> [options]` on a path, or on a document written to one. */
  const conventions = (document: string | object, ...options: string[]) => {
    let path = document as string;
    if (typeof document !== 'string') {
      path = join(dir, `conventions-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, JSON.stringify(document));
    }
    return operator(['conventions', path, ...options]);
  };

  const get = async <T = Body>(url: string, token = employee.token) => {
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, response.body).toBe(200);
    return json<T>(response);
  };
  const buy = (article: Article) =>
    t.request({
      method: 'POST',
      url: '/api/crea_acquisto/articolo',
      token: employee.token,
      payload: {
        id_articolo: article.id,
        id_fornitore: article.id_fornitore,
        codice_articolo: article.codice_articolo,
      },
      headers: { 'idempotency-key': `convenzioni-${++keys}-${Math.random().toString(36).slice(2)}` },
    });

  /** What the tables hold. */
  const tables = async () => ({
    categories: await t.db.selectFrom('conv_categories').selectAll().orderBy('id').execute(),
    suppliers: await t.db.selectFrom('conv_suppliers').selectAll().orderBy('id').execute(),
    articles: await t.db.selectFrom('conv_articles').selectAll().orderBy('id').execute(),
    images: await t.db.selectFrom('conv_article_images').selectAll().orderBy('id_articolo').execute(),
    affiliates: await t.db
      .selectFrom('conv_consortium_affiliates')
      .selectAll()
      .orderBy('id_fornitore')
      .execute(),
  });
  const supplierId = async (vat: string) =>
    Number(
      (
        await t.db
          .selectFrom('conv_suppliers')
          .select('id')
          .where('partita_iva', '=', vat)
          .executeTakeFirstOrThrow()
      ).id,
    );
  const showcase = async (vat: string) =>
    (await get<{ results: Article[] }>(`/api/vetrina_fornitore/${await supplierId(vat)}`)).results;

  it('starts with an empty network: only the categories of the contract', async () => {
    const empty = await tables();
    expect(empty.suppliers).toEqual([]);
    expect(empty.articles).toEqual([]);
    expect(empty.categories.map((c) => c.id)).toEqual([8, 11]);
    expect(await get('/api/fornitori_convenzionati')).toEqual([]);
  });

  it('loads the example, every entry reported; the same file again changes nothing', async () => {
    const first = await conventions(EXAMPLE);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      'categoria 1 «Salute e benessere»: creata',
      'categoria 2 «Sport e palestre»: creata',
      'categoria 9 «Consorzi»: creata',
      `fornitore ${MEDICO} «Centro Medico Sempione»: creato`,
      `articolo CMS-VISITA di ${MEDICO}: creato`,
      `articolo CMS-FISIO5 di ${MEDICO}: creato`,
      `fornitore ${PALESTRA} «Palestra Olimpia»: creato`,
      `articolo OLI-MESE di ${PALESTRA}: creato`,
      `consorzio ${CONSORZIO} «Consorzio Benessere Lombardia»: creato`,
      `consorzio ${CONSORZIO} «Consorzio Benessere Lombardia»: aggiornato (affiliati)`,
    ]);
    const loaded = await tables();
    expect(loaded.categories.map((c) => [c.id, c.nome, c.ordine])).toEqual([
      [1, 'Salute e benessere', 10],
      [2, 'Sport e palestre', 20],
      [8, 'Fornitori aziendali', 30],
      [9, 'Consorzi', 40],
      [11, 'Fornitori speciali', 50],
    ]);
    expect(loaded.images.map((i) => i.web_url)).toEqual([
      'https://convenzioni.fabbrica.example.com/articoli/fisioterapia.jpg',
    ]);
    expect(loaded.affiliates).toHaveLength(2);

    const again = await conventions(EXAMPLE);
    expect(again).toEqual({ code: 0, out: [NO_CHANGE], err: [] });
    expect(await tables()).toEqual(loaded);
  });

  it('shows the loaded network to an employee through the sellers’ calls', async () => {
    const categories = await get<{ id: number; nome: string }[]>('/api/categorie_fornitori');
    expect(categories.map((c) => c.nome)).toEqual([
      'Salute e benessere',
      'Sport e palestre',
      'Fornitori aziendali',
      'Consorzi',
      'Fornitori speciali',
    ]);
    const health = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=1');
    expect(health.map((s) => [s.nome, s.prov_name])).toEqual([['Centro Medico Sempione', 'Milano']]);
    const provinces = await get<{ sigla: string }[]>('/api/province_fornitori');
    expect(provinces.map((p) => p.sigla).sort()).toEqual(['BG', 'MI']);
    const info = await get<Body>(`/api/info_fornitore/${await supplierId(MEDICO)}`);
    expect(info).toMatchObject({ indirizzo: 'Corso Sempione 12', cap: '20154', tel: '02 1234567' });

    const articles = await showcase(MEDICO);
    expect(articles.map((a) => [a.codice_articolo, a.prezzo_scontato])).toEqual([
      ['CMS-FISIO5', '180.00'],
      ['CMS-VISITA', '64.00'],
    ]);
    expect(articles[0]!.imgs).toEqual([
      { web_url: 'https://convenzioni.fabbrica.example.com/articoli/fisioterapia.jpg' },
    ]);

    const consortia = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=9');
    expect(consortia.map((c) => [c.nome, c.is_consorzio])).toEqual([['Consorzio Benessere Lombardia', true]]);
    const affiliates = await get<Supplier[]>(`/api/fornitori_consorzio/${consortia[0]!.id}`);
    expect(affiliates.map((a) => a.nome)).toEqual(['Centro Medico Sempione', 'Palestra Olimpia']);
  });

  it('sells an article end to end through the generic purchase', async () => {
    const visit = (await showcase(MEDICO)).find((a) => a.codice_articolo === 'CMS-VISITA')!;
    const before = await balances(t.db, employee.userId);
    const bought = await buy(visit);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(before.totale - (await balances(t.db, employee.userId)).totale).toBe(6400);
    const left = await get<{ disponibilita_max: number }>(`/api/info_articolo/${visit.id}`);
    expect(left.disponibilita_max).toBe(49);
  });

  it('updates a changed field and reports it; a company supplier is its company’s only', async () => {
    const doc = example();
    doc.suppliers![0]!.articoli![0]!.prezzo = '90.00';
    doc.suppliers!.push({
      partita_iva: '04567890126',
      nome: 'Giovanni',
      cognome: 'Ferri',
      categoria: 8,
      provincia: 'MI',
      azienda: COMPANY_VAT,
      articoli: [
        { codice_articolo: 'FERRI-1', descrizione: 'Prima visita', prezzo: '50.00', disponibilita: 5 },
      ],
    });
    const changed = await conventions(doc);
    expect(changed.err).toEqual([]);
    // The units on sale are not put back: the one sold stays sold (50 declared, 49 left).
    expect(changed.out).toEqual([
      `articolo CMS-VISITA di ${MEDICO}: aggiornato (prezzo_unitario)`,
      'fornitore 04567890126 «Giovanni Ferri»: creato',
      'articolo FERRI-1 di 04567890126: creato',
    ]);
    const mine = await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=8');
    expect(mine.map((s) => s.nome)).toEqual(['Giovanni']);
    expect(await get<Supplier[]>('/api/fornitori_convenzionati?id_categoria=8', outsider.token)).toEqual([]);
  });

  it('moves the units left by what the declared units changed; units sold stay sold', async () => {
    const visit = (await showcase(MEDICO)).find((a) => a.codice_articolo === 'CMS-VISITA')!;
    const left = async () =>
      (await get<{ disponibilita_max: number }>(`/api/info_articolo/${visit.id}`)).disponibilita_max;
    expect(await left()).toBe(49);
    const declaring = async (units: number) => {
      const doc = example();
      doc.suppliers![0]!.articoli![0]!.prezzo = '90.00';
      doc.suppliers![0]!.articoli![0]!.disponibilita = units;
      return conventions(doc);
    };
    // Ten more on sale: ten more left.
    expect((await declaring(60)).out).toEqual([
      `articolo CMS-VISITA di ${MEDICO}: aggiornato (disponibilita)`,
    ]);
    expect(await left()).toBe(59);
    // The same document again changes nothing, after a sale too.
    expect((await buy(visit)).statusCode).toBe(201);
    expect((await declaring(60)).out).toEqual([NO_CHANGE]);
    expect(await left()).toBe(58);
    // Fewer declared than sold: none left, and none sold beyond them.
    expect((await declaring(1)).out).toEqual([
      `articolo CMS-VISITA di ${MEDICO}: aggiornato (disponibilita)`,
    ]);
    expect(await left()).toBe(0);
    const soldOut = await buy(visit);
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    // Declared again above what was sold: the difference is on sale.
    await declaring(5);
    expect(await left()).toBe(4);
  });

  it('prunes what the document no longer lists, hiding what a purchase names', async () => {
    const visit = (await showcase(MEDICO)).find((a) => a.codice_articolo === 'CMS-VISITA')!;
    const doc = example();
    // Only the fisioterapia left at the medical centre, no gym, no sports category, no company supplier.
    doc.categories = doc.categories!.filter((c) => c.id !== 2);
    doc.suppliers = [{ ...doc.suppliers![0]!, articoli: doc.suppliers![0]!.articoli!.slice(1) }];
    doc.consortia![0]!.affiliati = [MEDICO];

    // Without --prune only the affiliation changes (it is the consortium's field).
    const plain = await conventions(doc);
    expect(plain.out).toEqual([
      `consorzio ${CONSORZIO} «Consorzio Benessere Lombardia»: aggiornato (affiliati)`,
    ]);
    expect((await showcase(MEDICO)).map((a) => a.codice_articolo)).toContain('CMS-VISITA');

    const pruned = await conventions(doc, '--prune');
    expect(pruned.err).toEqual([]);
    expect(pruned.out).toEqual([
      `articolo CMS-VISITA di ${MEDICO}: non elencato, nascosto perché ${messages.apiCatalogueReasonBought}`,
      `fornitore ${PALESTRA}: tolto`,
      'fornitore 04567890126: tolto',
      'categoria 2 «Sport e palestre»: tolta',
    ]);
    expect((await showcase(MEDICO)).map((a) => a.codice_articolo)).toEqual(['CMS-FISIO5']);
    expect(
      (await t.request({ method: 'GET', url: `/api/info_articolo/${visit.id}`, token: employee.token }))
        .statusCode,
    ).toBe(404);
    expect((await buy(visit)).statusCode).toBe(404);
    const names = (await get<Supplier[]>('/api/fornitori_convenzionati')).map((s) => s.nome);
    expect(names).toEqual(['Centro Medico Sempione', 'Consorzio Benessere Lombardia']);
    // The same again: nothing left to do.
    expect((await conventions(doc, '--prune')).out).toEqual([NO_CHANGE]);

    // The medical centre left out: its bought article keeps it, hidden.
    const without = { ...doc, suppliers: [], consortia: [{ ...doc.consortia![0]!, affiliati: [] }] };
    const hidden = await conventions(without, '--prune');
    expect(hidden.out).toEqual([
      `consorzio ${CONSORZIO} «Consorzio Benessere Lombardia»: aggiornato (affiliati)`,
      `fornitore ${MEDICO}: non elencato, nascosto perché ${messages.apiCatalogueReasonBought}`,
    ]);
    expect((await get<Supplier[]>('/api/fornitori_convenzionati')).map((s) => s.nome)).toEqual([
      'Consorzio Benessere Lombardia',
    ]);
    // Listed again: shown again.
    const back = await conventions(doc);
    expect(back.out).toEqual([
      `fornitore ${MEDICO} «Centro Medico Sempione»: aggiornato (attivo)`,
      `consorzio ${CONSORZIO} «Consorzio Benessere Lombardia»: aggiornato (affiliati)`,
    ]);

    // A category left out that still has suppliers stays, and is reported.
    const kept = await conventions({ categories: doc.categories!.filter((c) => c.id !== 1) }, '--prune');
    expect(kept.out).toEqual([
      formatMessage('apiConventionsCategoryKept', { key: '1 «Salute e benessere»' }),
      NO_CHANGE,
    ]);
    expect((await get<{ nome: string }[]>('/api/categorie_fornitori')).map((c) => c.nome)).toContain(
      'Salute e benessere',
    );
  });

  it('is in the operator’s help', async () => {
    const help = await operator(['help']);
    expect(help.out.join('\n')).toContain('conventions <file.json> [--prune]');
  });

  it('refuses a wrong document whole, every problem by its JSON path, nothing written', async () => {
    const before = await tables();
    const doc = example();
    doc.categories![0]!.nome = 'Un nome nuovo, che non va scritto';
    doc.suppliers![0]!.partita_iva = '12345678901';
    doc.suppliers![1]!.provincia = 'XX';
    doc.suppliers![1]!.articoli!.push({ ...doc.suppliers![1]!.articoli![0]! });
    doc.consortia![0]!.partita_iva = PALESTRA;
    const refused = await conventions(doc);
    expect(refused.code).toBe(1);
    expect(refused.out).toEqual([]);
    expect(refused.err).toEqual([
      formatMessage('apiConventionsRefused', { n: 4 }),
      `  /suppliers/0/partita_iva: ${formatMessage('apiConventionsVatInvalid')}`,
      `  /suppliers/1/provincia: ${formatMessage('apiConventionsProvinceUnknown', { value: 'XX' })}`,
      `  /suppliers/1/articoli/1/codice_articolo: ${formatMessage('apiContentRepeated', { value: 'OLI-MESE', path: '/suppliers/1/articoli/0/codice_articolo' })}`,
      `  /consortia/0/partita_iva: ${formatMessage('apiConventionsVatOfTwo', { value: PALESTRA, path: '/suppliers/1/partita_iva' })}`,
    ]);

    // What only the database knows: an unknown category, company and affiliate.
    const unknown = example();
    unknown.categories![0]!.nome = 'Un nome nuovo, che non va scritto';
    unknown.suppliers![1]!.categoria = 77;
    unknown.suppliers!.push({
      partita_iva: '05678901231',
      nome: 'Anna',
      categoria: 8,
      azienda: '06789012348',
    });
    unknown.consortia![0]!.affiliati.push('06789012348');
    const late = await conventions(unknown);
    expect(late.code).toBe(1);
    expect(late.err).toEqual([
      formatMessage('apiConventionsRefused', { n: 3 }),
      `  /suppliers/1/categoria: ${formatMessage('apiConventionsCategoryUnknown', { value: '77' })}`,
      `  /suppliers/2/azienda: ${formatMessage('apiConventionsCompanyUnknown', { value: '06789012348' })}`,
      `  /consortia/0/affiliati/2: ${formatMessage('apiConventionsAffiliateUnknown', { value: '06789012348' })}`,
    ]);

    // The schema's problems, each by its path.
    const shapeless = await conventions({
      suppliers: [{ partita_iva: '123', nome: 'X', categoria: 1, colore: 'rosso' }],
    });
    expect(shapeless.code).toBe(1);
    expect(shapeless.err.slice(1)).toEqual(
      expect.arrayContaining([
        `  /suppliers/0: ${formatMessage('apiContentFieldUnknown', { field: 'colore' })}`,
        `  /suppliers/0/partita_iva: ${formatMessage('apiContentFieldPattern')}`,
      ]),
    );
    expect(await tables()).toEqual(before);
  });
});
