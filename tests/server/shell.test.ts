import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { routes } from '../../config/routes';
import { seedDemo } from '../../src/server/db/seed-demo';
import { declaredReference, grantRows } from '../../src/server/services/reference-data';
import { balances } from '../../src/server/services/ledger';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const skinSchema = JSON.parse(readFileSync('schemas/api/skin.json', 'utf8')) as object;
const MONEY = /^-?\d+\.\d{2}$/;

interface LoggedUser {
  user_anag: Record<string, unknown>;
  user_credito: { totale: string; art51c3: string };
  user_azi: { id: number; nome: string; cognome: string };
  profile: string;
  threshold_ok: boolean;
  ollipay_status: unknown;
  session_infos: { act_for: unknown };
}

interface SkinAnswer {
  customer: string;
  display_name: string;
  login_logo: string;
  colors: { primary: string };
}

describe.each(backends)('portal shell calls on the demo seed (%s)', (backend) => {
  let t: TestApp;
  let mario: string;
  let laura: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    mario = await t.login('mario.rossi@example.com');
    laura = await t.login('laura.bianchi@example.com');
  });
  afterAll(async () => t?.close());

  it("answers mario's credit on both call names: 1500.00 of which 800.00 art. 51 c.3", async () => {
    for (const url of ['/api/pdoppiaapi/credito_utente', '/api/get_user_credit_info']) {
      const response = await t.request({ method: 'GET', url, token: mario });
      expect(response.statusCode, url).toBe(200);
      expect(json(response)).toEqual({
        crediti: {
          totale: '1500.00',
          art51c3: '800.00',
          per_fonte: {
            '1': '0.00',
            '2': '0.00',
            '3': '0.00',
            '4': '700.00',
            '5': '0.00',
            '6': '0.00',
            '7': '800.00',
          },
        },
      });
    }
  });

  it("answers giulia's credit: 300.00, none of it art. 51 c.3", async () => {
    const token = await t.login('giulia.verdi@example.com');
    const response = await t.request({ method: 'GET', url: '/api/get_user_credit_info', token });
    const { crediti } = json<{ crediti: { totale: string; art51c3: string } }>(response);
    expect(crediti.totale).toBe('300.00');
    expect(crediti.art51c3).toBe('0.00');
  });

  it('answers the logged user info of an employee', async () => {
    const response = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: mario });
    expect(response.statusCode).toBe(200);
    const body = json<LoggedUser>(response);
    expect(body.user_anag).toEqual({
      nome: 'Mario',
      cognome: 'Rossi',
      email: 'mario.rossi@example.com',
      cod_fisc: 'RSSMRA80A01H501U',
      covip_fondo: '61',
      previdenza_is_ok: true,
    });
    expect(body.user_credito).toMatchObject({ totale: '1500.00', art51c3: '800.00' });
    expect(body.user_azi).toMatchObject({ nome: 'Acme S.p.A.', cognome: '' });
    expect(body.profile).toBe('utente');
    expect(body.threshold_ok).toBe(true);
    expect(body.ollipay_status).toEqual({ profile: 'wfm', reg_status: true });
    expect(body.session_infos).toEqual({
      conv_special_agreed: false,
      eurete_cond_agreed: false,
      // Acme has an info popup (seed-home.ts).
      show_user_info_popup: true,
      act_for: null,
    });
  });

  it('answers a referent with her own company as default act-for', async () => {
    const response = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: laura });
    const body = json<LoggedUser>(response);
    expect(body.profile).toBe('ref_aziendale');
    expect(body.session_infos.act_for).toEqual({ id: body.user_azi.id, nome: 'Acme S.p.A.' });
  });

  it('answers threshold_ok false for luca.neri', async () => {
    const token = await t.login('luca.neri@example.com');
    const body = json<LoggedUser>(
      await t.request({ method: 'GET', url: '/api/get-logged-user-info', token }),
    );
    expect(body.threshold_ok).toBe(false);
    expect(body.user_credito.totale).toMatch(MONEY);
  });

  it('answers the permission map: employee routes for mario, plus the back office for laura', async () => {
    const granted = (profile: string) =>
      grantRows(declaredReference(routes))
        .profiles.filter((row) => row.profile === profile)
        .map((row) => row.perm)
        .sort();
    const employee = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', token: mario }),
    );
    expect(Object.values(employee).every((v) => v === true)).toBe(true);
    expect(Object.keys(employee).sort()).toEqual(granted('utente'));
    for (const key of [
      'menu',
      'dashmovimenti',
      'user-profile',
      'rimb-spese',
      'conv-previdenza-integrativa',
      'tree-buoni',
      'home-fornitori',
    ]) {
      expect(employee[key], key).toBe(true);
    }
    expect(employee['home-refazi']).toBeUndefined();
    expect(Object.keys(employee).some((k) => k.startsWith('office-'))).toBe(false);

    const referent = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', token: laura }),
    );
    expect(Object.keys(referent).sort()).toEqual(granted('ref_aziendale'));
    expect(referent['home-refazi']).toBe(true);
    // Every declared back-office page, however many (the spec's twelve: tests/config/spec-conformance.test.ts).
    const office = Object.keys(routes).filter((name) => name.startsWith('office-'));
    expect(office.length).toBeGreaterThan(0);
    for (const name of office) expect(referent[name], name).toBe(true);
  });

  it('adds per-user permissions to the profile ones', async () => {
    const giulia = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'giulia.verdi@example.com')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_permissions').values({ user_id: giulia.id, perm: 'return-url' }).execute();
    const token = await t.login('giulia.verdi@example.com');
    const perms = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', token }),
    );
    expect(perms['return-url']).toBe(true);
    expect(perms.menu).toBe(true);
  });

  it('counts notifications outside the archive: mario 8 received, 2 new; laura sent 2', async () => {
    const m = json(await t.request({ method: 'GET', url: '/api/info_notifiche', token: mario }));
    expect(m).toEqual({ inviati: 0, ricevuti: 8, ricevuti_new: 2 });
    const l = json(await t.request({ method: 'GET', url: '/api/info_notifiche', token: laura }));
    expect(l).toEqual({ inviati: 2, ricevuti: 3, ricevuti_new: 1 });
  });

  it('serves the initech skin from the server, valid against schemas/api/skin.json', async () => {
    const response = await t.request({ method: 'GET', url: '/api/getapiuserskin/initech' });
    expect(response.statusCode).toBe(200);
    const skin = json<SkinAnswer>(response);
    expect(skin.customer).toBe('initech');
    expect(skin.display_name).toBe('Initech S.r.l.');
    expect(skin.colors.primary).toBe('#0f766e');
    expect(skin.login_logo).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(String(skin.login_logo).split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('Initech');
    const validate = new Ajv2020({ strict: false }).compile(skinSchema);
    expect(validate(skin), JSON.stringify(validate.errors)).toBe(true);
    // The customer name may come capitalised, as in the Customer header.
    expect((await t.request({ method: 'GET', url: '/api/getapiuserskin/Initech' })).statusCode).toBe(200);
  });

  it('answers 404 apiSkinNotFound for built-in skins and unknown customers', async () => {
    for (const customer of ['acme', 'userportal', 'cliente-sconosciuto']) {
      const response = await t.request({ method: 'GET', url: `/api/getapiuserskin/${customer}` });
      expect(response.statusCode, customer).toBe(404);
      expect(json(response)).toEqual({ detail: messages.apiSkinNotFound });
    }
    const bad = await t.request({ method: 'GET', url: '/api/getapiuserskin/a.b' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad))).toEqual(['customer']);
  });

  it('seeds idempotently: a second run changes nothing', async () => {
    const tables = [
      'customers',
      'companies',
      'users',
      'user_privacy',
      'referent_companies',
      'profile_permissions',
      'credit_lines',
      'purchases',
      'purchase_allocations',
      'movements',
      'notifications',
      'notification_recipients',
      'idempotency_keys',
      'info_popups',
      'carousel_slides',
    ] as const;
    const count = async () => {
      const out: Record<string, number> = {};
      for (const table of tables) {
        const row = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow();
        out[table] = Number(row.n);
      }
      return out;
    };
    const marioId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'mario.rossi@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await count();
    const balanceBefore = await balances(t.db, marioId);
    await seedDemo(t.db);
    expect(await count()).toEqual(before);
    expect(await balances(t.db, marioId)).toEqual(balanceBefore);
    // 5 main users, 36 company employees, 360 more for the referent's history (seed-history.ts), 3 more
    // in each of laura's two companies for the back office (seed-backoffice.ts).
    expect(before.users).toBe(5 + 36 + 360 + 6 + 2);
    expect(before.movements).toBeGreaterThan(20);
  });

  it('gives mario a consistent year of movements of every kind 1-14', async () => {
    const marioId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'mario.rossi@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const movements = await t.db.selectFrom('movements').selectAll().where('user_id', '=', marioId).execute();
    expect(new Set(movements.map((m) => m.id_kind))).toEqual(
      new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]),
    );
    const lines = await t.db.selectFrom('credit_lines').selectAll().where('user_id', '=', marioId).execute();
    const avere = movements.filter((m) => m.verso === 'AVERE').reduce((s, m) => s + m.importo, 0);
    const dare = movements.filter((m) => m.verso === 'DARE').reduce((s, m) => s + m.importo, 0);
    const spendable = lines.reduce((s, l) => s + l.credito_spendibile, 0);
    // Every cent is accounted for: loads + refunds - purchases = what the lines still hold.
    expect(avere - dare).toBe(spendable);
    const oneYearAgo = Date.now() - 366 * 86_400_000;
    expect(movements.filter((m) => m.created.getTime() > oneYearAgo).length).toBeGreaterThan(15);
    const rejected = await t.db
      .selectFrom('purchases')
      .selectAll()
      .where('user_id', '=', marioId)
      .where('status', '=', 'rifiutato')
      .execute();
    expect(rejected).toHaveLength(1);
  });
});
