/**
 * Provisioning with demo mode off (issue 24): from a database without the demo seed, the example
 * document (examples/provisioning.json) makes its customer, companies and referents; the same file
 * again changes nothing; a changed field is updated and nothing is taken away without --prune; a wrong
 * document is refused whole with every problem by its JSON path. A provisioned referent sets her
 * password from the welcome mail, enrols TOTP, signs in and sees the back office of exactly her
 * companies.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Provisioning } from '../../schemas/wire-types.gen';
import { runOperator, type Mail } from './import-helpers';
import { akeyOf, enrolAndSignIn } from './auth-helpers';
import { routes } from '../../config/routes';
import { declaredReference, grantRows } from '../../src/server/services/reference-data';
import { upload } from './forms-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const EXAMPLE = 'examples/provisioning.json';
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Provisioning;
const GIOVANNA = 'giovanna.ferrari@fabbrica.example.com';

describe.each(backends)('provisioning, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  const mails: Mail[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false });
    dir = mkdtempSync(join(tmpdir(), 'welfare-provisioning-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The operator command on a file (a path, or a document written to one). */
  const provision = async (file: string | object, ...options: string[]) => {
    let path = file as string;
    if (typeof file !== 'string') {
      path = join(dir, `doc-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, JSON.stringify(file));
    }
    return runOperator(t.db, dir, mails, ['provision', path, ...options]);
  };

  /** What the document makes for customers (the provider's reserved customer and its operators apart). */
  const counts = async () => {
    const n = (row: { n: number | string }) => Number(row.n);
    return {
      customers: n(
        await t.db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('slug', '<>', 'operatori')
          .executeTakeFirstOrThrow(),
      ),
      companies: n(
        await t.db
          .selectFrom('companies as c')
          .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('cu.slug', '<>', 'operatori')
          .executeTakeFirstOrThrow(),
      ),
      users: n(
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('profile', '<>', 'operatore')
          .executeTakeFirstOrThrow(),
      ),
      links: n(
        await t.db
          .selectFrom('referent_companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    };
  };

  it('makes the example’s customer, companies and referents on a database with no demo data; again, nothing', async () => {
    expect(await counts()).toEqual({ customers: 0, companies: 0, users: 0, links: 0 });
    const first = await provision(EXAMPLE);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      'cliente fabbrica: creato',
      'azienda 12345670009 (Fabbrica Italiana S.p.A.): creata',
      'azienda 12345671379 (Fabbrica Servizi S.r.l.): creata',
      'azienda 12345672740 (Fabbrica Logistica S.r.l.): creata',
      `referente ${GIOVANNA}: creato`,
      `referente ${GIOVANNA}: gestisce 2 aziende in più`,
      'referente marco.conti@fabbrica.example.com: creato',
      'referente marco.conti@fabbrica.example.com: gestisce 1 aziende in più',
      'operatore chiara.neri@fornitore.example.com: creato',
      'operatore paolo.riva@fornitore.example.com: creato',
      'conto IT60X0542811101000000123456: creato',
      `Mail di benvenuto inviata a ${GIOVANNA}.`,
      'Mail di benvenuto inviata a marco.conti@fabbrica.example.com.',
      'Mail di benvenuto inviata a chiara.neri@fornitore.example.com.',
      'Mail di benvenuto inviata a paolo.riva@fornitore.example.com.',
    ]);
    expect(await counts()).toEqual({ customers: 1, companies: 3, users: 2, links: 3 });
    expect(mails.map((mail) => mail.to)).toEqual([
      GIOVANNA,
      'marco.conti@fabbrica.example.com',
      'chiara.neri@fornitore.example.com',
      'paolo.riva@fornitore.example.com',
    ]);
    expect(mails[0]!.text).toMatch(/http:\/\/portale\.test\/password-lost\/fabbrica\/[A-Za-z0-9_-]{43}/);
    // Operators set their password on the operators' page.
    expect(mails[2]!.text).toMatch(/http:\/\/portale\.test\/password-lost\/operatori\/[A-Za-z0-9_-]{43}/);
    const operators = await t.db
      .selectFrom('operators as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['u.email', 'u.profile', 'o.can_pay', 'o.all_customers'])
      .orderBy('u.email')
      .execute();
    expect(operators).toEqual([
      {
        email: 'chiara.neri@fornitore.example.com',
        profile: 'operatore',
        can_pay: true,
        all_customers: true,
      },
      {
        email: 'paolo.riva@fornitore.example.com',
        profile: 'operatore',
        can_pay: false,
        all_customers: false,
      },
    ]);

    const again = await provision(EXAMPLE);
    expect(again).toEqual({
      code: 0,
      out: ['Nessuna modifica: il database corrisponde già al documento.'],
      err: [],
    });
    expect(mails).toHaveLength(4);
    expect(await counts()).toEqual({ customers: 1, companies: 3, users: 2, links: 3 });

    // No built-in skin and none in the document: the default skin under the customer's name.
    const skin = await t.request({ method: 'GET', url: '/api/getapiuserskin/fabbrica' });
    expect(skin.statusCode).toBe(200);
    expect(json(skin)).toMatchObject({
      customer: 'fabbrica',
      display_name: 'Fabbrica Italiana',
      colors: JSON.parse(readFileSync('skins/default/skin.json', 'utf8')).colors,
    });
    expect((await t.request({ method: 'GET', url: '/api/getapiuserskin/nessuno' })).statusCode).toBe(404);
  });

  it('lets the referent set her password from the mail, enrol TOTP, sign in and run the back office of exactly her companies', async () => {
    const link = /https?:\/\/\S+/.exec(mails[0]!.text)![0];
    const token = link.split('/').at(-1)!;
    const url = `/api/password_lost_reset/${token}`;
    expect(json(await t.request({ method: 'GET', url }))).toEqual({ auth_method: 'cod_fisc' });
    const set = await t.request({
      method: 'POST',
      url,
      payload: { new_passwd: 'Fabbrica!2027', passwd_confirm: 'Fabbrica!2027', cod_fisc: 'FRRGNN80D52F205G' },
    });
    expect(set.statusCode, set.body).toBe(200);

    const session = await enrolAndSignIn(t, GIOVANNA, 'Fabbrica!2027');

    const headers = { authorization: `Token ${session}` };
    const companies = await t.request({ method: 'GET', url: '/api/aziende_referente', headers });
    expect(companies.statusCode, companies.body).toBe(200);
    expect(
      json<{ nome: string }[]>(companies)
        .map((c) => c.nome)
        .sort(),
    ).toEqual(['Fabbrica Italiana S.p.A.', 'Fabbrica Servizi S.r.l.']);
    const perms = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', headers }),
    );
    expect(perms['home-refazi']).toBe(true);
    expect(perms['office-scadenzario-azi']).toBe(true);
  });

  it('lets a provisioned operator set the password, enrol the app and reach the console of the customers served', async () => {
    const PAOLO = 'paolo.riva@fornitore.example.com';
    const link = /https?:\/\/\S+/.exec(mails.find((m) => m.to === PAOLO)!.text)![0];
    const url = `/api/password_lost_reset/${link.split('/').at(-1)!}`;
    const set = await t.request({
      method: 'POST',
      url,
      payload: {
        new_passwd: 'Operatore!2027',
        passwd_confirm: 'Operatore!2027',
        cod_fisc: 'RVIPLA79A01F205N',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    // The operators' customer allows only the authenticator app: enrolment first.
    const session = await enrolAndSignIn(t, PAOLO, 'Operatore!2027');
    const headers = { authorization: `Token ${session}` };
    const profile = await t.request({ method: 'GET', url: '/api/operatore/profilo', headers });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(json<{ clienti: { codice: string }[]; puo_pagare: boolean }>(profile)).toMatchObject({
      clienti: [{ codice: 'fabbrica' }],
      puo_pagare: false,
    });
    const perms = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', headers }),
    );
    expect(perms['home-operatore']).toBe(true);
    expect(perms['home-refazi']).toBeFalsy();
    expect((await t.request({ method: 'GET', url: '/api/aziende_referente', headers })).statusCode).toBe(403);
  });

  it('updates a changed field and takes a company away from a referent only with --prune', async () => {
    const changed = example();
    const customer = changed.customers[0]!;
    customer.companies[1]!.localita = 'Monza';
    const colors = {
      ...JSON.parse(readFileSync('skins/default/skin.json', 'utf8')).colors,
      primary: '#8a1c1c',
    };
    customer.skin = {
      customer: 'fabbrica',
      display_name: 'Fabbrica Italiana',
      login_logo: 'https://cdn.fabbrica.example.com/logo.svg',
      navbar_logo: 'https://cdn.fabbrica.example.com/navbar.svg',
      colors,
      footer_text: 'Fabbrica Italiana S.p.A.',
    };
    customer.referents[0]!.nome = 'Giovanna Maria';
    customer.referents[0]!.manages = ['12345670009'];
    const update = await provision(changed);
    expect(update.out).toEqual([
      'cliente fabbrica: aggiornato',
      'azienda 12345671379 (Fabbrica Servizi S.r.l.): aggiornata',
      `referente ${GIOVANNA}: aggiornato`,
    ]);
    expect((await counts()).links).toBe(3);
    const served = json<{ colors: { primary: string } }>(
      await t.request({ method: 'GET', url: '/api/getapiuserskin/fabbrica' }),
    );
    expect(served.colors.primary).toBe('#8a1c1c');
    const pruned = await provision(changed, '--prune');
    expect(pruned.out).toEqual([`referente ${GIOVANNA}: non gestisce più 1 aziende`]);
    expect((await counts()).links).toBe(2);
    // The example again: her second company comes back, her name too.
    const back = await provision(EXAMPLE);
    expect(back.out).toEqual([
      'cliente fabbrica: aggiornato',
      'azienda 12345671379 (Fabbrica Servizi S.r.l.): aggiornata',
      `referente ${GIOVANNA}: aggiornato`,
      `referente ${GIOVANNA}: gestisce 1 aziende in più`,
    ]);
  });

  it('refuses a wrong document whole, every problem by its JSON path, and writes nothing', async () => {
    const before = await counts();
    const schemaWrong = await provision({
      customers: [{ code: 'Nuovo Cliente', companies: [], referents: [], extra: 1 }],
    });
    expect(schemaWrong.code).toBe(1);
    expect(schemaWrong.err).toEqual([
      'Documento rifiutato, nulla è stato scritto (3 errori):',
      '  /customers/0: manca il campo «name»',
      '  /customers/0: campo non previsto «extra»',
      '  /customers/0/code: formato non valido',
    ]);

    const wrong = example();
    const customer = wrong.customers[0]!;
    customer.code = 'nuovo';
    customer.companies = [{ ragione_sociale: 'Nuova S.r.l.', partita_iva: '12345670008' }];
    customer.referents = [
      { ...customer.referents[0]!, company: '12345670008', manages: ['12345671379'] },
      {
        ...customer.referents[1]!,
        email: GIOVANNA.toUpperCase(),
        codice_fiscale: 'CNTMRC75S03L219X',
        company: '12345670008',
        manages: [],
      },
    ];
    const semantic = await provision(wrong);
    expect(semantic.code).toBe(1);
    expect(semantic.err).toEqual([
      'Documento rifiutato, nulla è stato scritto (4 errori):',
      '  /customers/0/companies/0/partita_iva: partita IVA non valida (cifra di controllo errata)',
      '  /customers/0/referents/0/manages/0: la partita IVA 12345671379 non è tra le aziende del cliente',
      `  /customers/0/referents/1/email: l'indirizzo ${GIOVANNA.toUpperCase()} già presente in /customers/0/referents/0/email`,
      '  /customers/0/referents/1/codice_fiscale: codice fiscale non valido',
    ]);

    // Right on its own, wrong against the database: the example's company under another customer.
    const conflict = example();
    conflict.customers[0]!.code = 'altro';
    conflict.customers[0]!.referents = [];
    const refused = await provision(conflict);
    expect(refused.code).toBe(1);
    expect(refused.err[1]).toBe(
      "  /customers/0/companies/0/partita_iva: la partita IVA 12345670009 è di un'azienda di un altro cliente",
    );
    expect(await counts()).toEqual(before);
    expect(await t.db.selectFrom('customers').select('slug').where('slug', '=', 'altro').execute()).toEqual(
      [],
    );

    const unreadable = await provision(join(dir, 'manca.json'));
    expect(unreadable.code).toBe(1);
    expect(unreadable.err[0]).toMatch(/^Errore: File non leggibile come JSON: /);
  });
});

