/**
 * Single sign-on, back-office reconnection and token login (spec 000 §2, §4, §8), and the admin
 * commands that make their tokens and links.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { ssoProviders } from '../../config/sso-providers';
import { runAdmin } from '../../src/server/admin';
import { signSsoToken, signTicket } from '../../src/server/services/signed-links';
import {
  clearLoginFailures,
  currentStep,
  demo,
  lastMailedCode,
  mailCount,
  resetTotpStep,
  sendCode,
  totpAt,
} from './auth-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';

const PROVIDER = ssoProviders[0].slug;

describe.each(backends)('single sign-on and signed links (%s)', (backend) => {
  let t: TestApp;
  let secret: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    secret = t.app.config.ssoSecrets[PROVIDER]!;
  });
  afterAll(async () => t?.close());
  afterEach(async () => clearLoginFailures(t.db));

  const ssocp = (sso_token: string) =>
    t.request({ method: 'POST', url: '/api/api-token-ssocp', payload: { sso_token } });
  const reconnect = (d: string) =>
    t.request({ method: 'POST', url: '/api/backoffice-reconnection', payload: { d } });
  const tokenLogin = (value: string) =>
    t.request({ method: 'POST', url: '/api/token-login', payload: { t: value } });

  async function works(token: string): Promise<string> {
    const info = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token });
    expect(info.statusCode).toBe(200);
    return json<{ user_anag: { email: string } }>(info).user_anag.email;
  }

  describe('SSO (api-token-ssocp)', () => {
    it('exchanges a valid token for a check token and signs in with the code', async () => {
      await resetTotpStep(t.db, demo.mario.email);
      const response = await ssocp(signSsoToken(demo.mario.email, PROVIDER, secret));
      expect(response.statusCode).toBe(200);
      const body = json<{ type: string; 'check-token': string }>(response);
      expect(body.type).toBe('AUTH_OTP');
      const login = await sendCode(t, body['check-token'], totpAt(demo.mario.secret, currentStep()), {
        sso_provider_slug: PROVIDER,
      });
      expect(login.statusCode).toBe(200);
      expect(await works(json<{ token: string }>(login).token)).toBe(demo.mario.email);
    });

    it('mails the code to a MAIL_OTP user and refuses an ENROLL_OTP user', async () => {
      const before = await mailCount(t.db, demo.giulia.email);
      const giulia = await ssocp(signSsoToken('Giulia.Verdi@example.com', PROVIDER, secret));
      expect(json(giulia)).toMatchObject({ type: 'MAIL_OTP' });
      expect(await mailCount(t.db, demo.giulia.email)).toBe(before + 1);
      const code = await lastMailedCode(t.db, demo.giulia.email);
      const otherProvider = ssoProviders[1].slug;
      const mismatch = await sendCode(t, json<{ 'check-token': string }>(giulia)['check-token'], code, {
        sso_provider_slug: otherProvider,
      });
      expect(json(mismatch)).toEqual({ sso_provider_slug: [messages.apiSsoProviderInvalid] });

      const luca = await ssocp(signSsoToken(demo.luca.email, PROVIDER, secret));
      expect(luca.statusCode).toBe(400);
      expect(json(luca)).toEqual({ detail: messages.apiSsoEnrolmentRequired });
    });

    it('refuses expired, tampered, replayed, foreign and unknown-user tokens', async () => {
      const invalid = { detail: messages.apiSsoTokenInvalid };
      const now = Math.floor(Date.now() / 1000);
      const expired = signSsoToken(demo.mario.email, PROVIDER, secret, { exp: now - 1 });
      expect(json(await ssocp(expired))).toEqual(invalid);
      const tooLong = signSsoToken(demo.mario.email, PROVIDER, secret, { exp: now + 3600 });
      expect(json(await ssocp(tooLong))).toEqual(invalid);

      const valid = signSsoToken(demo.mario.email, PROVIDER, secret);
      const [payload, signature] = valid.split('.') as [string, string];
      const forged = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
          email: demo.laura.email,
        }),
      ).toString('base64url');
      expect(json(await ssocp(`${forged}.${signature}`))).toEqual(invalid);
      expect(json(await ssocp(`${payload}.${signature.slice(0, -2)}AA`))).toEqual(invalid);
      expect(json(await ssocp(signSsoToken(demo.mario.email, PROVIDER, 'x'.repeat(40))))).toEqual(invalid);
      expect(json(await ssocp(signSsoToken(demo.mario.email, 'sconosciuto', secret)))).toEqual(invalid);
      expect(json(await ssocp('nonsense'))).toEqual(invalid);

      expect((await ssocp(valid)).statusCode).toBe(200);
      const replayed = await ssocp(valid);
      expect(replayed.statusCode).toBe(400);
      expect(json(replayed)).toEqual(invalid);

      expect(json(await ssocp(signSsoToken('nessuno@example.com', PROVIDER, secret)))).toEqual(invalid);
    });
  });

  describe('reconnection and token login', () => {
    const ticketSecret = () => t.app.config.ticketSecret;

    it('reconnects with a valid ticket, once', async () => {
      const d = signTicket(demo.laura.email, 'reconnect', ticketSecret());
      const response = await reconnect(d);
      expect(response.statusCode).toBe(200);
      const body = json<{ token: string; password_expired: boolean }>(response);
      expect(body.password_expired).toBe(false);
      expect(await works(body.token)).toBe(demo.laura.email);
      const again = await reconnect(d);
      expect(again.statusCode).toBe(400);
      expect(json(again)).toEqual({ detail: "Riconnessione all'utente fallita." });
    });

    it('refuses expired, tampered and foreign tickets with the spec message', async () => {
      const failed = { detail: messages.loginReconnectFailed };
      const now = Math.floor(Date.now() / 1000);
      expect(
        json(await reconnect(signTicket(demo.laura.email, 'reconnect', ticketSecret(), { exp: now - 5 }))),
      ).toEqual(failed);
      expect(json(await reconnect(signTicket(demo.laura.email, 'reconnect', 'y'.repeat(40))))).toEqual(
        failed,
      );
      // A token-login ticket is not a reconnection ticket, and vice versa.
      expect(json(await reconnect(signTicket(demo.laura.email, 'token-login', ticketSecret())))).toEqual(
        failed,
      );
      expect(json(await tokenLogin(signTicket(demo.laura.email, 'reconnect', ticketSecret())))).toEqual({
        detail: messages.loginTokenFailed,
      });
      expect(json(await reconnect('abc.def'))).toEqual(failed);
    });

    it('answers password_expired for anna.gallo', async () => {
      const response = await reconnect(signTicket(demo.anna.email, 'reconnect', ticketSecret()));
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ password_expired: true });
    });

    it('logs in with a valid token-login ticket, and refuses an invalid one', async () => {
      const value = signTicket(demo.giulia.email, 'token-login', ticketSecret());
      const response = await tokenLogin(value);
      expect(response.statusCode).toBe(200);
      expect(await works(json<{ token: string }>(response).token)).toBe(demo.giulia.email);
      const replayed = await tokenLogin(value);
      expect(replayed.statusCode).toBe(400);
      expect(json(replayed)).toEqual({ detail: 'Connessione al provider welfare fallita.' });
      expect(json(await tokenLogin('x'))).toEqual({ detail: messages.loginTokenFailed });
    });
  });

  describe('admin commands', () => {
    const BASE = 'https://welfare.example.com';
    let out: string[];
    let err: string[];
    const admin = async (...argv: string[]) => {
      out = [];
      err = [];
      return runAdmin(argv, {
        db: t.db,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        links: {
          ticketSecret: t.app.config.ticketSecret,
          ssoSecrets: t.app.config.ssoSecrets,
          baseUrl: BASE,
        },
      });
    };

    it('sso-token prints a token and a login URL that work', async () => {
      expect(await admin('sso-token', demo.giulia.email, PROVIDER)).toBe(0);
      const token = out[1]!;
      const url = new URL(out[3]!);
      expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/login/userportal`);
      expect(url.searchParams.get('token')).toBe(token);
      const response = await ssocp(token);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ type: 'MAIL_OTP' });

      expect(await admin('sso-token', demo.luca.email, PROVIDER)).toBe(0);
      expect(err.join('\n')).toContain('ENROLL_OTP');
      expect(await admin('sso-token', demo.mario.email, 'sconosciuto')).toBe(1);
      expect(err[0]).toContain('Provider SSO sconosciuto: sconosciuto');
      expect(await admin('sso-token', 'nessuno@example.com', PROVIDER)).toBe(1);
      expect(err[0]).toContain('Utente non trovato');
    });

    it('reconnect-link and token-link print links that work', async () => {
      expect(await admin('reconnect-link', demo.laura.email)).toBe(0);
      const reconnectUrl = new URL(out[0]!);
      expect(`${reconnectUrl.origin}${reconnectUrl.pathname}`).toBe(`${BASE}/reconnect`);
      const d = reconnectUrl.searchParams.get('d')!;
      expect((await reconnect(d)).statusCode).toBe(200);

      expect(await admin('token-link', demo.mario.email)).toBe(0);
      const tokenUrl = new URL(out[0]!);
      expect(`${tokenUrl.origin}${tokenUrl.pathname}`).toBe(`${BASE}/token-login/acme`);
      const response = await tokenLogin(tokenUrl.searchParams.get('t')!);
      expect(response.statusCode).toBe(200);
      expect(await works(json<{ token: string }>(response).token)).toBe(demo.mario.email);

      expect(await admin('help')).toBe(0);
      expect(out.join('\n')).toContain('reconnect-link <e-mail>');
    });
  });
});
