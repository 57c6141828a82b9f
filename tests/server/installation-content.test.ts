/**
 * Installation content with demo mode off (issue 24): on a database without the demo seed the portal's
 * calls answer no documentation, no tutorials, no app links and no benefit hub code; the example
 * document (examples/content.json) loaded by `npm run admin -- content` fills them, read back through
 * the same calls as a signed-in employee; the same file again changes nothing; a changed document
 * updates what changed and removes what it no longer lists only with --prune; a wrong document is
 * refused whole, every problem by its JSON path, nothing written. In demo mode the demo's content came
 * through the same loader, its documents are served by this server, and its customers have their codes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallationContent } from '../../schemas/wire-types.gen';
import { runAdmin } from '../../src/server/admin';
import { DEMO_CONTENT } from '../../src/server/db/demo-content';
import { messages } from '../../src/server/messages';
import { loadInstallationContent } from '../../src/server/services/installation-content';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

const EXAMPLE = 'examples/content.json';
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as InstallationContent;
const NO_CHANGE = messages.apiContentNoChange;

describe.each(backends)('installation content, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false });
    dir = mkdtempSync(join(tmpdir(), 'welfare-content-'));
    // An employee of the example's customer (the provisioning example's code).
    const user = await createTestUser(t.db);
    await t.db.updateTable('customers').set({ slug: 'fabbrica' }).where('id', '=', user.customerId).execute();
    token = await t.login(user.email);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run admin -- content <file> [options]` on a path, or on a document written to one. */
  const content = async (file: string | object, ...options: string[]) => {
    let path = file as string;
    if (typeof file !== 'string') {
      path = join(dir, `content-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, JSON.stringify(file));
    }
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['content', path, ...options], {
      db: t.db,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  };

  const get = async (url: string, status = 200) => {
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
    return json<unknown>(response);
  };

  /** What the portal shows, through its calls. */
  const portal = async () => ({
    tutorials: await get('/api/static_links/tutorial'),
    documentation: await get('/api/static_links/documentazione'),
    fringe: await get('/api/static_links/documentazione?group=fringe-app'),
    apps: await get('/api/static_links/app'),
    code: ((await get('/api/benefit_hub')) as { codice_cliente: string | null }).codice_cliente,
  });

  const pensionInformation = () =>
    t.request({
      method: 'GET',
      url: '/api/static_links/documentazione/informativa_previdenza_integrativa',
      token,
    });

  it('answers nothing before any content: empty lists, no app links, no benefit hub code', async () => {
    expect(await portal()).toEqual({ tutorials: [], documentation: [], fringe: [], apps: [], code: null });
    expect((await pensionInformation()).statusCode).toBe(404);
  });

  it('loads the example and the portal shows it; the same file again changes nothing', async () => {
    const first = await content(EXAMPLE);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      'documentazione rimb-spese: gruppo creato',
      'documentazione rimb-spese: collegamento regolamento_rimborsi creato',
      'documentazione rimb-spese: collegamento elenco_spese_ammesse creato',
      'documentazione conv-previdenza-integrativa: gruppo creato',
      'documentazione conv-previdenza-integrativa: collegamento informativa_previdenza_integrativa creato',
      'documentazione fringe-app: gruppo creato',
      'documentazione fringe-app: collegamento guida_fringe_benefit creato',
      'tutorial rimb-spese: gruppo creato',
      'tutorial rimb-spese: collegamento tutorial_rimborso_spese creato',
      'app di conv-toduba: collegamenti creati',
      'app di conv-ollipay: collegamenti creati',
      'cliente fabbrica: codice Benefit Hub impostato',
      'cliente fabbrica: popup informativo impostato',
      'cliente fabbrica: slide rimborsi creata',
      'cliente fabbrica: slide previdenza creata',
    ]);

    const doc = example();
    const shown = await portal();
    const link = (l: { slug: string; nome: string; descrizione?: string; url: string }) => ({
      id: expect.any(Number),
      slug_name: l.slug,
      nome: l.nome,
      descrizione: l.descrizione ?? '',
      url: l.url,
    });
    expect(shown.tutorials).toEqual([
      { slug_name: 'rimb-spese', nome: 'Rimborso spese', links: doc.tutorials![0]!.links.map(link) },
    ]);
    // Every documentation link, by group then in the document's order.
    const byGroup = [...doc.documentation!].sort((a, b) => a.group.localeCompare(b.group));
    expect(shown.documentation).toEqual(byGroup.flatMap((group) => group.links.map(link)));
    expect(shown.fringe).toEqual(doc.documentation![2]!.links.map(link));
    expect(shown.apps).toEqual([
      {
        route_name: 'conv-ollipay',
        ios: null,
        android: 'https://play.google.com/store/apps/details?id=com.example.ollipay',
      },
      {
        route_name: 'conv-toduba',
        ios: 'https://apps.apple.com/it/app/toduba/id0000000000',
        android: 'https://play.google.com/store/apps/details?id=com.example.toduba',
      },
    ]);
    expect(shown.code).toBe('FABBRICA-0042');
    expect(json(await pensionInformation())).toEqual({
      url: 'https://documenti.fabbrica.example.com/welfare/informativa-previdenza.pdf',
    });

    expect(await content(EXAMPLE)).toEqual({ code: 0, out: [NO_CHANGE], err: [] });
    expect(await portal()).toEqual(shown);
  });

  it('updates what changed and keeps what the document no longer lists; --prune removes it', async () => {
    const doc = example();
    const rimbSpese = doc.documentation![0]!;
    // A new address for one link, one link and one group left out, a renamed tutorial group, one app
    // with one store less, the customer's code changed.
    rimbSpese.links[0]!.url = 'https://documenti.fabbrica.example.com/welfare/regolamento-2027.pdf';
    rimbSpese.links.pop();
    doc.documentation!.pop();
    doc.tutorials![0]!.nome = 'Rimborsi';
    doc.apps = [{ page: 'conv-toduba', ios: 'https://apps.apple.com/it/app/toduba/id0000000000' }];
    doc.customers = [{ code: 'fabbrica', benefit_hub_code: 'FAB/2027.1' }];

    const changed = await content(doc);
    expect(changed).toEqual({
      code: 0,
      out: [
        'documentazione rimb-spese: collegamento regolamento_rimborsi aggiornato',
        'tutorial rimb-spese: gruppo aggiornato',
        'app di conv-toduba: collegamenti aggiornati',
        'cliente fabbrica: codice Benefit Hub impostato',
      ],
      err: [],
    });
    let shown = await portal();
    const slugs = (links: unknown) => (links as { slug_name: string }[]).map((l) => l.slug_name);
    // Without --prune nothing is taken away.
    expect(slugs(shown.documentation)).toEqual([
      'informativa_previdenza_integrativa',
      'guida_fringe_benefit',
      'regolamento_rimborsi',
      'elenco_spese_ammesse',
    ]);
    expect((shown.documentation as { url: string }[])[2]!.url).toBe(rimbSpese.links[0]!.url);
    expect((shown.tutorials as { nome: string }[])[0]!.nome).toBe('Rimborsi');
    expect((shown.apps as { route_name: string }[]).map((a) => a.route_name)).toEqual([
      'conv-ollipay',
      'conv-toduba',
    ]);
    expect(shown.code).toBe('FAB/2027.1');

    const pruned = await content(doc, '--prune');
    expect(pruned).toEqual({
      code: 0,
      out: [
        'documentazione: collegamento elenco_spese_ammesse tolto',
        'documentazione: collegamento guida_fringe_benefit tolto',
        'documentazione fringe-app: gruppo tolto',
        'app di conv-ollipay: collegamenti tolti',
      ],
      err: [],
    });
    shown = await portal();
    expect(slugs(shown.documentation)).toEqual([
      'informativa_previdenza_integrativa',
      'regolamento_rimborsi',
    ]);
    expect(shown.fringe).toEqual([]);
    expect(shown.apps).toEqual([
      { route_name: 'conv-toduba', ios: 'https://apps.apple.com/it/app/toduba/id0000000000', android: null },
    ]);
    expect(await content(doc, '--prune')).toEqual({ code: 0, out: [NO_CHANGE], err: [] });

    // A section left out is left alone, even with --prune; an empty one is emptied.
    expect(await content({ customers: [] }, '--prune')).toEqual({
      code: 0,
      out: ['cliente fabbrica: codice Benefit Hub tolto'],
      err: [],
    });
    expect(await portal()).toEqual({ ...shown, code: null });
    expect((await content({ tutorials: [] }, '--prune')).out).toEqual([
      'tutorial: collegamento tutorial_rimborso_spese tolto',
      'tutorial rimb-spese: gruppo tolto',
    ]);
    expect(await get('/api/static_links/tutorial')).toEqual([]);
  });

  it('refuses a wrong document whole, every problem by its JSON path, and writes nothing', async () => {
    const before = await portal();

    const schemaWrong = await content({
      documentazione: [],
      tutorials: [{ group: 'rimb-spese', links: [] }],
      apps: [{ page: 'conv-toduba', ios: 'http://apps.apple.com/it/app/toduba' }],
    });
    expect(schemaWrong.code).toBe(1);
    expect(schemaWrong.out).toEqual([]);
    expect(schemaWrong.err).toEqual([
      'Contenuti rifiutati, nulla è stato scritto (3 errori):',
      '  /: campo non previsto «documentazione»',
      '  /tutorials/0: manca il campo «nome»',
      '  /apps/0/ios: formato non ammesso',
    ]);

    const link = (slug: string, url = `https://documenti.example.com/${slug}.pdf`) => ({
      slug,
      nome: slug,
      url,
    });
    // Right by the schema, wrong by what the schema cannot know; the customer is checked in the
    // database after the links were written, and its refusal takes them back.
    const checksWrong = await content({
      documentation: [
        { group: 'rimb-spese', links: [link('a'), link('b')] },
        { group: 'sconosciuto', links: [link('a')] },
        { group: 'rimb-spese', links: [] },
      ],
      tutorials: [{ group: 'rimb-spese', nome: 'R', links: [link('a', 'https://:80/video.mp4')] }],
      apps: [{ page: 'conv-amazon' }, { page: 'conv-toduba', android: 'https://play.google.com/x' }],
      customers: [
        { code: 'fabbrica', benefit_hub_code: 'X-1' },
        { code: 'fabbrica', benefit_hub_code: 'X-2' },
      ],
    });
    expect(checksWrong.code).toBe(1);
    expect(checksWrong.err).toEqual([
      'Contenuti rifiutati, nulla è stato scritto (7 errori):',
      '  /documentation/1/group: gruppo di documentazione sconosciuto «sconosciuto» (gruppi: rimb-spese, rimb-bollette, rimb-aff-mutui, conv-previdenza-integrativa, fringe-app)',
      '  /documentation/1/links/0/slug: «a» compare già in /documentation/0/links/0/slug',
      '  /documentation/2/group: «rimb-spese» compare già in /documentation/0/group',
      '  /tutorials/0/links/0/url: indirizzo non valido: serve https:// oppure un percorso di questo server (/...)',
      '  /apps/0/page: pagina senza app «conv-amazon» (pagine: conv-toduba, conv-appaga, conv-ollipay)',
      '  /apps/0: serve almeno uno tra «ios» e «android»',
      '  /customers/1/code: «fabbrica» compare già in /customers/0/code',
    ]);

    const unknownCustomer = await content({
      documentation: [{ group: 'rimb-bollette', links: [link('nuovo')] }],
      apps: [{ page: 'conv-appaga', ios: 'https://apps.apple.com/it/app/appaga/id1' }],
      customers: [
        { code: 'fabbrica', benefit_hub_code: 'NUOVO-1' },
        { code: 'nessuno', benefit_hub_code: 'N-1' },
      ],
    });
    expect(unknownCustomer).toEqual({
      code: 1,
      out: [],
      err: [
        'Contenuti rifiutati, nulla è stato scritto (1 errori):',
        '  /customers/1/code: cliente inesistente «nessuno»',
      ],
    });

    const unreadable = join(dir, 'rotto.json');
    writeFileSync(unreadable, '{"documentation": [');
    const broken = await content(unreadable);
    expect(broken.code).toBe(1);
    expect(broken.err[0]).toMatch(/^Errore: File non leggibile come JSON: .*rotto\.json \(/);

    expect(await portal()).toEqual(before);
  });
});

