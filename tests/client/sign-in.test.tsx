/**
 * Login steps after the credentials (spec 000 §4, §5): code step, expired password, unknown otp
 * type, enrolment wizard, single sign-on and the password-forgotten modal.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { TOTP_STEP_MS } from '../../src/client/features/auth/enrolment-step';
import { ENROLMENT_RELOAD_DELAY_MS } from '../../src/client/features/auth/enrolment-wizard';
import { reloadToLogin } from '../../src/client/features/auth/reload-to-login';
import { useSessionStore } from '../../src/client/stores/session';
import {
  bodyOf,
  demoUser,
  jsonResponse,
  labelled,
  resetSession,
  startPortal,
  type FetchHandler,
} from './helpers';

vi.mock('../../src/client/features/auth/reload-to-login', () => ({ reloadToLogin: vi.fn() }));

const CHECK = 'c'.repeat(43);
const TOKEN = 't'.repeat(43);

beforeEach(() => {
  resetSession('acme');
  vi.mocked(reloadToLogin).mockClear();
  sessionStorage.clear();
});

/** The answers of a full sign-in: credentials, code, user info and permissions. */
function signInHandler(
  type: string,
  extra: FetchHandler = () => undefined,
  profile: 'utente' | 'ref_aziendale' = 'utente',
): FetchHandler {
  return (url, init) =>
    extra(url, init) ??
    (url === '/api/api-token-ckey'
      ? jsonResponse(200, { type, 'check-token': CHECK })
      : url === '/api/api-token-otp'
        ? jsonResponse(200, { token: TOKEN, password_expired: false })
        : url === '/api/get-logged-user-info'
          ? jsonResponse(200, { ...demoUser(profile), session_infos: undefined })
          : url === '/api/get_menu_perms'
            ? jsonResponse(200, { menu: true, 'user-profile': true })
            : undefined);
}

async function sendCredentials(email = 'mario.rossi@example.com') {
  await screen.findByRole('button', { name: messages.loginSubmit });
  fireEvent.change(screen.getByLabelText(labelled(messages.loginUsername)), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(labelled(messages.loginPassword)), {
    target: { value: 'Welfare!2026' },
  });
  fireEvent.click(screen.getByRole('button', { name: messages.loginSubmit }));
}

