/**
 * Passkeys as second factor (issue 28), through the HTTP API with a software authenticator
 * (soft-authenticator.ts): registration from a session that passed the second factor, the list and
 * removal, sign-in with password + passkey for an e-mail user and a TOTP user, and what is refused: a
 * session of a signed link, a wrong signature, a replayed challenge or counter, another user's
 * passkey, a wrong origin; refused assertions count as wrong codes and towards the account's lockout.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import type { Passkey } from '../../schemas/wire-types.gen';
import { accountKey } from '../../src/server/services/login-guard';
import { relyingParty } from '../../src/server/services/passkeys';
import {
  atStepStart,
  checkTokenOf,
  ckey,
  clearLoginFailures,
  currentStep,
  demo,
  lastMailedCode,
  resetTotpStep,
  sendCode,
  totpAt,
} from './auth-helpers';
import { backends, buildTestApp, json, type TestApp } from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

const ORIGIN = 'https://welfare.example.it';

interface Options {
  challenge: string;
  rp: { id?: string; name: string };
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
  excludeCredentials?: Array<{ id: string }>;
}

describe('relying party', () => {
  it('comes from PUBLIC_URL, or is localhost with any local origin without it', () => {
    const pub = relyingParty('https://welfare.example.it');
    expect(pub.id).toBe('welfare.example.it');
    expect(pub.allowsOrigin('https://welfare.example.it')).toBe(true);
    expect(pub.allowsOrigin('https://evil.example.com')).toBe(false);
    expect(pub.allowsOrigin('http://welfare.example.it')).toBe(false);
    const local = relyingParty(null);
    expect(local.id).toBe('localhost');
    expect(local.allowsOrigin('http://localhost:5173')).toBe(true);
    expect(local.allowsOrigin('http://127.0.0.1:5173')).toBe(false);
    expect(local.allowsOrigin('https://localhost.evil.example.com')).toBe(false);
    expect(local.allowsOrigin('null')).toBe(false);
  });
});

describe.each(backends)('passkeys (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend, { publicUrl: ORIGIN });
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    vi.useRealTimers();
    await clearLoginFailures(t.db);
  });

  /** A session through password + e-mail code (giulia) or password + TOTP (mario). */
  async function signIn(who: 'giulia' | 'mario'): Promise<string> {
    const { email } = demo[who];
    const { checkToken } = await checkTokenOf(t, email);
    let code: string;
    if (who === 'mario') {
      atStepStart();
      await resetTotpStep(t.db, email);
      code = totpAt(demo.mario.secret, currentStep());
    } else {
      code = await lastMailedCode(t.db, email);
    }
    const response = await sendCode(t, checkToken, code);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ token: string }>(response).token;
  }

  const registrationOptions = (token: string) =>
    t.request({ method: 'POST', url: '/api/passkeys/opzioni', token });

  async function register(token: string, authenticator: SoftAuthenticator, nome = 'Telefono di lavoro') {
    const options = await registrationOptions(token);
    expect(options.statusCode, options.body).toBe(200);
    const response = authenticator.register(json<Options>(options));
    return t.request({ method: 'POST', url: '/api/passkeys', token, payload: { nome, response } });
  }

  const list = async (token: string) => {
    const response = await t.request({ method: 'GET', url: '/api/passkeys', token });
    expect(response.statusCode, response.body).toBe(200);
    return json<Passkey[]>(response);
  };

  const remove = (token: string, id: number) =>
    t.request({ method: 'DELETE', url: `/api/passkeys/${id}`, token });

  const loginOptions = (checkToken: string) =>
    t.request({
      method: 'POST',
      url: '/api/api-token-passkey-options',
      payload: { check_token: checkToken },
    });

  const sendAssertion = (checkToken: string, response: unknown) =>
    t.request({
      method: 'POST',
      url: '/api/api-token-passkey',
      payload: { check_token: checkToken, response },
    });

  /** Password, then the options of the passkey step. */
  async function passkeyStep(email: string) {
    const answer = await ckey(t, email);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = json<{ type: string; 'check-token': string; passkey?: boolean }>(answer);
    const options = await loginOptions(body['check-token']);
    return { answer: body, checkToken: body['check-token'], options };
  }

  const failures = async (email: string) =>
    (await t.db.selectFrom('login_failures').select('id').where('account', '=', accountKey(email)).execute())
      .length;

  const clearPasskeys = () => t.db.deleteFrom('passkeys').execute();

  it('registers, lists and removes a passkey from a session that passed the second factor', async () => {
    await clearPasskeys();
    const token = await signIn('giulia');
    expect(await list(token)).toEqual([]);
    const before = await ckey(t, demo.giulia.email);
    expect(json(before)).not.toHaveProperty('passkey');

    const options = json<Options>(await registrationOptions(token));
    expect(options.rp).toEqual({ name: messages.apiDeliveredSender, id: 'welfare.example.it' });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const created = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: { nome: '  Telefono di lavoro ', response: authenticator.register(options) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const passkey = json<Passkey>(created);
    expect(passkey).toMatchObject({ nome: 'Telefono di lavoro', ultimo_utilizzo: null });
    expect(Date.parse(passkey.creata)).not.toBeNaN();
    expect(await list(token)).toEqual([passkey]);

    const stored = await t.db
      .selectFrom('passkeys')
      .select(['credential_id', 'counter', 'transports'])
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ credential_id: authenticator.id, counter: 0, transports: ['internal'] });

    // The next sign-in offers the passkey; the options exclude the registered one.
    const after = json<{ passkey?: boolean }>(await ckey(t, demo.giulia.email));
    expect(after.passkey).toBe(true);
    const again = json<Options>(await registrationOptions(token));
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);

    // Registering the same authenticator twice is refused.
    const twice = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: { nome: 'Ancora', response: authenticator.register(again) },
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toEqual({ detail: messages.apiPasskeyDuplicate });

    // Another user cannot remove it; its owner can, once.
    const mario = await signIn('mario');
    expect((await remove(mario, passkey.id)).statusCode).toBe(404);
    const removed = await remove(token, passkey.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json(removed)).toEqual({ detail: messages.apiPasskeyRemoved });
    expect(await list(token)).toEqual([]);
    expect((await remove(token, passkey.id)).statusCode).toBe(404);
    expect(json(await ckey(t, demo.giulia.email))).not.toHaveProperty('passkey');
  });

  it('refuses registration to a session without second factor, a wrong origin, a used challenge, a bad name', async () => {
    await clearPasskeys();
    // t.login opens a session like a signed link does (reconnection, token login): no second factor.
    const linked = await t.login(demo.giulia.email);
    const refused = await registrationOptions(linked);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ detail: messages.apiPasskeySecondFactorRequired });
    expect((await t.request({ method: 'GET', url: '/api/passkeys', token: linked })).statusCode).toBe(200);

    const token = await signIn('giulia');
    const options = json<Options>(await registrationOptions(token));
    const wrongOrigin = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: {
        nome: 'Telefono',
        response: new SoftAuthenticator('https://evil.example.com').register(options, {
          rpId: 'welfare.example.it',
        }),
      },
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(json(wrongOrigin)).toEqual({ detail: messages.apiPasskeyRegistrationInvalid });

    const first = new SoftAuthenticator(ORIGIN);
    const ok = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: { nome: 'Primo', response: first.register(options) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const replayed = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: { nome: 'Secondo', response: new SoftAuthenticator(ORIGIN).register(options) },
    });
    expect(replayed.statusCode).toBe(400);
    expect(json(replayed)).toEqual({ detail: messages.apiPasskeyReplayed });

    // Another session's challenge is not this session's.
    const other = await signIn('giulia');
    const foreign = json<Options>(await registrationOptions(other));
    const stolen = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: { nome: 'Terzo', response: new SoftAuthenticator(ORIGIN).register(foreign) },
    });
    expect(stolen.statusCode).toBe(400);

    const blank = await t.request({
      method: 'POST',
      url: '/api/passkeys',
      token,
      payload: {
        nome: '   ',
        response: new SoftAuthenticator(ORIGIN).register(json<Options>(await registrationOptions(token))),
      },
    });
    expect(blank.statusCode).toBe(400);
    expect(json(blank)).toHaveProperty('nome');
    expect((await list(token)).map((p) => p.nome)).toEqual(['Primo']);
  });

  it('signs in with password + passkey (e-mail user and TOTP user); the code keeps working', async () => {
    await clearPasskeys();
    const giulia = new SoftAuthenticator(ORIGIN);
    expect((await register(await signIn('giulia'), giulia)).statusCode).toBe(200);
    const mario = new SoftAuthenticator(ORIGIN);
    expect((await register(await signIn('mario'), mario)).statusCode).toBe(200);

    for (const [email, authenticator, type] of [
      [demo.giulia.email, giulia, 'MAIL_OTP'],
      [demo.mario.email, mario, 'AUTH_OTP'],
    ] as const) {
      const { answer, checkToken, options } = await passkeyStep(email);
      expect(answer).toMatchObject({ type, passkey: true });
      expect(options.statusCode, options.body).toBe(200);
      const body = json<Options>(options);
      expect(body.rpId).toBe('welfare.example.it');
      expect(body.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
      const signedIn = await sendAssertion(checkToken, authenticator.assert(body));
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const session = json<{ token: string; password_expired: boolean }>(signedIn);
      expect(session.password_expired).toBe(false);
      const info = await t.request({ method: 'GET', url: '/api/get-logged-user-info', token: session.token });
      expect(info.statusCode).toBe(200);
      // A passkey sign-in is a second factor: that session may register passkeys.
      expect((await registrationOptions(session.token)).statusCode).toBe(200);
      // The check token is used up.
      expect((await loginOptions(checkToken)).statusCode).toBe(400);
      const [listed] = await list(session.token);
      expect(listed?.ultimo_utilizzo).not.toBeNull();
      const { counter } = await t.db
        .selectFrom('passkeys')
        .select('counter')
        .where('credential_id', '=', authenticator.id)
        .executeTakeFirstOrThrow();
      expect(counter).toBe(authenticator.counter);
    }

    // The e-mail code of a ticket that offered the passkey still signs in.
    const { checkToken } = await checkTokenOf(t, demo.giulia.email);
    const byCode = await sendCode(t, checkToken, await lastMailedCode(t.db, demo.giulia.email));
    expect(byCode.statusCode, byCode.body).toBe(200);
  });

  it('refuses a wrong signature, a replayed challenge or counter, another user’s passkey, a wrong origin', async () => {
    await clearPasskeys();
    const giulia = new SoftAuthenticator(ORIGIN);
    expect((await register(await signIn('giulia'), giulia)).statusCode).toBe(200);
    const mario = new SoftAuthenticator(ORIGIN);
    expect((await register(await signIn('mario'), mario)).statusCode).toBe(200);
    const invalid = { passkey: [messages.apiPasskeyInvalid] };
    const replayedAnswer = { passkey: [messages.apiPasskeyReplayed] };
    await clearLoginFailures(t.db);

    // Wrong signature: counted as a failed sign-in and a wrong code; its challenge is used up.
    let step = await passkeyStep(demo.giulia.email);
    let options = json<Options>(step.options);
    const forged = await sendAssertion(
      step.checkToken,
      giulia.assert(options, { signWith: new SoftAuthenticator(ORIGIN) }),
    );
    expect(forged.statusCode).toBe(400);
    expect(json(forged)).toEqual(invalid);
    expect(await failures(demo.giulia.email)).toBe(1);
    const replayed = await sendAssertion(step.checkToken, giulia.assert(options));
    expect(replayed.statusCode).toBe(400);
    expect(json(replayed)).toEqual(replayedAnswer);
    expect(await failures(demo.giulia.email)).toBe(2);

    // A valid assertion cannot be sent again with another check token.
    step = await passkeyStep(demo.giulia.email);
    options = json<Options>(step.options);
    const assertion = giulia.assert(options);
    expect((await sendAssertion(step.checkToken, assertion)).statusCode).toBe(200);
    const next = await passkeyStep(demo.giulia.email);
    const again = await sendAssertion(next.checkToken, assertion);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual(replayedAnswer);

    // A fresh challenge with a counter that did not move on (a cloned authenticator) is refused.
    const cloned = await sendAssertion(
      next.checkToken,
      giulia.assert(json<Options>(await loginOptions(next.checkToken)), { counter: giulia.counter }),
    );
    expect(cloned.statusCode).toBe(400);
    expect(json(cloned)).toEqual(invalid);

    // Mario's passkey does not sign Giulia in, even signed correctly.
    const foreign = await sendAssertion(
      next.checkToken,
      mario.assert(json<Options>(await loginOptions(next.checkToken))),
    );
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toEqual(invalid);

    // The wrong origin; then the fifth wrong answer on one check token kills it.
    const wrongOrigin = await sendAssertion(
      next.checkToken,
      giulia.assert(json<Options>(await loginOptions(next.checkToken)), {
        origin: 'https://evil.example.com',
      }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(json(wrongOrigin)).toEqual(invalid);
    const fifth = await sendAssertion(
      next.checkToken,
      giulia.assert(json<Options>(await loginOptions(next.checkToken)), {
        signWith: mario,
      }),
    );
    expect(fifth.statusCode).toBe(400);
    expect(json(fifth)).toEqual({ detail: messages.apiCheckTokenExhausted });
    expect((await loginOptions(next.checkToken)).statusCode).toBe(400);

    // A user without passkeys gets no passkey step.
    await t.db.deleteFrom('passkeys').where('credential_id', '=', mario.id).execute();
    const none = await passkeyStep(demo.mario.email);
    expect(none.answer).not.toHaveProperty('passkey');
    expect(none.options.statusCode).toBe(400);
    expect(json(none.options)).toEqual({ detail: messages.apiPasskeyNone });
  });

  it('counts refused passkeys towards the account lockout of wrong codes', async () => {
    await clearPasskeys();
    const giulia = new SoftAuthenticator(ORIGIN);
    expect((await register(await signIn('giulia'), giulia)).statusCode).toBe(200);
    await clearLoginFailures(t.db);
    const wrongAnswer = async (checkToken: string) => {
      const options = json<Options>(await loginOptions(checkToken));
      return sendAssertion(checkToken, giulia.assert(options, { origin: 'https://x.example.com' }));
    };
    // Four wrong answers per check token (the fifth would kill it), ten in all.
    for (let ticket = 0; ticket < 3; ticket += 1) {
      const { checkToken } = await checkTokenOf(t, demo.giulia.email);
      for (let attempt = 0; attempt < (ticket < 2 ? 4 : 1); attempt += 1)
        expect((await wrongAnswer(checkToken)).statusCode).toBe(400);
    }
    const { checkToken } = await checkTokenOf(t, demo.giulia.email);
    expect((await wrongAnswer(checkToken)).statusCode).toBe(400);
    expect(await failures(demo.giulia.email)).toBe(10);
    // Locked: even the right passkey is refused with 429, like a right code.
    const right = await sendAssertion(
      checkToken,
      giulia.assert(json<Options>(await loginOptions(checkToken))),
    );
    expect(right.statusCode).toBe(429);
    expect(json<{ detail: string }>(right).detail).toMatch(/^Troppi tentativi di accesso/);
    expect((await ckey(t, demo.giulia.email)).statusCode).toBe(429);
  });
});
