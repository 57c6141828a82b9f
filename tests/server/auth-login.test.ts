/**
 * Sign-in with second factor (spec 000 §4, §7; ARCHITECTURE.md §7): one test per security rule, and
 * the full flow of each kind of demo user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { loggerOptions } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed-demo';
import { matchTotpStep, totpCodeAt, totpUri, verifyUserTotp } from '../../src/server/services/otp';
import { hashToken } from '../../src/server/services/sessions';
import {
  akeyOf,
  atStepStart,
  checkTokenOf,
  ckey,
  clearLoginFailures,
  currentStep,
  demo,
  lastMailedCode,
  resetTotpStep,
  sendCode,
  sha256Hex,
  totpAt,
} from './auth-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const ARGON2ID_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

describe.each(backends)('sign-in (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    vi.useRealTimers();
    await clearLoginFailures(t.db);
  });

  const userRow = (email: string) =>
    t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  describe('passwords at rest', () => {
    it('stores argon2id (m=19456, t=2, p=1) of the SHA-256 of the password, once per seed run', async () => {
      const users = await t.db.selectFrom('users').select(['id', 'email', 'password_hash']).execute();
      expect(users.length).toBeGreaterThan(5);
      for (const u of users) expect(u.password_hash, u.email).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(users.every((u) => !u.password_hash!.includes(sha256Hex(demo.mario.email)))).toBe(true);
      const history = await t.db.selectFrom('password_history').select('user_id').execute();
      expect(new Set(history.map((h) => h.user_id)).size).toBe(users.length);

      // A second seed run changes nothing (and hashes nothing).
      const before = await userRow(demo.mario.email);
      await seedDemo(t.db);
      const after = await userRow(demo.mario.email);
      expect(after.password_hash).toBe(before.password_hash);
      expect((await t.db.selectFrom('password_history').select('id').execute()).length).toBe(history.length);
      expect(before.password_hash!.startsWith(ARGON2ID_PREFIX)).toBe(true);
    });

    it('keeps the demo TOTP secrets active and anna.gallo expired', async () => {
      for (const user of [demo.mario, demo.laura, demo.anna]) {
        const row = await userRow(user.email);
        expect([row.otp_method, row.totp_secret]).toEqual(['totp', user.secret]);
      }
      expect((await userRow(demo.giulia.email)).otp_method).toBe('email');
      expect((await userRow(demo.luca.email)).otp_method).toBeNull();
      expect((await userRow(demo.anna.email)).pass_expiry_date).toBe('2020-01-01');
    });
  });

  describe('credentials (api-token-ckey)', () => {
    it('answers an unknown user and a wrong password byte for byte the same', async () => {
      const unknown = await ckey(t, 'nessuno@example.com', 'Welfare!2026');
      const wrong = await ckey(t, demo.mario.email, 'Sbagliata!2026');
      expect(unknown.statusCode).toBe(400);
      expect(wrong.statusCode).toBe(unknown.statusCode);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(wrong.headers['content-length']).toBe(unknown.headers['content-length']);
      expect(json(wrong)).toEqual({ non_field_errors: [messages.apiCredentialsInvalid] });
      // A closed account answers the same too.
      const closed = await t.db
        .selectFrom('users')
        .select('email')
        .where('is_cessato', '=', true)
        .executeTakeFirstOrThrow();
      expect((await ckey(t, closed.email)).body).toBe(unknown.body);
    });

    it('refuses a malformed akey with a field error', async () => {
      const bad = [
        'non base64!',
        Buffer.from('not json').toString('base64url'),
        Buffer.from('[1,2]').toString('base64url'),
        Buffer.from(JSON.stringify({ username: demo.mario.email })).toString('base64url'),
        Buffer.from(JSON.stringify({ username: demo.mario.email, password: 'Welfare!2026' })).toString(
          'base64url',
        ),
        Buffer.from(JSON.stringify({ username: '', password: sha256Hex('x') })).toString('base64url'),
      ];
      for (const akey of bad) {
        const response = await t.request({ method: 'POST', url: '/api/api-token-ckey', payload: { akey } });
        expect(response.statusCode, akey).toBe(400);
        expect(json(response)).toEqual({ akey: [messages.apiAkeyInvalid] });
      }
      const extra = await t.request({
        method: 'POST',
        url: '/api/api-token-ckey',
        payload: { akey: akeyOf(demo.mario.email, 'x'), password: 'x' },
      });
      expect(json(extra)).toEqual({ password: [messages.apiValidationUnknownField] });
    });

    it('accepts the e-mail in any case and the digest in upper case', async () => {
      const akey = Buffer.from(
        JSON.stringify({
          username: ' Mario.Rossi@Example.com ',
          password: sha256Hex('Welfare!2026').toUpperCase(),
        }),
      ).toString('base64url');
      const response = await t.request({ method: 'POST', url: '/api/api-token-ckey', payload: { akey } });
      expect(response.statusCode).toBe(200);
      expect(json(response).type).toBe('AUTH_OTP');
    });

    it('allows at most 10 failed sign-ins per account in 15 minutes, then 429 even with the right password', async () => {
      const email = demo.laura.email;
      for (let i = 0; i < 10; i++) {
        expect((await ckey(t, email, `Sbagliata${i}`)).statusCode).toBe(400);
      }
      const locked = await ckey(t, email);
      expect(locked.statusCode).toBe(429);
      const detail = json<{ detail: string }>(locked).detail;
      expect(detail).toMatch(
        /^Troppi tentativi di accesso non riusciti: riprovare tra (\d+ minuti|1 minuto)\.$/,
      );
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // Other accounts are not affected.
      expect((await ckey(t, demo.mario.email)).statusCode).toBe(200);
      // Unknown addresses are limited alike (the limit tells nothing about who exists).
      for (let i = 0; i < 10; i++) await ckey(t, 'sconosciuto@example.com', `x${i}`);
      expect((await ckey(t, 'sconosciuto@example.com')).statusCode).toBe(429);
      // Failures leave the window after 15 minutes.
      await t.db
        .updateTable('login_failures')
        .set({ created_at: new Date(Date.now() - 16 * 60_000) })
        .execute();
      expect((await ckey(t, email)).statusCode).toBe(200);
    });

    it('counts wrong codes as failed sign-ins too', async () => {
      for (let i = 0; i < 2; i++) {
        const { checkToken } = await checkTokenOf(t, demo.giulia.email);
        for (let j = 0; j < 5; j++) await sendCode(t, checkToken, '000000');
      }
      const locked = await ckey(t, demo.giulia.email);
      expect(locked.statusCode).toBe(429);
    });
  });

  describe('AUTH_OTP (authenticator app)', () => {
    it('signs mario.rossi in with the code of the current step', async () => {
      await resetTotpStep(t.db, demo.mario.email);
      const { type, checkToken } = await checkTokenOf(t, demo.mario.email);
      expect(type).toBe('AUTH_OTP');
      expect(checkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const response = await sendCode(t, checkToken, totpAt(demo.mario.secret, currentStep()));
      expect(response.statusCode).toBe(200);
      const body = json<{ token: string; password_expired: boolean }>(response);
      expect(body.password_expired).toBe(false);
      const info = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: body.token });
      expect(info.statusCode).toBe(200);
      expect(json<{ user_anag: { email: string } }>(info).user_anag.email).toBe(demo.mario.email);
      // The check token is used up.
      const again = await sendCode(t, checkToken, totpAt(demo.mario.secret, currentStep()));
      expect(json(again)).toEqual({ detail: messages.apiCheckTokenInvalid });
    });

    it('accepts the previous step, refuses two steps back and the same step twice', async () => {
      atStepStart();
      await resetTotpStep(t.db, demo.laura.email);
      const step = currentStep();
      const tooOld = await checkTokenOf(t, demo.laura.email);
      const old = await sendCode(t, tooOld.checkToken, totpAt(demo.laura.secret, step - 2));
      expect(old.statusCode).toBe(400);
      expect(json(old)).toEqual({ otp: [messages.apiOtpInvalid] });

      const previous = await checkTokenOf(t, demo.laura.email);
      expect((await sendCode(t, previous.checkToken, totpAt(demo.laura.secret, step - 1))).statusCode).toBe(
        200,
      );

      const current = await checkTokenOf(t, demo.laura.email);
      expect((await sendCode(t, current.checkToken, totpAt(demo.laura.secret, step))).statusCode).toBe(200);

      const replay = await checkTokenOf(t, demo.laura.email);
      const replayed = await sendCode(t, replay.checkToken, totpAt(demo.laura.secret, step));
      expect(replayed.statusCode).toBe(400);
      expect(json(replayed)).toEqual({ otp: [messages.apiOtpReplayed] });
      // The previous step is older than the last used one: refused as well.
      const older = await sendCode(t, replay.checkToken, totpAt(demo.laura.secret, step - 1));
      expect(json(older)).toEqual({ otp: [messages.apiOtpReplayed] });
      const row = await userRow(demo.laura.email);
      expect(row.totp_last_step).toBe(step);
    });

    it('checks TOTP steps exactly at the service level (fixed clock)', async () => {
      const user = await userRow(demo.anna.email);
      await resetTotpStep(t.db, demo.anna.email);
      const at = new Date(Date.UTC(2026, 2, 1, 10, 0, 15));
      const step = Math.floor(at.getTime() / 30_000);
      const code = (s: number) => totpCodeAt(demo.anna.secret, s);
      expect(code(step)).toBe(totpAt(demo.anna.secret, step));
      expect(matchTotpStep(demo.anna.secret, code(step + 1), at)).toBeNull();
      expect(matchTotpStep(demo.anna.secret, code(step - 2), at)).toBeNull();
      expect(matchTotpStep(demo.anna.secret, ` ${code(step).slice(0, 3)} ${code(step).slice(3)} `, at)).toBe(
        step,
      );
      expect(await verifyUserTotp(t.db, user.id, demo.anna.secret, code(step - 1), at)).toBe('ok');
      expect(await verifyUserTotp(t.db, user.id, demo.anna.secret, code(step - 1), at)).toBe('replayed');
      expect(await verifyUserTotp(t.db, user.id, demo.anna.secret, code(step), at)).toBe('ok');
      expect(await verifyUserTotp(t.db, user.id, demo.anna.secret, code(step), at)).toBe('replayed');
      const later = new Date(at.getTime() + 30_000);
      expect(await verifyUserTotp(t.db, user.id, demo.anna.secret, code(step + 1), later)).toBe('ok');
      expect(await verifyUserTotp(t.db, user.id, demo.anna.secret, '12345', later)).toBe('invalid');
      await resetTotpStep(t.db, demo.anna.email);
    });

    it('flags password_expired for anna.gallo and still gives a session', async () => {
      await resetTotpStep(t.db, demo.anna.email);
      const { type, checkToken } = await checkTokenOf(t, demo.anna.email);
      expect(type).toBe('AUTH_OTP');
      const response = await sendCode(t, checkToken, totpAt(demo.anna.secret, currentStep()));
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ password_expired: true });
    });

    it('kills a check token after 5 wrong codes', async () => {
      await resetTotpStep(t.db, demo.mario.email);
      const { checkToken } = await checkTokenOf(t, demo.mario.email);
      for (let i = 0; i < 4; i++) {
        const wrong = await sendCode(t, checkToken, '000000');
        expect(json(wrong)).toEqual({ otp: [messages.apiOtpInvalid] });
      }
      const fifth = await sendCode(t, checkToken, 'abcdef');
      expect(fifth.statusCode).toBe(400);
      expect(json(fifth)).toEqual({ detail: messages.apiCheckTokenExhausted });
      const right = await sendCode(t, checkToken, totpAt(demo.mario.secret, currentStep()));
      expect(right.statusCode).toBe(400);
      expect(json(right)).toEqual({ detail: messages.apiCheckTokenExhausted });
    });

    it('refuses a check token of another purpose, a made-up one and an unknown SSO provider', async () => {
      const enrol = await checkTokenOf(t, demo.luca.email);
      expect(enrol.type).toBe('ENROLL_OTP');
      const code = await lastMailedCode(t.db, demo.luca.email);
      expect(json(await sendCode(t, enrol.checkToken, code))).toEqual({
        detail: messages.apiCheckTokenInvalid,
      });
      expect(json(await sendCode(t, 'A'.repeat(43), '123456'))).toEqual({
        detail: messages.apiCheckTokenInvalid,
      });
      expect(json(await sendCode(t, 'x', '123456'))).toEqual({ detail: messages.apiCheckTokenInvalid });
      const { checkToken } = await checkTokenOf(t, demo.mario.email);
      const sso = await sendCode(t, checkToken, '123456', { sso_provider_slug: 'sconosciuto' });
      expect(json(sso)).toEqual({ sso_provider_slug: [messages.apiSsoProviderInvalid] });
    });
  });

  describe('MAIL_OTP (code by e-mail)', () => {
    it('signs giulia.verdi in with the mailed code, once', async () => {
      const { type, checkToken } = await checkTokenOf(t, demo.giulia.email);
      expect(type).toBe('MAIL_OTP');
      const mail = await t.db
        .selectFrom('outbox')
        .selectAll()
        .where('mail_to', '=', demo.giulia.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe(messages.apiMailLoginCodeSubject);
      const code = await lastMailedCode(t.db, demo.giulia.email);
      expect(code).toMatch(/^\d{6}$/);
      // Stored hashed: neither the code nor the check token is in the table.
      const ticket = await t.db
        .selectFrom('login_tickets')
        .selectAll()
        .where('token_hash', '=', hashToken(checkToken))
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(ticket)).not.toContain(code);
      expect(JSON.stringify(ticket)).not.toContain(checkToken);

      const response = await sendCode(t, checkToken, code);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ password_expired: false });
      const replay = await sendCode(t, checkToken, code);
      expect(replay.statusCode).toBe(400);
      expect(json(replay)).toEqual({ detail: messages.apiCheckTokenInvalid });
    });

    it('binds the code to its check token and expires it after 10 minutes', async () => {
      const first = await checkTokenOf(t, demo.giulia.email);
      const firstCode = await lastMailedCode(t.db, demo.giulia.email);
      const second = await checkTokenOf(t, demo.giulia.email);
      const secondCode = await lastMailedCode(t.db, demo.giulia.email);
      if (firstCode !== secondCode) {
        expect(json(await sendCode(t, second.checkToken, firstCode))).toEqual({
          otp: [messages.apiOtpInvalid],
        });
      }
      await t.db
        .updateTable('login_tickets')
        .set({ created_at: new Date(Date.now() - 10 * 60_000 - 1000) })
        .where('token_hash', '=', hashToken(first.checkToken))
        .execute();
      const expired = await sendCode(t, first.checkToken, firstCode);
      expect(expired.statusCode).toBe(400);
      expect(json(expired)).toEqual({ detail: messages.apiCheckTokenInvalid });
      await t.db
        .updateTable('login_tickets')
        .set({ created_at: new Date(Date.now() - 9 * 60_000) })
        .where('token_hash', '=', hashToken(second.checkToken))
        .execute();
      expect((await sendCode(t, second.checkToken, secondCode)).statusCode).toBe(200);
    });
  });

  describe('ENROLL_OTP (first registration)', () => {
    it('enrols luca.neri: mailed code, QR code and secret, confirmation, then AUTH_OTP', async () => {
      atStepStart();
      const { type, checkToken } = await checkTokenOf(t, demo.luca.email);
      expect(type).toBe('ENROLL_OTP');
      const code = await lastMailedCode(t.db, demo.luca.email);

      const wrong = await t.request({
        method: 'POST',
        url: '/api/api-token-otp-verify',
        payload: { check_token: checkToken, otp: code === '000000' ? '111111' : '000000' },
      });
      expect(json(wrong)).toEqual({ otp: [messages.apiOtpInvalid] });

      const verified = await t.request({
        method: 'POST',
        url: '/api/api-token-otp-verify',
        payload: { check_token: checkToken, otp: code },
      });
      expect(verified.statusCode).toBe(200);
      const enrolment = json<{ check_token: string; qr_code: string; secret: string }>(verified);
      expect(enrolment.check_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(enrolment.check_token).not.toBe(checkToken);
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.qr_code).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(enrolment.qr_code.split(',')[1]!, 'base64');
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(totpUri(demo.luca.email, enrolment.secret)).toBe(
        `otpauth://totp/Portale%20Welfare:luca.neri%40example.com?issuer=Portale%20Welfare&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`,
      );
      // The enrolment code is used up.
      const reuse = await t.request({
        method: 'POST',
        url: '/api/api-token-otp-verify',
        payload: { check_token: checkToken, otp: code },
      });
      expect(json(reuse)).toEqual({ detail: messages.apiCheckTokenInvalid });
      // Not active before confirmation.
      expect((await checkTokenOf(t, demo.luca.email)).type).toBe('ENROLL_OTP');

      const step = currentStep();
      const badConfirm = await t.request({
        method: 'POST',
        url: '/api/api-token-confirm',
        payload: { check_token: enrolment.check_token, otp: totpAt(enrolment.secret, step - 3) },
      });
      expect(json(badConfirm)).toEqual({ otp: [messages.apiOtpInvalid] });
      const confirmed = await t.request({
        method: 'POST',
        url: '/api/api-token-confirm',
        payload: { check_token: enrolment.check_token, otp: totpAt(enrolment.secret, step - 1) },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(json(confirmed)).toEqual({ detail: 'Registrazione completata' });
      const row = await userRow(demo.luca.email);
      expect([row.otp_method, row.totp_secret, row.totp_last_step]).toEqual([
        'totp',
        enrolment.secret,
        step - 1,
      ]);

      const next = await checkTokenOf(t, demo.luca.email);
      expect(next.type).toBe('AUTH_OTP');
      // The confirming code cannot sign in; the next step's can.
      expect(json(await sendCode(t, next.checkToken, totpAt(enrolment.secret, step - 1)))).toEqual({
        otp: [messages.apiOtpReplayed],
      });
      const login = await sendCode(t, next.checkToken, totpAt(enrolment.secret, step));
      expect(login.statusCode).toBe(200);
      expect(json(login)).toMatchObject({ password_expired: false });
    });
  });
});

describe('sign-in logs', () => {
  it('never logs the akey, the codes, the check token or the session token', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const t = await buildTestApp('pglite', { logger: { ...loggerOptions('trace'), stream } });
    try {
      const akey = akeyOf(demo.giulia.email, 'Welfare!2026');
      const check = await t.request({ method: 'POST', url: '/api/api-token-ckey', payload: { akey } });
      const checkToken = json<{ 'check-token': string }>(check)['check-token'];
      const code = await lastMailedCode(t.db, demo.giulia.email);
      await sendCode(t, checkToken, code === '999999' ? '000000' : '999999');
      const session = await sendCode(t, checkToken, code);
      const token = json<{ token: string }>(session).token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await t.request({ method: 'GET', url: '/api/get-logged-user-info', token });
      await t.request({
        method: 'POST',
        url: '/api/password_lost',
        payload: { user_email: demo.giulia.email, customer: 'userportal' },
      });
      const link = (
        await t.db
          .selectFrom('outbox')
          .select('text')
          .where('mail_to', '=', demo.giulia.email)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).text;
      const resetToken = /\/password-lost\/userportal\/([A-Za-z0-9_-]{43})/.exec(link)![1]!;
      await t.request({ method: 'GET', url: `/api/password_lost_reset/${resetToken}` });
      await t.request({ method: 'GET', url: `/password-lost/userportal/${resetToken}` });
      await t.request({ method: 'GET', url: `/reconnect?d=${resetToken}x` });

      const log = lines.join('');
      expect(log).toContain('/api/api-token-ckey');
      expect(log).toContain('/api/password_lost_reset/[nascosto]');
      expect(log).toContain('/reconnect?d=[nascosto]');
      for (const secret of [akey, sha256Hex('Welfare!2026'), 'Welfare!2026', checkToken, token, resetToken]) {
        expect(log).not.toContain(secret);
      }
      // The code as a number of its own (timestamps and durations are longer runs of digits).
      expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      expect(log).not.toContain('"otp"');
    } finally {
      await t.close();
    }
  });
});
