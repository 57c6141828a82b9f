/**
 * Login options per customer (issue 24), declared by the provisioning document: the second factors a
 * customer allows and the payroll SSO providers it trusts. Three customers are provisioned (e-mail
 * only, app only, both by default) and their referents sign in through the HTTP API: e-mail only gets
 * MAIL_OTP where enrolment would be, app only makes an e-mail user enrol, both is as before; an SSO
 * token of a provider the customer does not trust gets the invalid token's answer. The provision is
 * idempotent and a changed option is reported.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import type { Provisioning } from '../../schemas/wire-types.gen';
import { runAdmin } from '../../src/server/admin';
import { signSsoToken } from '../../src/server/services/signed-links';
import { akeyOf, atStepStart, currentStep, lastMailedCode, sendCode, totpAt } from './auth-helpers';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

const PASSWORD = 'Accesso!2027';
const ANNA = 'anna.posta@solo-mail.example.com';
const BRUNO = 'bruno.app@solo-app.example.com';
const CARLA = 'carla.tutte@entrambi.example.com';
const TAX_CODES = { [ANNA]: 'FRRGNN80D52F205G', [BRUNO]: 'CNTMRC75S03L219D', [CARLA]: 'VRDLGU85C10F205E' };
const INVALID_SSO = { detail: messages.apiSsoTokenInvalid };
const INVALID_CHECK = { detail: messages.apiCheckTokenInvalid };

/** One customer of one company and one referent. */
function customerOf(
  code: string,
  partitaIva: string,
  email: keyof typeof TAX_CODES,
  login?: NonNullable<Provisioning['customers'][number]['login']>,
): Provisioning['customers'][number] {
  return {
    code,
    name: `Cliente ${code}`,
    ...(login ? { login } : {}),
    companies: [{ ragione_sociale: `Azienda ${code} S.r.l.`, partita_iva: partitaIva }],
    referents: [
      {
        email,
        nome: 'Referente',
        cognome: code,
        codice_fiscale: TAX_CODES[email],
        company: partitaIva,
        manages: [partitaIva],
      },
    ],
  };
}

/** Lists in an order other than the stored one: the order means nothing. */
const DOCUMENT: Provisioning = {
  customers: [
    customerOf('solo-mail', '12345670009', ANNA, {
      second_factors: ['email'],
      sso_providers: ['paghe-demo'],
    }),
    customerOf('solo-app', '12345671379', BRUNO, {
      second_factors: ['totp'],
      sso_providers: ['hr-cloud', 'paghe-demo'],
    }),
    customerOf('entrambi', '12345672740', CARLA),
  ],
};

type Mail = { to: string; subject: string; text: string };
type Check = { type: string; 'check-token': string };