describe('installation content in demo mode (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('came through the loader: loading the demo document again changes nothing', async () => {
    expect(await loadInstallationContent(t.db, DEMO_CONTENT)).toEqual({ changes: [] });
  });

  it('gives the demo customers their benefit hub code and serves the demo documents', async () => {
    const mario = await t.login('mario.rossi@example.com');
    const hub = json(await t.request({ method: 'GET', url: '/api/benefit_hub', token: mario }));
    expect(hub.codice_cliente).toBe('ACME-7F3K92QD');

    const information = json<{ url: string }>(
      await t.request({
        method: 'GET',
        url: '/api/static_links/documentazione/informativa_previdenza_integrativa',
        token: mario,
      }),
    );
    expect(information.url).toBe('/demo-partner/documentazione/informativa-previdenza-integrativa.pdf');
    const pdf = await t.request({ method: 'GET', url: information.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(
      'Documento dimostrativo: Informativa sulla previdenza complementare',
    );
    // Every demo documentation link leads to a document, none to an example address.
    for (const group of DEMO_CONTENT.documentation)
      for (const link of group.links)
        expect((await t.request({ method: 'GET', url: link.url })).statusCode, link.url).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/demo-partner/documentazione/inesistente.pdf' })).statusCode,
    ).toBe(404);
  });

  it('serves no demo document outside demo mode', async () => {
    const off = await buildTestApp('pglite', { demo: false }, { sharedEmpty: true });
    try {
      const url = DEMO_CONTENT.documentation[0]!.links[0]!.url;
      expect((await off.request({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
