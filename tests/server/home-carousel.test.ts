/**
 * The employee home (spec 000 §2, §3, §7): the info popup per customer, the carousel playlist with
 * its signed declared actions (config/carousel-actions.ts), its images and the click counter.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carouselActionNames, carouselActions } from '../../config/carousel-actions';
import { messages } from '../../config/messages-api.it';
import { loggerOptions } from '../../src/server/app';
import { ACME_INFO_POPUP } from '../../src/server/db/seed-home';
import { loadApiSchemas } from '../../src/server/plugins/schemas';
import {
  checkCarouselAction,
  isDeclaredAction,
  signCarouselAction,
} from '../../src/server/services/carousel';
import { signData } from '../../src/server/services/signed-links';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

const ASSETS = 'src/server/assets/carousel/';

function validator(id: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const schema of loadApiSchemas()) ajv.addSchema(schema);
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`schema ${id} mancante`);
  return validate;
}

interface Slide {
  id: number;
  img_path: string;
  file_name: string;
  title: string;
  subtitle: string;
  text: string;
  cta: string;
  click_action: string;
  route_name: string | null;
  menu_key: string | null;
}

/** The JSON payload of a signed token, unverified. */
function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** The same token with its payload changed and the old signature kept. */
function tampered(token: string, change: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify({ ...payloadOf(token), ...change }), 'utf8').toString('base64url');
  return `${body}.${token.split('.')[1]!}`;
}

describe('carousel action rules (config/carousel-actions.ts)', () => {
  it('declares navigate, partner, subsection and none, and the answer schema names the same types', () => {
    expect(carouselActionNames).toEqual(
      expect.arrayContaining(['navigate', 'partner', 'subsection', 'none']),
    );
    for (const name of carouselActionNames) expect(carouselActions[name].description).toBeTruthy();
    const schema = JSON.parse(readFileSync('schemas/api/carousel-click.json', 'utf8')) as {
      properties: { action: { oneOf: Array<{ properties?: { type: { enum: string[] } } }> } };
    };
    const declared = schema.properties.action.oneOf.find((s) => s.properties)!.properties!.type.enum;
    expect(declared).toEqual(carouselActionNames);
  });

  it('accepts only targets that fit the type', () => {
    expect(isDeclaredAction('navigate', 'rimb-spese')).toBe(true);
    expect(isDeclaredAction('navigate', 'dashmovimenti')).toBe(true);
    expect(isDeclaredAction('navigate', 'conv-viaggi')).toBe(false); // a partner page
    expect(isDeclaredAction('navigate', 'login')).toBe(false); // public
    expect(isDeclaredAction('navigate', 'home-refazi')).toBe(false); // back office
    expect(isDeclaredAction('navigate', 'non-esiste')).toBe(false);
    expect(isDeclaredAction('navigate', 'toString')).toBe(false);
    expect(isDeclaredAction('navigate', null)).toBe(false);
    expect(isDeclaredAction('partner', 'conv-viaggi')).toBe(true);
    expect(isDeclaredAction('partner', 'rimb-spese')).toBe(false);
    expect(isDeclaredAction('subsection', 'tree-buoni')).toBe(true);
    expect(isDeclaredAction('subsection', 'tree-')).toBe(false);
    expect(isDeclaredAction('subsection', 'menu')).toBe(false);
    expect(isDeclaredAction('subsection', 'tree-<x>')).toBe(false);
    expect(isDeclaredAction('none', null)).toBe(true);
    expect(isDeclaredAction('none', 'menu')).toBe(false);
    expect(isDeclaredAction('script', 'alert(1)')).toBe(false);
    expect(isDeclaredAction('__proto__', null)).toBe(false);
  });

  it('signs and checks an action, and refuses every alteration', () => {
    const now = new Date();
    const token = signCarouselAction(7, { type: 'navigate', target: 'rimb-spese' }, TEST_TICKET_SECRET, now);
    expect(checkCarouselAction(token, 7, TEST_TICKET_SECRET, now)).toEqual({
      ok: true,
      action: { type: 'navigate', target: 'rimb-spese' },
    });
    expect(payloadOf(token)).toMatchObject({ slide_id: 7, type: 'navigate', target: 'rimb-spese' });
    const reason = (t: string, slide = 7, secret = TEST_TICKET_SECRET, at = now) => {
      const check = checkCarouselAction(t, slide, secret, at);
      return check.ok ? 'ok' : check.reason;
    };
    expect(reason(token, 8)).toBe('slide-mismatch');
    expect(reason(token, 7, 'un-altro-segreto-di-almeno-32-caratteri!!')).toBe('signature');
    expect(reason(tampered(token, { target: 'conv-viaggi' }))).toBe('signature');
    expect(reason(token, 7, TEST_TICKET_SECRET, new Date(now.getTime() + 13 * 3600_000))).toBe('expired');
    expect(reason('non-un-token')).toBe('malformed');
    expect(reason(`${token}.x`)).toBe('malformed');
    expect(reason('')).toBe('malformed');
    const undeclared = signData(
      { slide_id: 7, type: 'script', target: 'alert(1)' },
      TEST_TICKET_SECRET,
      'carousel-action',
    );
    expect(reason(undeclared)).toBe('undeclared-type');
    const badTarget = signData(
      { slide_id: 7, type: 'navigate', target: 'login' },
      TEST_TICKET_SECRET,
      'carousel-action',
    );
    expect(reason(badTarget)).toBe('invalid-target');
  });

  it('ships small, script-free SVG banners of 1200x400', () => {
    const files = readdirSync(ASSETS).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const svg = readFileSync(`${ASSETS}${file}`, 'utf8');
      expect(Buffer.byteLength(svg), file).toBeLessThan(10 * 1024);
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 400"/);
      expect(svg, file).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(svg, file).not.toMatch(/<script|<foreignObject|\son[a-z]+\s*=|javascript:|href=|<image/i);
    }
  });
});