const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('code step (AUTH_OTP / MAIL_OTP)', () => {
  it('keeps the submit disabled until 6 digits, sends check_token and otp, opens the session and goes to menu', async () => {
    const { router, calls } = startPortal('/login/acme', signInHandler('AUTH_OTP'));
    await sendCredentials();

    const code = await screen.findByLabelText(labelled(messages.loginCodeLabel));
    expect(screen.getByText(messages.loginCodeAuthIntro)).toBeTruthy();
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(submitButton(messages.loginCodeSubmit).disabled).toBe(true);

    fireEvent.change(code, { target: { value: '123' } });
    expect(submitButton(messages.loginCodeSubmit).disabled).toBe(true);
    fireEvent.blur(code);
    expect(screen.getByText(messages.loginCodeIncomplete)).toBeTruthy();

    fireEvent.change(code, { target: { value: '123 456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    expect(submitButton(messages.loginCodeSubmit).disabled).toBe(false);
    fireEvent.click(submitButton(messages.loginCodeSubmit));

    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(bodyOf(calls, '/api/api-token-otp')).toEqual({ check_token: CHECK, otp: '123456' });
    const userInfo = calls.find((call) => call.url === '/api/get-logged-user-info')!;
    expect(new Headers(userInfo.init.headers).get('Authorization')).toBe(`Token ${TOKEN}`);
    const session = useSessionStore.getState();
    expect(session.isLogged).toBe(true);
    expect(session.token).toBe(TOKEN);
    expect(session.userPerms).toEqual(['menu', 'user-profile']);
    expect(sessionStorage.getItem('token')).toBe(JSON.stringify(TOKEN));
  });

  it('sets the act-for default of a referent at login', async () => {
    const { router } = startPortal('/login/acme', signInHandler('AUTH_OTP', undefined, 'ref_aziendale'));
    await sendCredentials();
    fireEvent.change(await screen.findByLabelText(labelled(messages.loginCodeLabel)), {
      target: { value: '654321' },
    });
    fireEvent.click(submitButton(messages.loginCodeSubmit));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(useSessionStore.getState().sessionInfos.act_for).toEqual({ id: 7, nome: 'Acme S.p.A.' });
  });

  it('says the MAIL_OTP code was sent by e-mail', async () => {
    startPortal('/login/acme', signInHandler('MAIL_OTP'));
    await sendCredentials('laura@example.com');
    expect(await screen.findByText(messages.loginCodeMailIntro)).toBeTruthy();
    expect(screen.getByText(/laura@example\.com/)).toBeTruthy();
  });

  it('keeps the step on a wrong code and shows the server message', async () => {
    const { router } = startPortal(
      '/login/acme',
      signInHandler('AUTH_OTP', (url) =>
        url === '/api/api-token-otp' ? jsonResponse(400, { otp: ['Codice non valido.'] }) : undefined,
      ),
    );
    await sendCredentials();
    const code = await screen.findByLabelText(labelled(messages.loginCodeLabel));
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(submitButton(messages.loginCodeSubmit));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Codice non valido.');
    expect((code as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login/acme');
    expect(useSessionStore.getState().isLogged).toBe(false);
  });

  it('goes back to the credentials when the check token is spent', async () => {
    startPortal(
      '/login/acme',
      signInHandler('AUTH_OTP', (url) =>
        url === '/api/api-token-otp'
          ? jsonResponse(400, { detail: messages.apiCheckTokenExhausted })
          : undefined,
      ),
    );
    await sendCredentials();
    fireEvent.change(await screen.findByLabelText(labelled(messages.loginCodeLabel)), {
      target: { value: '000000' },
    });
    fireEvent.click(submitButton(messages.loginCodeSubmit));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    expect(await screen.findByRole('button', { name: messages.loginSubmit })).toBeTruthy();
  });

  it('with password_expired revokes the token, asks for the renewal mail and reloads to login after the confirmation', async () => {
    const renewal = 'Se l’indirizzo è registrato, riceverai a breve un’e-mail.';
    const { router, calls } = startPortal(
      '/login/acme',
      signInHandler('AUTH_OTP', (url) =>
        url === '/api/api-token-otp'
          ? jsonResponse(200, { token: TOKEN, password_expired: true })
          : url === '/api/password_expired_renew'
            ? jsonResponse(200, { detail: renewal })
            : undefined,
      ),
    );
    await sendCredentials('mario.rossi@example.com');
    fireEvent.change(await screen.findByLabelText(labelled(messages.loginCodeLabel)), {
      target: { value: '123456' },
    });
    fireEvent.click(submitButton(messages.loginCodeSubmit));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.loginPasswordExpiredTitle)).toBeTruthy();
    // A text for the user who just signed in, with their address; not the neutral answer of the call.
    expect(
      within(dialog).getByText(
        messages.loginPasswordExpiredText.replace('{email}', 'mario.rossi@example.com'),
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(renewal)).toBeNull();
    expect(dialog.textContent).not.toContain('Se l’indirizzo è registrato');
    expect(bodyOf(calls, '/api/password_expired_renew')).toEqual({
      user_email: 'mario.rossi@example.com',
      customer: 'acme',
      interface_url: window.location.origin,
    });
    const logout = calls.find((call) => call.url === '/api/logout')!;
    expect(new Headers(logout.init.headers).get('Authorization')).toBe(`Token ${TOKEN}`);
    expect(calls.some((call) => call.url === '/api/get-logged-user-info')).toBe(false);
    expect(useSessionStore.getState().isLogged).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();

    // Only its button closes the modal.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(reloadToLogin).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.understood }));
    expect(reloadToLogin).toHaveBeenCalledWith('acme');
    expect(router.state.location.pathname).toBe('/login/acme');
  });
});

describe('other otp types', () => {
  it('logs and refuses an unknown type with a message, staying on the credentials', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = startPortal('/login/acme', signInHandler('SMS_OTP'));
    await sendCredentials();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(messages.loginOtpTypeUnsupported);
    expect(warn).toHaveBeenCalledWith('Invalid otp type', 'SMS_OTP');
    expect(screen.queryByLabelText(labelled(messages.loginCodeLabel))).toBeNull();
    expect(screen.getByRole('button', { name: messages.loginSubmit })).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/api-token-otp')).toBe(false);
  });
});

describe('enrolment wizard (ENROLL_OTP)', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
  const QR = 'data:image/png;base64,iVBORw0KGgo=';
  const NEW_CHECK = 'n'.repeat(43);

  function enrolmentHandler(verify: unknown): FetchHandler {
    return signInHandler('ENROLL_OTP', (url) =>
      url === '/api/api-token-otp-verify'
        ? jsonResponse(200, verify)
        : url === '/api/api-token-confirm'
          ? jsonResponse(200, { detail: messages.enrolCompleted })
          : undefined,
    );
  }

  it('verifies the mailed code, shows the QR code and the secret, confirms the app code and completes', async () => {
    const { calls } = startPortal(
      '/login/acme',
      enrolmentHandler({ check_token: NEW_CHECK, qr_code: QR, secret: SECRET }),
    );
    await sendCredentials();

    expect(await screen.findByText(messages.enrolTitle)).toBeTruthy();
    const mailCode = await screen.findByLabelText(labelled(messages.enrolMailCodeLabel));
    expect(submitButton(messages.enrolVerify).disabled).toBe(true);
    fireEvent.change(mailCode, { target: { value: '112233' } });
    fireEvent.click(submitButton(messages.enrolVerify));

    const qr = await screen.findByRole('img', { name: messages.enrolQrAlt });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(screen.getByRole('button', { name: messages.enrolCopy })).toBeTruthy();
    expect(bodyOf(calls, '/api/api-token-otp-verify')).toEqual({ check_token: CHECK, otp: '112233' });

    fireEvent.click(screen.getByRole('button', { name: messages.enrolNext }));
    const appCode = await screen.findByLabelText(labelled(messages.enrolConfirmLabel));
    expect(submitButton(messages.confirm).disabled).toBe(true);
    fireEvent.blur(appCode);
    expect(screen.getByText(messages.enrolConfirmRequired)).toBeTruthy();
    fireEvent.change(appCode, { target: { value: '445566' } });
    fireEvent.click(submitButton(messages.confirm));

    expect(await screen.findByText(messages.enrolCompleted)).toBeTruthy();
    expect(bodyOf(calls, '/api/api-token-confirm')).toEqual({ check_token: NEW_CHECK, otp: '445566' });
    fireEvent.click(screen.getByRole('button', { name: messages.loginGoToLogin }));
    expect(reloadToLogin).toHaveBeenCalledWith('acme');
    expect(useSessionStore.getState().isLogged).toBe(false);
  });

  it('reloads to the login by itself a few seconds after «Registrazione completata» (000 §4)', async () => {
    startPortal('/login/acme', enrolmentHandler({ check_token: NEW_CHECK, qr_code: QR, secret: SECRET }));
    await sendCredentials();
    fireEvent.change(await screen.findByLabelText(labelled(messages.enrolMailCodeLabel)), {
      target: { value: '112233' },
    });
    fireEvent.click(submitButton(messages.enrolVerify));
    fireEvent.click(await screen.findByRole('button', { name: messages.enrolNext }));
    fireEvent.change(await screen.findByLabelText(labelled(messages.enrolConfirmLabel)), {
      target: { value: '445566' },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.click(submitButton(messages.confirm));
      expect(await screen.findByText(messages.enrolCompleted)).toBeTruthy();
      expect(reloadToLogin).not.toHaveBeenCalled();
      // Nobody clicks: the login comes back by itself.
      await vi.advanceTimersByTimeAsync(ENROLMENT_RELOAD_DELAY_MS);
      expect(reloadToLogin).toHaveBeenCalledTimes(1);
      expect(reloadToLogin).toHaveBeenCalledWith('acme');
    } finally {
      vi.useRealTimers();
    }
  });

  it('signing in within the enrolment’s 30-second step says to wait for the next code', async () => {
    // A fake clock 1 s into a step (it runs on with real time: 29 s of margin).
    const stepStart = Math.ceil(Date.now() / TOTP_STEP_MS) * TOTP_STEP_MS;
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
      now: stepStart + 1_000,
    });
    try {
      startPortal('/login/acme', enrolmentHandler({ check_token: NEW_CHECK, qr_code: QR, secret: SECRET }));
      await sendCredentials();
      fireEvent.change(await screen.findByLabelText(labelled(messages.enrolMailCodeLabel)), {
        target: { value: '112233' },
      });
      fireEvent.click(submitButton(messages.enrolVerify));
      fireEvent.click(await screen.findByRole('button', { name: messages.enrolNext }));
      fireEvent.change(await screen.findByLabelText(labelled(messages.enrolConfirmLabel)), {
        target: { value: '445566' },
      });
      fireEvent.click(submitButton(messages.confirm));
      expect(await screen.findByText(messages.enrolCompleted)).toBeTruthy();
      cleanup();

      // Back at the login (the reload keeps the tab's sessionStorage), the same step still running.
      resetSession('acme');
      startPortal(
        '/login/acme',
        signInHandler('AUTH_OTP', (url) =>
          url === '/api/api-token-otp' ? jsonResponse(400, { otp: [messages.apiOtpReplayed] }) : undefined,
        ),
      );
      await sendCredentials();
      await screen.findByLabelText(labelled(messages.loginCodeLabel));
      expect(screen.getByTestId('login-code-wait-next').textContent).toBe(messages.loginCodeWaitNext);
      // Typed anyway: the server refuses the spent step, and the box says why.
      fireEvent.change(screen.getByLabelText(labelled(messages.loginCodeLabel)), {
        target: { value: '445566' },
      });
      fireEvent.click(submitButton(messages.loginCodeSubmit));
      const box = await screen.findByRole('dialog');
      expect(box.textContent).toContain(messages.apiOtpReplayed);
      // Once the step is over the app shows a new code: the note goes away.
      await vi.advanceTimersByTimeAsync(TOTP_STEP_MS);
      await waitFor(() => expect(screen.queryByTestId('login-code-wait-next')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('says nothing of the kind without an enrolment in this tab', async () => {
    startPortal('/login/acme', signInHandler('AUTH_OTP'));
    await sendCredentials();
    await screen.findByLabelText(labelled(messages.loginCodeLabel));
    expect(screen.queryByTestId('login-code-wait-next')).toBeNull();
  });

  it("raises 'Qr code data missing' when the answer has no QR data", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startPortal('/login/acme', enrolmentHandler({ check_token: NEW_CHECK, secret: SECRET }));
    await sendCredentials();
    fireEvent.change(await screen.findByLabelText(labelled(messages.enrolMailCodeLabel)), {
      target: { value: '112233' },
    });
    fireEvent.click(submitButton(messages.enrolVerify));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('backend-error-message').textContent).toBe('Qr code data missing');
    expect(error).toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: messages.enrolQrAlt })).toBeNull();
  });
});

describe('single sign-on (/login/<customer>?token=)', () => {
  const ssoToken = (provider = 'paghe-demo') =>
    `${Buffer.from(JSON.stringify({ email: 'mario.rossi@example.com', provider, exp: 9e9, nonce: 'n1' })).toString('base64url')}.firma`;

  it('exchanges the token, drops it from the address and sends the provider with the code', async () => {
    const token = ssoToken();
    const { router, calls } = startPortal(
      `/login/acme?token=${encodeURIComponent(token)}`,
      signInHandler('AUTH_OTP', (url) =>
        url === '/api/api-token-ssocp'
          ? jsonResponse(200, { type: 'AUTH_OTP', 'check-token': CHECK })
          : undefined,
      ),
    );
    const code = await screen.findByLabelText(labelled(messages.loginCodeLabel));
    expect(bodyOf(calls, '/api/api-token-ssocp')).toEqual({ sso_token: token });
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(calls.some((call) => call.url === '/api/api-token-ckey')).toBe(false);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(submitButton(messages.loginCodeSubmit));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(bodyOf(calls, '/api/api-token-otp')).toEqual({
      check_token: CHECK,
      otp: '123456',
      sso_provider_slug: 'paghe-demo',
    });
  });

  it('goes back to the plain login for a type other than AUTH_OTP / MAIL_OTP', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = startPortal(`/login/acme?token=${encodeURIComponent(ssoToken())}`, (url) =>
      url === '/api/api-token-ssocp'
        ? jsonResponse(200, { type: 'ENROLL_OTP', 'check-token': CHECK })
        : undefined,
    );
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe('/login/acme');
    expect(screen.getByRole('button', { name: messages.loginSubmit })).toBeTruthy();
    expect(screen.queryByLabelText(labelled(messages.loginCodeLabel))).toBeNull();
  });

  it('goes back to the plain login when the server refuses the token', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = startPortal(`/login/acme?token=${encodeURIComponent(ssoToken())}`, (url) =>
      url === '/api/api-token-ssocp' ? jsonResponse(400, { detail: messages.apiSsoTokenInvalid }) : undefined,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(messages.apiSsoTokenInvalid);
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(screen.getByRole('button', { name: messages.loginSubmit })).toBeTruthy();
  });
});

describe('password forgotten modal', () => {
  it('asks for a valid e-mail and shows the same-for-everyone answer of password_lost', async () => {
    const detail = messages.apiPasswordResetRequested;
    const { calls } = startPortal('/login/acme', (url) =>
      url === '/api/password_lost' ? jsonResponse(200, { detail }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: messages.loginForgotPassword }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.passwordLostModalTitle)).toBeTruthy();
    const email = within(dialog).getByLabelText(labelled(messages.passwordLostEmail));
    const send = within(dialog).getByRole('button', {
      name: messages.passwordLostSubmit,
    }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'mario@' } });
    fireEvent.blur(email);
    expect(within(dialog).getByText(messages.passwordLostEmailInvalid)).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'mario.rossi@example.com' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(bodyOf(calls, '/api/password_lost')).toEqual({
      user_email: 'mario.rossi@example.com',
      customer: 'acme',
      interface_url: window.location.origin,
    });
  });
});
