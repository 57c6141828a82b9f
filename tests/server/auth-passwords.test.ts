/**
 * Password policy, change, reset links (spec 000 §2, §5, §7; ARCHITECTURE.md §7) and consent.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { linkBase } from '../../src/server/services/password-resets';
import { addDays, romeDate } from '../../src/server/services/calendar';
import { hashToken } from '../../src/server/services/sessions';
import {
  checkTokenOf,
  ckey,
  clearLoginFailures,
  currentStep,
  demo,
  lastMailedLink,
  mailCount,
  resetTotpStep,
  totpAt,
} from './auth-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';

describe.each(backends)('passwords (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => t?.close());
  afterEach(async () => clearLoginFailures(t.db));

  /** A colleague of mario's, one per test, so that password changes do not interfere. */
  let colleagueIndex = 0;
  async function colleague() {
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'cod_fisc'])
      .where('email', 'like', '%@acme.example.com')
      .where('is_cessato', '=', false)
      .orderBy('id')
      .execute();
    const row = rows[colleagueIndex++];
    if (!row) throw new Error('colleghi demo esauriti');
    return row;
  }

  const change = (token: string, new_passwd: string, passwd_confirm = new_passwd) =>
    t.request({
      method: 'POST',
      url: '/api/password_change',
      token,
      payload: { new_passwd, passwd_confirm },
    });

  describe('policy (password_change)', () => {
    it('answers the spec messages, keyed by field', async () => {
      const token = await t.login((await colleague()).email);
      const cases: Array<[string, string, Record<string, string[]>]> = [
        [
          'abc',
          'abc',
          {
            new_passwd: [
              'La nuova password deve avere tra 8 e 32 caratteri, hai digitato 3 caratteri.',
              'La password deve contenere almeno un carattere maiuscolo uno minuscolo ed un numero.',
            ],
          },
        ],
        [
          'Abcdefg1'.repeat(4) + 'x',
          'Abcdefg1'.repeat(4) + 'x',
          { new_passwd: ['La nuova password deve avere tra 8 e 32 caratteri, hai digitato 33 caratteri.'] },
        ],
        [
          'abcdefgh1',
          'abcdefgh1',
          {
            new_passwd: [
              'La password deve contenere almeno un carattere maiuscolo uno minuscolo ed un numero.',
            ],
          },
        ],
        ['Abcdefgh1', 'Abcdefgh2', { passwd_confirm: ['Le due password non coincidono'] }],
        [
          '€€€€€€A1',
          'x',
          {
            new_passwd: [
              'La password deve contenere almeno un carattere maiuscolo uno minuscolo ed un numero.',
            ],
            passwd_confirm: ['Le due password non coincidono'],
          },
        ],
        [
          '😀😀😀😀😀Aa',
          '😀😀😀😀😀Aa',
          { new_passwd: [formatMessage('passwordLength', { n: 7 }), messages.passwordComplexity] },
        ],
      ];
      for (const [password, confirm, errors] of cases) {
        const response = await change(token, password, confirm);
        expect(response.statusCode, password).toBe(400);
        expect(json(response), password).toEqual(errors);
      }
      const missing = await t.request({
        method: 'POST',
        url: '/api/password_change',
        token,
        payload: { new_passwd: 'Abcdefgh1' },
      });
      expect(json(missing)).toEqual({ passwd_confirm: [messages.apiValidationRequired] });
      expect((await t.request({ method: 'POST', url: '/api/password_change', payload: {} })).statusCode).toBe(
        401,
      );
    });

    it('stores the new password as argon2id, expiring in 90 days, and revokes the other sessions', async () => {
      const user = await colleague();
      const current = await t.login(user.email);
      const other = await t.login(user.email);
      const response = await change(current, 'Nuova!Password1');
      expect(response.statusCode).toBe(200);
      const expiry = addDays(romeDate(), 90);
      expect(json(response)).toEqual({ pass_expiry_date: expiry });
      const row = await t.db
        .selectFrom('users')
        .select(['password_hash', 'pass_expiry_date'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.pass_expiry_date).toBe(expiry);
      expect(
        (await t.request({ method: 'GET', url: '/api/info_notifiche', token: current })).statusCode,
      ).toBe(200);
      const revoked = await t.request({ method: 'GET', url: '/api/info_notifiche', token: other });
      expect(revoked.statusCode).toBe(401);
      expect(json(revoked)).toEqual({ detail: messages.apiInvalidToken });
      // The old password no longer opens, the new one does.
      expect((await ckey(t, user.email)).statusCode).toBe(400);
      expect((await ckey(t, user.email, 'Nuova!Password1')).statusCode).toBe(200);
      // Logout revokes the remaining one.
      expect((await t.request({ method: 'POST', url: '/api/logout', token: current })).statusCode).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: '/api/info_notifiche', token: current })).statusCode,
      ).toBe(401);
    });

    it('refuses any of the last 5 passwords', async () => {
      const user = await colleague();
      const token = await t.login(user.email);
      const reused = { new_passwd: ['La nuova password è già stata utilizzata: sceglierne una diversa.'] };
      expect(json(await change(token, 'Welfare!2026'))).toEqual(reused);
      for (const n of [2, 3, 4, 5]) expect((await change(token, `Password${n}!`)).statusCode).toBe(200);
      // History: Welfare!2026, Password2!..Password5!: all five refused.
      for (const old of ['Welfare!2026', 'Password2!', 'Password5!'])
        expect(json(await change(token, old))).toEqual(reused);
      expect((await change(token, 'Password6!')).statusCode).toBe(200);
      // The oldest left the last five.
      expect((await change(token, 'Welfare!2026')).statusCode).toBe(200);
      const history = await t.db
        .selectFrom('password_history')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(history).toHaveLength(5);
    });
  });

  describe('reset links', () => {
    const lost = (user_email: string, extra: object = {}) =>
      t.request({
        method: 'POST',
        url: '/api/password_lost',
        payload: { user_email, customer: 'acme', interface_url: 'http://localhost:5173', ...extra },
      });
    const tokenOf = (link: string) => link.split('/').pop()!;

    it('answers the same whether the e-mail exists or not, and mails only existing users', async () => {
      const user = await colleague();
      const before = await mailCount(t.db);
      const unknown = await lost('nessuno@example.com');
      const known = await lost(user.email);
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(json(known)).toEqual({ detail: messages.apiPasswordResetRequested });
      expect(await mailCount(t.db)).toBe(before + 1);
      const link = await lastMailedLink(t.db, user.email);
      expect(link).toMatch(/^http:\/\/localhost:5173\/password-lost\/acme\/[A-Za-z0-9_-]{43}$/);
      // The table holds the token's hash, never the token.
      const token = tokenOf(link);
      const rows = await t.db.selectFrom('password_resets').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
    });

    it('answers before looking the address up, known or not, and mails after the answer', async () => {
      const user = await colleague();
      const before = await mailCount(t.db, user.email);
      const ask = (url: string, user_email: string) =>
        t.app.inject({ method: 'POST', url, payload: { user_email, customer: 'acme' } });
      // While a transaction holds the users table, no work that depends on the address can run: every
      // answer must still come, the same for a known and an unknown address, before any mail.
      const answers = await t.db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`.execute(trx);
        let timer: NodeJS.Timeout | undefined;
        const blocked = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('la risposta aspetta il lavoro sull’indirizzo')), 10_000);
        });
        try {
          return await Promise.race([
            Promise.all(
              ['/api/password_lost', '/api/password_expired_renew'].flatMap((url) => [
                ask(url, user.email),
                ask(url, 'nessuno@example.com'),
              ]),
            ),
            blocked,
          ]);
        } finally {
          clearTimeout(timer);
        }
      });
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      await t.app.mail.idle();
      // The lost-password and the expired-password links, mailed once the answers were given.
      expect(await mailCount(t.db, user.email)).toBe(before + 2);
      expect(await mailCount(t.db, 'nessuno@example.com')).toBe(0);
    });

    it('goes on with the next mail task after one fails', async () => {
      const ran: string[] = [];
      t.app.mail.later('prova', async () => {
        ran.push('first');
        throw new Error('SMTP giù');
      });
      t.app.mail.later('prova', async () => {
        ran.push('second');
      });
      await t.app.mail.idle();
      expect(ran).toEqual(['first', 'second']);
    });

    it('mails at most 5 links per user and hour, answering the same', async () => {
      const user = await colleague();
      const before = await mailCount(t.db, user.email);
      const answers = new Set<string>();
      for (let i = 0; i < 7; i++) answers.add((await lost(user.email)).body);
      expect(answers.size).toBe(1);
      expect(await mailCount(t.db, user.email)).toBe(before + 5);
    });

    it('resets with the tax code, once, and revokes every session', async () => {
      const user = await colleague();
      const session = await t.login(user.email);
      await lost(user.email);
      const token = tokenOf(await lastMailedLink(t.db, user.email));
      const url = `/api/password_lost_reset/${token}`;
      const method = await t.request({ method: 'GET', url });
      expect(method.statusCode).toBe(200);
      expect(json(method)).toEqual({ auth_method: 'cod_fisc' });

      const post = (payload: object) => t.request({ method: 'POST', url, payload });
      const short = await post({ new_passwd: 'Reset!Pass1', passwd_confirm: 'Reset!Pass1', cod_fisc: 'ABC' });
      expect(json(short)).toEqual({
        cod_fisc: ['Verifica che siano presenti tutti i 16 caratteri e che non vi siano spazi'],
      });
      const spaced = await post({
        new_passwd: 'Reset!Pass1',
        passwd_confirm: 'Reset!Pass1',
        cod_fisc: `${user.cod_fisc.slice(0, 15)} `,
      });
      expect(json(spaced)).toEqual({ cod_fisc: [messages.passwordTaxCodeLength] });
      const other = await post({
        new_passwd: 'Reset!Pass1',
        passwd_confirm: 'Reset!Pass1',
        cod_fisc: 'RSSMRA80A01H501U',
      });
      expect(json(other)).toEqual({ cod_fisc: [messages.apiTaxCodeMismatch] });
      const policy = await post({ new_passwd: 'short', passwd_confirm: 'short', cod_fisc: user.cod_fisc });
      expect(Object.keys(json(policy))).toEqual(['new_passwd']);

      const done = await post({
        new_passwd: 'Reset!Pass1',
        passwd_confirm: 'Reset!Pass1',
        cod_fisc: user.cod_fisc.toLowerCase(),
      });
      expect(done.statusCode).toBe(200);
      expect(json(done)).toEqual({ pass_expiry_date: addDays(romeDate(), 90) });
      expect(
        (await t.request({ method: 'GET', url: '/api/info_notifiche', token: session })).statusCode,
      ).toBe(401);
      expect((await ckey(t, user.email, 'Reset!Pass1')).statusCode).toBe(200);

      // Single use.
      const again = await t.request({ method: 'GET', url });
      expect(again.statusCode).toBe(404);
      expect(json(again)).toEqual({ detail: messages.apiPasswordLinkInvalid });
      const repost = await post({
        new_passwd: 'Other!Pass2',
        passwd_confirm: 'Other!Pass2',
        cod_fisc: user.cod_fisc,
      });
      expect(repost.statusCode).toBe(404);
    });

    it('expires a link after 1 hour, binds it to its kind and refuses made-up ones', async () => {
      const user = await colleague();
      await lost(user.email);
      const token = tokenOf(await lastMailedLink(t.db, user.email));
      expect(
        (await t.request({ method: 'GET', url: `/api/password_expired_reset/${token}` })).statusCode,
      ).toBe(404);
      for (const fake of ['A'.repeat(43), 'abc', 'x'.repeat(90)]) {
        expect((await t.request({ method: 'GET', url: `/api/password_lost_reset/${fake}` })).statusCode).toBe(
          404,
        );
      }
      await t.db
        .updateTable('password_resets')
        .set({ created_at: new Date(Date.now() - 59 * 60_000) })
        .where('token_hash', '=', hashToken(token))
        .execute();
      expect((await t.request({ method: 'GET', url: `/api/password_lost_reset/${token}` })).statusCode).toBe(
        200,
      );
      await t.db
        .updateTable('password_resets')
        .set({ created_at: new Date(Date.now() - 61 * 60_000) })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const expired = await t.request({ method: 'GET', url: `/api/password_lost_reset/${token}` });
      expect(expired.statusCode).toBe(404);
      expect(json(expired)).toEqual({ detail: messages.apiPasswordLinkInvalid });
    });

    it('kills a link after 5 wrong second proofs', async () => {
      const user = await colleague();
      await lost(user.email);
      const url = `/api/password_lost_reset/${tokenOf(await lastMailedLink(t.db, user.email))}`;
      for (let i = 0; i < 5; i++) {
        const wrong = await t.request({
          method: 'POST',
          url,
          payload: { new_passwd: 'Reset!Pass1', passwd_confirm: 'Reset!Pass1', cod_fisc: 'XXXXXXXXXXXXXXXX' },
        });
        expect(wrong.statusCode).toBe(400);
      }
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    });

    it('renews anna.gallo’s expired password with her authenticator code', async () => {
      await resetTotpStep(t.db, demo.anna.email);
      const before = await mailCount(t.db, demo.anna.email);
      const renew = await t.request({
        method: 'POST',
        url: '/api/password_expired_renew',
        payload: {
          user_email: demo.anna.email,
          customer: 'Initech',
          interface_url: 'https://evil.example.net/',
        },
      });
      expect(renew.statusCode).toBe(200);
      expect(await mailCount(t.db, demo.anna.email)).toBe(before + 1);
      const link = await lastMailedLink(t.db, demo.anna.email);
      // A foreign interface_url is not used: links point to PUBLIC_URL (here the local default).
      expect(link).toMatch(/^http:\/\/localhost:8080\/password-expired\/initech\/[A-Za-z0-9_-]{43}$/);
      const url = `/api/password_expired_reset/${tokenOf(link)}`;
      expect(json(await t.request({ method: 'GET', url }))).toEqual({ auth_method: 'otp' });
      const base = { new_passwd: 'Anna!Nuova2026', passwd_confirm: 'Anna!Nuova2026' };
      expect(json(await t.request({ method: 'POST', url, payload: base }))).toEqual({
        otp: [messages.apiValidationRequired],
      });
      expect(json(await t.request({ method: 'POST', url, payload: { ...base, otp: '000000' } }))).toEqual({
        otp: [messages.apiOtpInvalid],
      });
      const done = await t.request({
        method: 'POST',
        url,
        payload: { ...base, otp: totpAt(demo.anna.secret, currentStep()) },
      });
      expect(done.statusCode).toBe(200);
      // No longer expired at the next sign-in.
      await resetTotpStep(t.db, demo.anna.email);
      const { checkToken } = await checkTokenOf(t, demo.anna.email, 'Anna!Nuova2026');
      const login = await t.request({
        method: 'POST',
        url: '/api/api-token-otp',
        payload: { check_token: checkToken, otp: totpAt(demo.anna.secret, currentStep()) },
      });
      expect(json(login)).toMatchObject({ password_expired: false });
    });

    it('only uses an interface_url of PUBLIC_URL (or localhost in demo mode)', () => {
      const options = { publicUrl: 'https://welfare.example.com', demo: false, port: 8080 };
      expect(linkBase('https://welfare.example.com/qualsiasi', options)).toBe('https://welfare.example.com');
      expect(linkBase('https://evil.example.com', options)).toBe('https://welfare.example.com');
      expect(linkBase('http://localhost:5173', options)).toBe('https://welfare.example.com');
      expect(linkBase('javascript:alert(1)', options)).toBe('https://welfare.example.com');
      expect(linkBase('https://user:pw@welfare.example.com', options)).toBe('https://welfare.example.com');
      expect(linkBase(null, options)).toBe('https://welfare.example.com');
      const local = { publicUrl: null, demo: true, port: 9000 };
      expect(linkBase('http://127.0.0.1:5173/login/acme', local)).toBe('http://127.0.0.1:5173');
      expect(linkBase('https://welfare.example.com', local)).toBe('http://localhost:9000');
    });
  });

  describe('consent (user_privacy)', () => {
    it('requires the service consent, the code of conduct and a signature; 404 before the first consent', async () => {
      const token = await t.login(demo.luca.email);
      const none = await t.request({ method: 'GET', url: '/api/user_privacy', token });
      expect(none.statusCode).toBe(404);
      const refused = await t.request({
        method: 'POST',
        url: '/api/user_privacy',
        token,
        payload: {
          privacy_servizio: false,
          privacy_dati_personali: true,
          decalogo_sicurezza: true,
          signature: ' ',
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(json(refused)).sort()).toEqual(['privacy_servizio', 'signature']);
      expect((await t.request({ method: 'GET', url: '/api/user_privacy', token })).statusCode).toBe(404);
    });
  });
});