describe.each(backends)('home: info popup and carousel (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let giulia: string;
  let luca: string;
  const warnings: Array<Record<string, unknown>> = [];
  const logLines: string[] = [];
  const validSlide = validator('carousel-slide');

  beforeAll(async () => {
    const stream = {
      write: (line: string) => {
        logLines.push(line);
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.level === 40) warnings.push(entry);
      },
    };
    t = await buildTestApp(backend, { logger: { ...loggerOptions('warn'), stream } });
    mario = await t.login('mario.rossi@example.com');
    giulia = await t.login('giulia.verdi@example.com');
    luca = await t.login('luca.neri@example.com');
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    warnings.length = 0;
  });

  const getPlaylist = async (token: string) => {
    const response = await t.request({ method: 'GET', url: '/api/carosello_get_playlist', token });
    expect(response.statusCode).toBe(200);
    return json<Slide[]>(response);
  };
  const click = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/carosello_click_count', token, payload });
  const clicks = async (slideId: number) =>
    t.db.selectFrom('carousel_clicks').selectAll().where('slide_id', '=', slideId).orderBy('id').execute();
  const userIdOf = async (email: string) =>
    (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  describe('info popup', () => {
    it('answers the acme announcement to mario and shows it in the session infos', async () => {
      const response = await t.request({ method: 'GET', url: '/api/info_popup', token: mario });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ popup_content: ACME_INFO_POPUP });
      expect(ACME_INFO_POPUP).toContain('<strong>rimborso delle spese scolastiche</strong>');
      const validate = validator('info-popup');
      expect(validate(json(response))).toBe(true);
      const info = json<{ session_infos: { show_user_info_popup: boolean } }>(
        await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: mario }),
      );
      expect(info.session_infos.show_user_info_popup).toBe(true);
    });

    it('answers an empty string to a customer without popup (userportal), and no popup flag', async () => {
      const response = await t.request({ method: 'GET', url: '/api/info_popup', token: giulia });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ popup_content: '' });
      const info = json<{ session_infos: { show_user_info_popup: boolean } }>(
        await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: giulia }),
      );
      expect(info.session_infos.show_user_info_popup).toBe(false);
    });

    it('treats blank content as no popup, and stores what operators wrote as is', async () => {
      const globex = await t.db
        .selectFrom('customers')
        .select('id')
        .where('slug', '=', 'globex')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('info_popups').values({ customer_id: globex.id, content: '  \n ' }).execute();
      expect(json(await t.request({ method: 'GET', url: '/api/info_popup', token: luca }))).toEqual({
        popup_content: '',
      });
      const html = '<p onclick="x()">Avviso</p><script>alert(1)</script>';
      await t.db
        .updateTable('info_popups')
        .set({ content: html })
        .where('customer_id', '=', globex.id)
        .execute();
      expect(json(await t.request({ method: 'GET', url: '/api/info_popup', token: luca }))).toEqual({
        popup_content: html,
      });
      const info = json<{ session_infos: { show_user_info_popup: boolean } }>(
        await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: luca }),
      );
      expect(info.session_infos.show_user_info_popup).toBe(true);
      await t.db.deleteFrom('info_popups').where('customer_id', '=', globex.id).execute();
    });

    it('needs a session', async () => {
      const response = await t.request({ method: 'GET', url: '/api/info_popup' });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ detail: messages.apiUnauthorized });
    });
  });

  describe('playlist', () => {
    it("answers acme's four slides in order, with a signed declared action each", async () => {
      const slides = await getPlaylist(mario);
      expect(slides.map((s) => s.file_name)).toEqual([
        'rimborsi-spese.svg',
        'buoni-regalo.svg',
        'viaggi.svg',
        'previdenza.svg',
      ]);
      for (const slide of slides) {
        expect(validSlide(slide), JSON.stringify(validSlide.errors)).toBe(true);
        expect(slide.img_path).toMatch(
          new RegExp(`^/api/carosello_img/${slide.file_name.replace('.', '\\.')}\\?v=[0-9a-f]{16}$`),
        );
        expect(slide.title.length).toBeGreaterThan(5);
        // The words are HTML over the picture: every seeded slide has its lines and a call to action.
        expect(slide.subtitle.length, slide.file_name).toBeGreaterThan(5);
        expect(slide.text.length, slide.file_name).toBeGreaterThan(5);
        expect(slide.cta.length, slide.file_name).toBeGreaterThan(3);
      }
      const actions = slides.map((s) => {
        const check = checkCarouselAction(s.click_action, s.id, TEST_TICKET_SECRET);
        expect(check.ok, s.file_name).toBe(true);
        return check.ok ? check.action : null;
      });
      expect(actions).toEqual([
        { type: 'navigate', target: 'rimb-spese' },
        { type: 'subsection', target: 'tree-buoni' },
        { type: 'subsection', target: 'tree-viaggi' },
        { type: 'navigate', target: 'conv-previdenza-integrativa' },
      ]);
      expect(slides.map((s) => [s.route_name, s.menu_key])).toEqual([
        ['rimb-spese', null],
        [null, 'tree-buoni'],
        [null, 'tree-viaggi'],
        ['conv-previdenza-integrativa', null],
      ]);
      // The token is bound to its slide and expires within a session's life.
      const payload = payloadOf(slides[0]!.click_action);
      expect(payload.slide_id).toBe(slides[0]!.id);
      const exp = payload.exp as number;
      expect(exp).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
      expect(exp).toBeLessThanOrEqual(Date.now() / 1000 + 12 * 3600 + 5);
    });

    it('gives each customer its own slides, and none to a customer without any', async () => {
      const acme = await getPlaylist(mario);
      const userportal = await getPlaylist(giulia);
      expect(userportal).toHaveLength(4);
      const acmeIds = new Set(acme.map((s) => s.id));
      expect(userportal.filter((s) => acmeIds.has(s.id))).toEqual([]);
      expect(await getPlaylist(luca)).toEqual([]);
    });

    it('follows positions, leaves out inactive slides and slides whose image is missing', async () => {
      const acme = await t.db
        .selectFrom('customers')
        .select('id')
        .where('slug', '=', 'acme')
        .executeTakeFirstOrThrow();
      const extra = await t.db
        .insertInto('carousel_slides')
        .values([
          {
            customer_id: acme.id,
            position: 1,
            file_name: 'previdenza.svg',
            action_type: 'none',
            action_target: null,
          },
          {
            customer_id: acme.id,
            position: 2,
            file_name: 'mancante.svg',
            action_type: 'none',
            action_target: null,
          },
          {
            customer_id: acme.id,
            position: 3,
            file_name: 'viaggi.svg',
            action_type: 'none',
            action_target: null,
            active: false,
          },
        ])
        .returning('id')
        .execute();
      try {
        const ids = (await getPlaylist(mario)).map((s) => s.id);
        expect(ids).toHaveLength(5);
        expect(ids[0]).toBe(extra[0]!.id);
        expect(ids).not.toContain(extra[1]!.id);
        expect(ids).not.toContain(extra[2]!.id);
      } finally {
        await t.db
          .deleteFrom('carousel_slides')
          .where(
            'id',
            'in',
            extra.map((e) => e.id),
          )
          .execute();
      }
    });

    it('keeps the database list of action types equal to the declared one', async () => {
      const acme = await t.db
        .selectFrom('customers')
        .select('id')
        .where('slug', '=', 'acme')
        .executeTakeFirstOrThrow();
      const targets: Record<string, string | null> = {
        navigate: 'rimb-spese',
        partner: 'conv-viaggi',
        subsection: 'tree-buoni',
        none: null,
      };
      await t.db.transaction().execute(async (trx) => {
        for (const type of carouselActionNames) {
          await trx
            .insertInto('carousel_slides')
            .values({
              customer_id: acme.id,
              file_name: 'viaggi.svg',
              action_type: type,
              action_target: targets[type] ?? null,
              active: false,
            })
            .execute();
        }
        await trx
          .deleteFrom('carousel_slides')
          .where('customer_id', '=', acme.id)
          .where('active', '=', false)
          .where('rif_esterno', 'is', null)
          .execute();
      });
      await expect(
        t.db
          .insertInto('carousel_slides')
          .values({
            customer_id: acme.id,
            file_name: 'viaggi.svg',
            action_type: 'script' as never,
            action_target: 'alert(1)',
          })
          .execute(),
      ).rejects.toThrow();
    });

    it('needs a session', async () => {
      expect((await t.request({ method: 'GET', url: '/api/carosello_get_playlist' })).statusCode).toBe(401);
    });
  });

  describe('images', () => {
    it('serves each slide image as SVG with its own CSP and a year of cache, without a session', async () => {
      for (const slide of await getPlaylist(mario)) {
        const response = await t.request({ method: 'GET', url: slide.img_path });
        expect(response.statusCode, slide.img_path).toBe(200);
        expect(response.headers['content-type']).toBe('image/svg+xml');
        expect(response.headers['content-security-policy']).toBe(
          "default-src 'none'; style-src 'unsafe-inline'",
        );
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.body).toBe(readFileSync(`${ASSETS}${slide.file_name}`, 'utf8'));
        expect(Number(response.headers['content-length'])).toBeLessThan(10 * 1024);
      }
    });

    it('answers 404 (not cached) for an unknown image and 400 for a bad name', async () => {
      const missing = await t.request({ method: 'GET', url: '/api/carosello_img/mancante.svg' });
      expect(missing.statusCode).toBe(404);
      expect(json(missing)).toEqual({ detail: messages.apiCarouselImageNotFound });
      expect(missing.headers['cache-control']).toBe('no-store');
      expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
      for (const url of [
        '/api/carosello_img/..%2F..%2Fpackage.json',
        '/api/carosello_img/Viaggi.SVG',
        '/api/carosello_img/viaggi.svg?v=zz',
        '/api/carosello_img/viaggi.svg?x=1',
      ]) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
    });
  });

  describe('click count', () => {
    it('counts a click per user and slide, and answers the verified action', async () => {
      const [first] = await getPlaylist(mario);
      const before = (await clicks(first!.id)).length;
      const marioId = await userIdOf('mario.rossi@example.com');
      for (let i = 1; i <= 2; i++) {
        const response = await click(mario, { slide_id: first!.id, click_action: first!.click_action });
        expect(response.statusCode).toBe(200);
        expect(json(response)).toEqual({ action: { type: 'navigate', target: 'rimb-spese' } });
        expect(validator('carousel-click')(json(response))).toBe(true);
        const rows = await clicks(first!.id);
        expect(rows).toHaveLength(before + i);
        expect(rows.at(-1)).toMatchObject({ user_id: marioId, slide_id: first!.id, with_action: true });
        expect(Date.now() - rows.at(-1)!.clicked_at.getTime()).toBeLessThan(60_000);
      }
      expect(warnings).toEqual([]);
    });

    it('answers every declared type, and null without a token (still counted)', async () => {
      // The seed's slides navigate and open subsections; a partner and an informational slide are added.
      const userportal = await t.db
        .selectFrom('customers')
        .select('id')
        .where('slug', '=', 'userportal')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('carousel_slides')
        .values([
          {
            customer_id: userportal.id,
            position: 100,
            file_name: 'viaggi.svg',
            title: 'Partner',
            action_type: 'partner',
            action_target: 'conv-viaggi',
            rif_esterno: 'test-slide-partner',
          },
          {
            customer_id: userportal.id,
            position: 110,
            file_name: 'previdenza.svg',
            title: 'Informazione',
            action_type: 'none',
            action_target: null,
            rif_esterno: 'test-slide-none',
          },
        ])
        .execute();
      const slides = await getPlaylist(giulia);
      const answers = [];
      for (const s of slides) {
        answers.push(json(await click(giulia, { slide_id: s.id, click_action: s.click_action })).action);
      }
      expect(answers).toEqual([
        { type: 'navigate', target: 'rimb-spese' },
        { type: 'subsection', target: 'tree-buoni' },
        { type: 'subsection', target: 'tree-viaggi' },
        { type: 'navigate', target: 'conv-previdenza-integrativa' },
        { type: 'partner', target: 'conv-viaggi' },
        { type: 'none', target: null },
      ]);
      const last = slides.at(-1)!;
      const before = (await clicks(last.id)).length;
      for (const payload of [{ slide_id: last.id }, { slide_id: last.id, click_action: null }]) {
        const response = await click(giulia, payload);
        expect(response.statusCode).toBe(200);
        expect(json(response)).toEqual({ action: null });
      }
      const rows = await clicks(last.id);
      expect(rows).toHaveLength(before + 2);
      expect(rows.at(-1)!.with_action).toBe(false);
    });

    it('refuses a tampered action with 400, logs a warning without the token or the key, counts nothing', async () => {
      const [first, second] = await getPlaylist(mario);
      const before = (await clicks(first!.id)).length;
      const forged = [
        tampered(first!.click_action, { target: 'conv-viaggi', type: 'partner' }),
        tampered(first!.click_action, { type: 'script', target: 'alert(1)' }),
        second!.click_action, // another slide's token
        signCarouselAction(first!.id, { type: 'navigate', target: 'rimb-spese' }, 'x'.repeat(40)),
        signData(
          { slide_id: first!.id, type: 'script', target: 'alert(1)' },
          TEST_TICKET_SECRET,
          'carousel-action',
        ),
        signCarouselAction(
          first!.id,
          { type: 'navigate', target: 'rimb-spese' },
          TEST_TICKET_SECRET,
          new Date(Date.now() - 13 * 3600_000),
        ),
        'garbage',
      ];
      for (const token of forged) {
        const response = await click(mario, { slide_id: first!.id, click_action: token });
        expect(response.statusCode, token).toBe(400);
        expect(json(response)).toEqual({ detail: messages.apiCarouselActionInvalid });
      }
      expect(await clicks(first!.id)).toHaveLength(before);
      expect(warnings.map((w) => w.reason)).toEqual([
        'signature',
        'signature',
        'slide-mismatch',
        'signature',
        'undeclared-type',
        'expired',
        'malformed',
      ]);
      for (const w of warnings) {
        expect(w.msg).toBe('azione del carosello rifiutata');
        expect(w.slideId).toBe(first!.id);
        expect(w.userId).toBe(await userIdOf('mario.rossi@example.com'));
      }
      const log = logLines.join('');
      expect(log).not.toContain(TEST_TICKET_SECRET);
      for (const token of forged) expect(log).not.toContain(token);
    });

    it("answers 404 for an unknown slide and for another customer's slide", async () => {
      const [acmeSlide] = await getPlaylist(mario);
      for (const [token, slideId] of [
        [mario, 999_999_999],
        [giulia, acmeSlide!.id],
      ] as const) {
        const response = await click(token, { slide_id: slideId });
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual({ detail: messages.apiCarouselSlideNotFound });
      }
      // A token of the right slide does not open another customer's slide either.
      const response = await click(giulia, {
        slide_id: acmeSlide!.id,
        click_action: acmeSlide!.click_action,
      });
      expect(response.statusCode).toBe(404);
    });

    it('validates the body: slide_id required and an integer, no other fields', async () => {
      const missing = await click(mario, {});
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(json(missing))).toEqual(['slide_id']);
      const text = await click(mario, { slide_id: '3' });
      expect(text.statusCode).toBe(400);
      expect(Object.keys(json(text))).toEqual(['slide_id']);
      const extra = await click(mario, { slide_id: 1, script: 'alert(1)' });
      expect(extra.statusCode).toBe(400);
      expect(json(extra)).toEqual({ script: [messages.apiValidationUnknownField] });
      const long = await click(mario, { slide_id: 1, click_action: 'a'.repeat(1025) });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(json(long))).toEqual(['click_action']);
      expect((await click('', { slide_id: 1 })).statusCode).toBe(401);
    });
  });
});