describe.each(backends)('the operator’s accounts, demo mode off (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  const mails: Mail[] = [];
  const admin = (...argv: string[]) => runOperator(t.db, dir, mails, argv);
  const EMPLOYEE = 'luigi.verdi@fabbrica.example.com';

  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false });
    dir = mkdtempSync(join(tmpdir(), 'welfare-accounts-'));
    expect((await admin('provision', EXAMPLE)).code).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds an employee who sees his customer’s menu and files a reimbursement', async () => {
    const added = await admin('employee-add', EMPLOYEE, 'Luigi', 'Verdi', 'VRDLGU85C10F205E', '12345671379');
    expect(added.err).toEqual([]);
    expect(added.out).toEqual([
      `Dipendente ${EMPLOYEE} creato (cliente fabbrica).`,
      `Mail di benvenuto inviata a ${EMPLOYEE}.`,
    ]);
    expect(mails.at(-1)!.text).toMatch(/\/password-lost\/fabbrica\/[A-Za-z0-9_-]{43}/);
    expect(
      (await admin('employee-add', EMPLOYEE, 'Luigi', 'Verdi', 'VRDLGU85C10F205E', '12345671379')).err,
    ).toEqual([`Errore: Esiste già un utente ${EMPLOYEE}.`]);
    expect((await admin('employee-add', 'x@y.it', 'A', 'B', 'VRDLGU85C10F205E', '99999999999')).err).toEqual([
      'Errore: Nessuna azienda con partita IVA 99999999999.',
    ]);
    expect((await admin('add-credit', EMPLOYEE, '200')).code).toBe(0);

    const token = await t.login(EMPLOYEE);
    const perms = json<Record<string, boolean>>(
      await t.request({ method: 'GET', url: '/api/get_menu_perms', token }),
    );
    const granted = grantRows(declaredReference(routes))
      .profiles.filter((row) => row.profile === 'utente')
      .map((row) => row.perm)
      .sort();
    expect(Object.keys(perms).sort()).toEqual(granted);

    const doc = async (kind: string, typeId: number) => upload(t, token, { kind, typeId });
    const payload = {
      id_categ: 1,
      importo: '45.50',
      me_stesso: true,
      cod_fisc_ben: null,
      nome_ben: null,
      id_relazione_ben: null,
      docs: [await doc('doc_pagam', 2), await doc('doc_acq', 1)],
    };
    const sent = await t.request({
      method: 'POST',
      url: '/api/crea_richiesta/rimb-spese',
      token,
      payload,
      headers: { 'idempotency-key': 'prima-richiesta-luigi' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const credit = json<{ crediti: { totale: string } }>(
      await t.request({ method: 'GET', url: '/api/get_user_credit_info', token }),
    );
    expect(credit.crediti.totale).toBe('154.50');
  });

  it('disables an account (no sign-in, sessions closed) and enables it again', async () => {
    // Luigi sets his password from the welcome mail.
    const welcome = mails.find((mail) => mail.to === EMPLOYEE)!;
    const reset = `/api/password_lost_reset/${/https?:\/\/\S+/.exec(welcome.text)![0].split('/').at(-1)!}`;
    const password = {
      new_passwd: 'Verdi!Luigi1',
      passwd_confirm: 'Verdi!Luigi1',
      cod_fisc: 'VRDLGU85C10F205E',
    };
    expect((await t.request({ method: 'POST', url: reset, payload: password })).statusCode).toBe(200);
    const signIn = () =>
      t.request({
        method: 'POST',
        url: '/api/api-token-ckey',
        payload: { akey: akeyOf(EMPLOYEE, 'Verdi!Luigi1') },
      });
    expect((await signIn()).statusCode).toBe(200);
    const session = await t.login(EMPLOYEE);
    expect((await admin('user-disable', EMPLOYEE)).out).toEqual([
      `Account ${EMPLOYEE} disabilitato: sessioni chiuse.`,
    ]);
    expect((await admin('user-disable', EMPLOYEE)).out).toEqual([`Account ${EMPLOYEE} già disabilitato.`]);
    expect(
      (await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: session })).statusCode,
    ).toBe(401);
    expect((await signIn()).statusCode).toBe(400);
    const made = await t.login(EMPLOYEE);
    expect(
      (await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: made })).statusCode,
    ).toBe(401);
    expect((await admin('users', '--customer', 'fabbrica')).out.find((l) => l.startsWith(EMPLOYEE))).toMatch(
      /disabilitato/,
    );
    expect((await admin('user-enable', EMPLOYEE)).out).toEqual([`Account ${EMPLOYEE} riattivato.`]);
    expect((await signIn()).statusCode).toBe(200);
    const again = await t.login(EMPLOYEE);
    expect(
      (await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: again })).statusCode,
    ).toBe(200);
  });

  it('resets a second factor: sessions closed, the user told, enrolment again at the next sign-in', async () => {
    await t.db
      .updateTable('users')
      .set({ otp_method: 'totp', totp_secret: 'AGZACCMVTYGVEVCVFMPR5M3TNZ7XNOFN' })
      .where('email', '=', GIOVANNA)
      .execute();
    const session = await t.login(GIOVANNA);
    const reset = await admin('otp-reset', GIOVANNA);
    expect(reset.out).toEqual([
      `Secondo fattore di ${GIOVANNA} azzerato, sessioni chiuse, utente avvisato per e-mail.`,
    ]);
    expect(mails.at(-1)).toMatchObject({
      to: GIOVANNA,
      subject: 'Il secondo fattore di accesso è stato azzerato',
    });
    expect(mails.at(-1)!.text).toContain('http://portale.test/login/fabbrica');
    const row = await t.db
      .selectFrom('users')
      .select(['otp_method', 'totp_secret'])
      .where('email', '=', GIOVANNA)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ otp_method: null, totp_secret: null });
    expect(
      (await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: session })).statusCode,
    ).toBe(401);
  });

  it('lists customers, companies and users with their state', async () => {
    expect((await admin('customers')).out).toEqual([
      'CODICE    NOME               AZIENDE  UTENTI  SECONDO FATTORE     SINGLE SIGN-ON',
      'fabbrica  Fabbrica Italiana  3        3       app (TOTP), e-mail  paghe-demo',
    ]);
    const companies = (await admin('companies', '--customer', 'fabbrica')).out;
    expect(companies[0]).toMatch(/^PARTITA IVA\s+RAGIONE SOCIALE\s+CLIENTE\s+UTENTI$/);
    expect(companies.slice(1).map((line) => line.split(/\s{2,}/)[0])).toEqual([
      '12345670009',
      '12345672740',
      '12345671379',
    ]);
    const users = (await admin('users', '--company', '12345670009')).out;
    expect(users).toHaveLength(2);
    expect(users[1]).toMatch(
      /^giovanna\.ferrari@fabbrica\.example\.com\s+Giovanna Ferrari\s+ref_aziendale\s+fabbrica\s+Fabbrica Italiana S\.p\.A\.\s+in attesa della password\s+da attivare$/,
    );
  });
});
