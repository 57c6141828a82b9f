/**
 * Helpers of the sign-in tests: the client's side of the protocol (akey, TOTP codes like an
 * authenticator app, codes read from the outbox as a mailbox would) and the demo users.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { HOTP, Secret } from 'otpauth';
import { expect, vi } from 'vitest';
import type { DB } from '../../src/server/db/schema';
import { json, type TestApp } from './helpers';

export const DEMO_PASSWORD = 'Welfare!2026';

export const demo = {
  mario: { email: 'mario.rossi@example.com', secret: 'AGZACCMVTYGVEVCVFMPR5M3TNZ7XNOFN' },
  laura: { email: 'laura.bianchi@example.com', secret: '4O6MPI2SDZCLF2RE5ZNLJ5ZRGCIBRD5F' },
  anna: { email: 'anna.gallo@example.com', secret: 'VWREACPMWYZ34NB2STLL3G3SOHMZI3BN' },
  giulia: { email: 'giulia.verdi@example.com' },
  luca: { email: 'luca.neri@example.com' },
} as const;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What the portal sends: base64url of {"username", "password": sha256 hex}. */
export function akeyOf(username: string, password: string): string {
  return Buffer.from(JSON.stringify({ username, password: sha256Hex(password) }), 'utf8').toString(
    'base64url',
  );
}

export const STEP_SECONDS = 30;

export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / STEP_SECONDS);
}

/** The code an authenticator app shows at a step. */
export function totpAt(secret: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, counter: step });
}

/**
 * Sets the clock (Date only; it keeps running) to one second into the current TOTP step, so that a
 * test using the previous step's code never sees the step change under it, and never waits for the
 * next step. tests/server/setup.ts puts the real clock back after every test.
 */
export function atStepStart(): void {
  const stepStart = currentStep() * STEP_SECONDS * 1000;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(stepStart + 1000);
}

/** Forgets the last TOTP step of a user (so that a test can use the current step again). */
export async function resetTotpStep(db: Kysely<DB>, email: string): Promise<void> {
  await db.updateTable('users').set({ totp_last_step: null }).where('email', '=', email).execute();
}

/** The 6-digit code of the newest mail to `email`. */
export async function lastMailedCode(db: Kysely<DB>, email: string): Promise<string> {
  const mail = await db
    .selectFrom('outbox')
    .select('text')
    .where('mail_to', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`nessun codice nella mail a ${email}`);
  return code;
}

/** The link of the newest mail to `email`. */
export async function lastMailedLink(db: Kysely<DB>, email: string): Promise<string> {
  const mail = await db
    .selectFrom('outbox')
    .select('text')
    .where('mail_to', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`nessun collegamento nella mail a ${email}`);
  return link;
}

export async function mailCount(db: Kysely<DB>, email?: string): Promise<number> {
  let query = db.selectFrom('outbox').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (email) query = query.where('mail_to', '=', email);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function ckey(t: TestApp, email: string, password = DEMO_PASSWORD) {
  return t.request({
    method: 'POST',
    url: '/api/api-token-ckey',
    payload: { akey: akeyOf(email, password) },
  });
}

/** ckey that must succeed: the type and the check token. */
export async function checkTokenOf(t: TestApp, email: string, password = DEMO_PASSWORD) {
  const response = await ckey(t, email, password);
  if (response.statusCode !== 200) throw new Error(`ckey ${email}: ${response.statusCode} ${response.body}`);
  const body = json<{ type: string; 'check-token': string }>(response);
  return { type: body.type, checkToken: body['check-token'] };
}

export async function sendCode(t: TestApp, checkToken: string, otp: string, extra: object = {}) {
  return t.request({
    method: 'POST',
    url: '/api/api-token-otp',
    payload: { check_token: checkToken, otp, ...extra },
  });
}

/** Failed sign-ins are per account: tests that provoke them clean up after themselves. */
export async function clearLoginFailures(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('login_failures').execute();
}

/**
 * A first sign-in as a new person makes it (provisioning): the password, ENROLL_OTP with the mailed code,
 * the app confirmed with a code of the new secret, then AUTH_OTP; answers the session token.
 */
export async function enrolAndSignIn(t: TestApp, email: string, password: string): Promise<string> {
  atStepStart();
  const signIn = () =>
    t.request({ method: 'POST', url: '/api/api-token-ckey', payload: { akey: akeyOf(email, password) } });
  const enrol = json<{ type: string; 'check-token': string }>(await signIn());
  expect(enrol.type).toBe('ENROLL_OTP');
  const verified = await t.request({
    method: 'POST',
    url: '/api/api-token-otp-verify',
    payload: { check_token: enrol['check-token'], otp: await lastMailedCode(t.db, email) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const { check_token: confirmToken, secret } = json<{ check_token: string; secret: string }>(verified);
  const step = currentStep();
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/api-token-confirm',
    payload: { check_token: confirmToken, otp: totpAt(secret, step - 1) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const auth = json<{ type: string; 'check-token': string }>(await signIn());
  expect(auth.type).toBe('AUTH_OTP');
  const login = await t.request({
    method: 'POST',
    url: '/api/api-token-otp',
    payload: { check_token: auth['check-token'], otp: totpAt(secret, step) },
  });
  expect(login.statusCode, login.body).toBe(200);
  return json<{ token: string }>(login).token;
}
