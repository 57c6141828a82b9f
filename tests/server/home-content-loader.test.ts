/**
 * The home's carousel and info popup as installation content (issue 24), with demo mode off: a customer
 * provisioned without the demo seed has no slides and no popup; the installation content document's
 * `home` section (`npm run admin -- content FILE`) gives them, and an employee of that customer sees them
 * through the home's calls; the same file again changes nothing; a changed slide is updated; --prune
 * removes the slides the document no longer lists (a clicked one is only hidden) and the popup of a
 * customer left out; a wrong document is refused whole, every problem by its JSON path, nothing written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallationContent } from '../../schemas/wire-types.gen';
import { runAdmin } from '../../src/server/admin';
import { messages } from '../../src/server/messages';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

const EXAMPLE = 'examples/content.json';
const homeOf = (doc: InstallationContent): InstallationContent => ({ home: doc.home });
const example = () => homeOf(JSON.parse(readFileSync(EXAMPLE, 'utf8')) as InstallationContent);

describe.each(backends)('home content, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false });
    dir = mkdtempSync(join(tmpdir(), 'welfare-home-content-'));
    // An employee of the example's customer, and one of another customer.
    const user = await createTestUser(t.db);
    await t.db.updateTable('customers').set({ slug: 'fabbrica' }).where('id', '=', user.customerId).execute();
    token = await t.login(user.email);
    const other = await createTestUser(t.db);
    await t.db.updateTable('customers').set({ slug: 'altro' }).where('id', '=', other.customerId).execute();
    otherToken = await t.login(other.email);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const content = async (document: string | object, ...options: string[]) => {
    const path =
      typeof document === 'string'
        ? document
        : join(dir, `content-${Math.random().toString(36).slice(2)}.json`);
    if (typeof document !== 'string') writeFileSync(path, JSON.stringify(document));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(['content', path, ...options], {
      db: t.db,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err };
  };

  const home = async (as = token) => {
    const slides = await t.request({ method: 'GET', url: '/api/carosello_get_playlist', token: as });
    const popup = await t.request({ method: 'GET', url: '/api/info_popup', token: as });
    expect(slides.statusCode).toBe(200);
    expect(popup.statusCode).toBe(200);
    return {
      slides: json<{ id: number; title: string; subtitle: string; cta: string; img_path: string }[]>(
        slides,
      ).map((s) => ({
        title: s.title,
        subtitle: s.subtitle,
        cta: s.cta,
        image: s.img_path.split('?')[0],
      })),
      popup: json<{ popup_content: string }>(popup).popup_content,
      ids: json<{ id: number; click_action: string }[]>(slides),
    };
  };

  it('starts with no slides and no popup', async () => {
    const shown = await home();
    expect(shown.slides).toEqual([]);
    expect(shown.popup).toBe('');
  });

  it('loads the example’s home; the employee sees it; the same file again changes nothing', async () => {
    const first = await content(EXAMPLE);
    expect(first.err).toEqual([]);
    expect(first.out).toEqual(
      expect.arrayContaining([
        'cliente fabbrica: popup informativo impostato',
        'cliente fabbrica: slide rimborsi creata',
        'cliente fabbrica: slide previdenza creata',
      ]),
    );
    const doc = example();
    const shown = await home();
    expect(shown.popup).toBe(doc.home![0]!.popup);
    expect(shown.slides).toEqual([
      {
        title: 'Rimborsi spese',
        subtitle: 'Le spese della famiglia, rimborsate',
        cta: 'Chiedi un rimborso',
        image: '/api/carosello_img/rimborsi-spese.svg',
      },
      {
        title: 'Previdenza integrativa',
        subtitle: 'Il credito welfare nel fondo pensione',
        cta: '',
        image: '/api/carosello_img/previdenza.svg',
      },
    ]);
    // Another customer's employee sees nothing of it.
    expect((await home(otherToken)).slides).toEqual([]);
    expect((await home(otherToken)).popup).toBe('');

    expect(await content(EXAMPLE)).toEqual({ code: 0, out: [messages.apiContentNoChange], err: [] });
    expect(await content(doc, '--prune')).toEqual({ code: 0, out: [messages.apiContentNoChange], err: [] });
  });

  it('updates a changed slide, removes only with --prune, and hides a clicked slide instead', async () => {
    const doc = example();
    const fabbrica = doc.home![0]!;
    // The employee clicks the first slide (a click row refers to it).
    const before = await home();
    const click = await t.request({
      method: 'POST',
      url: '/api/carosello_click_count',
      token,
      payload: { slide_id: before.ids[0]!.id, click_action: before.ids[0]!.click_action },
    });
    expect(click.statusCode).toBeLessThan(300);

    fabbrica.slides = [{ ...fabbrica.slides![1]!, title: 'Fondo pensione' }];
    fabbrica.popup = '<p>Nuovo avviso</p>';
    expect(await content(doc)).toEqual({
      code: 0,
      out: ['cliente fabbrica: popup informativo impostato', 'cliente fabbrica: slide previdenza aggiornata'],
      err: [],
    });
    let shown = await home();
    // Without --prune nothing is taken away.
    expect(shown.slides.map((s) => s.title).sort()).toEqual(['Fondo pensione', 'Rimborsi spese']);
    expect(shown.popup).toBe('<p>Nuovo avviso</p>');

    expect(await content(doc, '--prune')).toEqual({
      code: 0,
      out: ['cliente fabbrica: slide rimborsi nascosta (è già stata cliccata, non si può togliere)'],
      err: [],
    });
    shown = await home();
    expect(shown.slides.map((s) => s.title)).toEqual(['Fondo pensione']);
    const hidden = await t.db
      .selectFrom('carousel_slides')
      .select('active')
      .where('rif_esterno', '=', 'content-slide-fabbrica-rimborsi')
      .executeTakeFirstOrThrow();
    expect(hidden.active).toBe(false);
    expect(await content(doc, '--prune')).toEqual({ code: 0, out: [messages.apiContentNoChange], err: [] });

    // An unclicked slide goes; a customer the section leaves out loses its home with --prune.
    expect(await content({ home: [{ customer: 'fabbrica', slides: [] }] }, '--prune')).toEqual({
      code: 0,
      out: ['cliente fabbrica: slide previdenza tolta'],
      err: [],
    });
    expect(await content({ home: [] }, '--prune')).toEqual({
      code: 0,
      out: ['cliente fabbrica: popup informativo tolto'],
      err: [],
    });
    shown = await home();
    expect(shown.slides).toEqual([]);
    expect(shown.popup).toBe('');
  });

  it('refuses a wrong document whole, every problem by its JSON path, writing nothing', async () => {
    const slide = { slug: 'a', image: 'viaggi.svg', title: 'Viaggi', action: 'none' };
    const schemaWrong = await content({
      home: [{ customer: 'fabbrica', popup: 3, slides: [{ ...slide, image: 'viaggi.png' }] }],
    });
    expect(schemaWrong.code).toBe(1);
    expect(schemaWrong.err.join('\n')).toContain('/home/0/popup');
    expect(schemaWrong.err.join('\n')).toContain('/home/0/slides/0/image');

    const checksWrong = await content({
      home: [
        {
          customer: 'fabbrica',
          popup: '<p>Non scritto</p>',
          slides: [
            slide,
            { ...slide, image: 'inesistente.svg' },
            { ...slide, slug: 'b', action: 'subsection', target: 'rimborsi' },
            { ...slide, slug: 'c', action: 'navigate', target: 'rotta-inesistente' },
          ],
        },
        { customer: 'nessuno', popup: '<p>x</p>' },
      ],
    });
    expect(checksWrong.code).toBe(1);
    const problems = checksWrong.err.join('\n');
    expect(problems).toContain('/home/0/slides/1/slug');
    expect(problems).toContain('/home/0/slides/1/image');
    expect(problems).toContain('/home/0/slides/2/target');
    expect(problems).toContain('/home/0/slides/3/target');
    expect(checksWrong.out).toEqual([]);

    const customerWrong = await content({
      home: [
        { customer: 'fabbrica', popup: '<p>Non scritto</p>', slides: [slide] },
        { customer: 'nessuno', popup: '<p>x</p>' },
      ],
    });
    expect(customerWrong.code).toBe(1);
    expect(customerWrong.err.join('\n')).toContain('/home/1/customer');
    const shown = await home();
    expect(shown.slides).toEqual([]);
    expect(shown.popup).toBe('');
  });
});