describe.each(backends)('login options per customer (%s)', (backend) => {
  let t: TestApp;
  let dir: string;
  const welcomes: Mail[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      demo: false,
      // Outside demo mode a provider without its secret is off: both on, as in an installation using them.
      env: {
        TICKET_SECRET: TEST_TICKET_SECRET,
        SSO_SECRET_PAGHE_DEMO: 'test-sso-paghe-demo-0123456789abcdef-0123456789',
        SSO_SECRET_HR_CLOUD: 'test-sso-hr-cloud-0123456789abcdef-0123456789',
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'welfare-login-options-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const admin = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, {
      db: t.db,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      imports: {
        uploadsDir: dir,
        baseUrl: 'http://portale.test',
        sendMail: async (m) => void welcomes.push(m),
      },
      links: {
        ticketSecret: TEST_TICKET_SECRET,
        ssoSecrets: t.app.config.ssoSecrets,
        baseUrl: 'http://portale.test',
      },
    });
    return { code, out, err };
  };
  const provision = (document: object) => {
    const path = join(dir, `doc-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(path, JSON.stringify(document));
    return admin('provision', path);
  };
  const stored = () =>
    t.db
      .selectFrom('customers')
      .select(['slug', 'second_factors', 'sso_providers'])
      .where('slug', '<>', 'operatori')
      .orderBy('slug')
      .execute();

  const ckey = async (email: string): Promise<Check> => {
    const response = await t.request({
      method: 'POST',
      url: '/api/api-token-ckey',
      payload: { akey: akeyOf(email, PASSWORD) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<Check>(response);
  };
  const ssocp = (sso_token: string) =>
    t.request({ method: 'POST', url: '/api/api-token-ssocp', payload: { sso_token } });
  const ssoToken = (email: string, provider: 'paghe-demo' | 'hr-cloud') =>
    signSsoToken(email, provider, t.app.config.ssoSecrets[provider]!);
  const lastSubject = async (email: string) =>
    (
      await t.db
        .selectFrom('outbox')
        .select('subject')
        .where('mail_to', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).subject;
  const setOtp = (email: string, otp_method: 'totp' | 'email' | null, totp_secret: string | null = null) =>
    t.db.updateTable('users').set({ otp_method, totp_secret }).where('email', '=', email).execute();
  /** A session token works: the user's own data answers. */
  const works = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/get-logged-user-info', token })).statusCode;

  it('provisions each set of options, idempotently: another order or an option left out is no change', async () => {
    const first = await provision(DOCUMENT);
    expect(first.err).toEqual([]);
    expect(first.out.filter((line) => line.startsWith('cliente'))).toEqual([
      'cliente solo-mail: creato',
      'cliente solo-app: creato',
      'cliente entrambi: creato',
    ]);
    expect(await stored()).toEqual([
      { slug: 'entrambi', second_factors: ['totp', 'email'], sso_providers: [] },
      { slug: 'solo-app', second_factors: ['totp'], sso_providers: ['paghe-demo', 'hr-cloud'] },
      { slug: 'solo-mail', second_factors: ['email'], sso_providers: ['paghe-demo'] },
    ]);
    const noChange = {
      code: 0,
      out: ['Nessuna modifica: il database corrisponde già al documento.'],
      err: [],
    };
    expect(await provision(DOCUMENT)).toEqual(noChange);
    const leftOut = structuredClone(DOCUMENT);
    for (const customer of leftOut.customers) delete customer.login;
    leftOut.customers[0]!.login = { second_factors: ['email'] };
    expect(await provision(leftOut)).toEqual(noChange);

    const customers = (await admin('customers')).out;
    expect(customers[0]).toMatch(/^CODICE\s+NOME\s+AZIENDE\s+UTENTI\s+SECONDO FATTORE\s+SINGLE SIGN-ON$/);
    expect(customers.slice(1).map((line) => line.split(/\s{2,}/).slice(4))).toEqual([
      ['app (TOTP), e-mail', '-'],
      ['app (TOTP)', 'paghe-demo, hr-cloud'],
      ['e-mail', 'paghe-demo'],
    ]);
  });

  it('refuses an unknown SSO provider and wrong second factors by JSON path, writing nothing', async () => {
    const before = await stored();
    const wrong = structuredClone(DOCUMENT);
    wrong.customers[0]!.login = { second_factors: ['email'], sso_providers: ['paghe-demo', 'paghe-finte'] };
    const refused = await provision(wrong);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      'Documento rifiutato, nulla è stato scritto (1 errori):',
      '  /customers/0/login/sso_providers/1: provider di single sign-on sconosciuto «paghe-finte» (disponibili: paghe-demo, hr-cloud)',
    ]);
    // The schema's problems come first, alone (as for the other fields).
    wrong.customers[1]!.login = { second_factors: ['sms' as 'totp'] };
    wrong.customers[0]!.login = { second_factors: [] };
    expect((await provision(wrong)).err).toEqual([
      'Documento rifiutato, nulla è stato scritto (2 errori):',
      '  /customers/0/login/second_factors: non può essere vuoto',
      '  /customers/1/login/second_factors/0: valore non ammesso (ammessi: totp, email)',
    ]);
    expect(await stored()).toEqual(before);
  });

  it('lets each referent set the password from the welcome mail', async () => {
    expect(welcomes.map((mail) => mail.to)).toEqual([ANNA, BRUNO, CARLA]);
    for (const mail of welcomes) {
      const token = /https?:\/\/\S+/.exec(mail.text)![0].split('/').at(-1)!;
      const set = await t.request({
        method: 'POST',
        url: `/api/password_lost_reset/${token}`,
        payload: {
          new_passwd: PASSWORD,
          passwd_confirm: PASSWORD,
          cod_fisc: TAX_CODES[mail.to as keyof typeof TAX_CODES],
        },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
  });

  it('e-mail only: a code by e-mail where enrolment would be, and never the app', async () => {
    const check = await ckey(ANNA);
    expect(check.type).toBe('MAIL_OTP');
    expect(await lastSubject(ANNA)).toBe(messages.apiMailLoginCodeSubject);
    const signedIn = await sendCode(t, check['check-token'], await lastMailedCode(t.db, ANNA));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await works(json<{ token: string }>(signedIn).token)).toBe(200);
    // An app she set up before is not asked for either.
    await setOtp(ANNA, 'totp', 'AGZACCMVTYGVEVCVFMPR5M3TNZ7XNOFN');
    expect((await ckey(ANNA)).type).toBe('MAIL_OTP');
    const users = (await admin('users', '--customer', 'solo-mail')).out;
    expect(users[1]).toMatch(/\s{2}codice via e-mail$/);
  });

  it('app only: an e-mail user enrols the app (ENROLL_OTP, not MAIL_OTP), then signs in with it', async () => {
    await setOtp(BRUNO, 'email');
    atStepStart();
    const enrol = await ckey(BRUNO);
    expect(enrol.type).toBe('ENROLL_OTP');
    expect(await lastSubject(BRUNO)).toBe(messages.apiMailEnrolCodeSubject);
    const verified = await t.request({
      method: 'POST',
      url: '/api/api-token-otp-verify',
      payload: { check_token: enrol['check-token'], otp: await lastMailedCode(t.db, BRUNO) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { check_token, secret } = json<{ check_token: string; secret: string }>(verified);
    const step = currentStep();
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/api-token-confirm',
      payload: { check_token, otp: totpAt(secret, step - 1) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const auth = await ckey(BRUNO);
    expect(auth.type).toBe('AUTH_OTP');
    const signedIn = await sendCode(t, auth['check-token'], totpAt(secret, step));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('SSO: a provider the customer does not trust gets the invalid token’s answer; a trusted one signs in', async () => {
    const garbage = await ssocp('non-un-token');
    expect(garbage.statusCode).toBe(400);
    expect(json(garbage)).toEqual(INVALID_SSO);

    const untrusted = await ssocp(ssoToken(ANNA, 'hr-cloud'));
    expect(untrusted.statusCode).toBe(400);
    expect(json(untrusted)).toEqual(INVALID_SSO);
    // No provider at all: refused before saying that Carla has not enrolled yet.
    expect(json(await ssocp(ssoToken(CARLA, 'paghe-demo')))).toEqual(INVALID_SSO);

    const trusted = await ssocp(ssoToken(ANNA, 'paghe-demo'));
    expect(trusted.statusCode, trusted.body).toBe(200);
    const check = json<Check>(trusted);
    expect(check.type).toBe('MAIL_OTP');
    const signedIn = await sendCode(t, check['check-token'], await lastMailedCode(t.db, ANNA), {
      sso_provider_slug: 'paghe-demo',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await works(json<{ token: string }>(signedIn).token)).toBe(200);

    const viaHr = await ssocp(ssoToken(BRUNO, 'hr-cloud'));
    expect(viaHr.statusCode, viaHr.body).toBe(200);
    expect(json<Check>(viaHr).type).toBe('AUTH_OTP');

    // The code step does not take a provider the customer does not trust either.
    const password = await ckey(ANNA);
    const foreign = await sendCode(t, password['check-token'], await lastMailedCode(t.db, ANNA), {
      sso_provider_slug: 'hr-cloud',
    });
    expect(json(foreign)).toEqual({ sso_provider_slug: [messages.apiSsoProviderInvalid] });

    // The operator's token for such a provider comes with a warning.
    const minted = await admin('sso-token', CARLA, 'paghe-demo');
    expect(minted.code).toBe(0);
    expect(minted.err).toEqual([
      'Attenzione: il cliente entrambi non accetta il single sign-on di paghe-demo: il portale rifiuterà il token.',
    ]);
  });

  it('a provider taken away: its check tokens and its new tokens are refused', async () => {
    const pending = json<Check>(await ssocp(ssoToken(ANNA, 'paghe-demo')));
    expect(pending.type).toBe('MAIL_OTP');
    const code = await lastMailedCode(t.db, ANNA);
    const changed = structuredClone(DOCUMENT);
    changed.customers[0]!.login = { second_factors: ['email'], sso_providers: [] };
    expect((await provision(changed)).out).toEqual([
      'cliente solo-mail: opzioni di accesso aggiornate (secondo fattore: email; single sign-on: nessuno)',
    ]);
    const late = await sendCode(t, pending['check-token'], code, { sso_provider_slug: 'paghe-demo' });
    expect(late.statusCode).toBe(400);
    expect(json(late)).toEqual(INVALID_CHECK);
    expect(json(await ssocp(ssoToken(ANNA, 'paghe-demo')))).toEqual(INVALID_SSO);
    // Her password sign-in is untouched.
    expect((await ckey(ANNA)).type).toBe('MAIL_OTP');
  });

  it('both allowed: as before; a check token of a factor taken away meanwhile is refused', async () => {
    expect((await ckey(CARLA)).type).toBe('ENROLL_OTP');
    await setOtp(CARLA, 'email');
    const pending = await ckey(CARLA);
    expect(pending.type).toBe('MAIL_OTP');
    const code = await lastMailedCode(t.db, CARLA);

    const changed = structuredClone(DOCUMENT);
    changed.customers[2]!.login = { second_factors: ['totp'] };
    expect((await provision(changed)).out).toEqual([
      'cliente solo-mail: opzioni di accesso aggiornate (secondo fattore: email; single sign-on: paghe-demo)',
      'cliente entrambi: opzioni di accesso aggiornate (secondo fattore: totp; single sign-on: nessuno)',
    ]);
    const late = await sendCode(t, pending['check-token'], code);
    expect(late.statusCode).toBe(400);
    expect(json(late)).toEqual(INVALID_CHECK);
    expect((await ckey(CARLA)).type).toBe('ENROLL_OTP');
    expect((await admin('users', '--customer', 'entrambi')).out[1]).toMatch(/\s{2}da attivare$/);
  });
});
