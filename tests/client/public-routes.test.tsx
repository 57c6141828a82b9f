import { createHash } from 'node:crypto';
import { createMemoryHistory } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { App } from '../../src/client/app/app';
import { createAppRouter } from '../../src/client/app/router';
import { connectApiClient } from '../../src/client/app/session-expiry';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import acmeSkin from '../../skins/acme/index';
import { demoUser, jsonResponse } from './helpers';

type Handler = (url: string, init: RequestInit) => Response | undefined;

function startApp(path: string, handler: Handler = () => undefined) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return (
        handler(url, init) ??
        (url.startsWith('/api/getapiuserskin/')
          ? jsonResponse(404, { detail: messages.apiSkinNotFound })
          : url === '/api/pdoppiaapi/credito_utente'
            ? jsonResponse(200, { crediti: { totale: '1500.00', art51c3: '800.00' } })
            : url === '/api/info_notifiche'
              ? jsonResponse(200, { inviati: 0, ricevuti: 0, ricevuti_new: 0 })
              : jsonResponse(404, { detail: `non previsto: ${url}` }))
      );
    }),
  );
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  connectApiClient(router);
  render(<App router={router} mantineEnv="test" />);
  return { router, calls };
}

function resetSession(customer = 'userportal') {
  useSessionStore.setState({
    token: null,
    isLogged: false,
    user: null,
    userPerms: [],
    customer,
    sessionInfos: emptySessionInfos(),
  });
}

function logIn(customer = 'acme') {
  useSessionStore.setState({
    token: 'tok',
    isLogged: true,
    customer,
    user: demoUser(),
    userPerms: ['menu'],
    sessionInfos: emptySessionInfos(),
  });
}

describe('public routes (spec 000 §2)', () => {
  it('sends a visitor of / to the login of the current customer', async () => {
    resetSession();
    const { router } = startApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/userportal'));
    expect(await screen.findByRole('button', { name: messages.loginSubmit })).toBeTruthy();
  });

  it('takes the customer from the URL, keeps it in wbcustomer and shows its login logo', async () => {
    resetSession();
    startApp('/login/acme');
    const logo = await screen.findByRole('img', { name: 'Acme S.p.A.' });
    expect(logo.getAttribute('src')).toBe(acmeSkin.login_logo);
    expect(localStorage.getItem('wbcustomer')).toBe('acme');
    expect(useSessionStore.getState().customer).toBe('acme');
    expect(screen.queryByText(messages.colorMapLoadFailed)).toBeNull();
  });

  it('asks the server for a customer without a built-in skin, and shows the alert when it fails', async () => {
    resetSession();
    const { calls } = startApp('/login/cliente-sconosciuto');
    expect(await screen.findByText(messages.colorMapLoadFailed)).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/getapiuserskin/cliente-sconosciuto');
    // The default skin is used meanwhile.
    expect(await screen.findByRole('img', { name: 'Portale Welfare' })).toBeTruthy();
  });

  it('uses a server skin (logo and name) when the server has one', async () => {
    resetSession();
    const logo = 'data:image/svg+xml;base64,PHN2Zy8+';
    startApp('/login/initech', (url) =>
      url === '/api/getapiuserskin/initech'
        ? jsonResponse(200, {
            customer: 'initech',
            display_name: 'Initech',
            login_logo: logo,
            navbar_logo: logo,
            colors: {
              primary: '#6a1b9a',
              navbar_background: '#4a148c',
              navbar_text: '#ffffff',
              footer_background: '#2a0a4a',
              footer_text: '#eeeeee',
              section_header_background: '#f3e5f5',
              section_header_text: '#4a148c',
            },
            footer_text: 'Initech',
          })
        : undefined,
    );
    const img = await screen.findByRole('img', { name: 'Initech' });
    expect(img.getAttribute('src')).toBe(logo);
    expect(screen.queryByText(messages.colorMapLoadFailed)).toBeNull();
  });

  it('sends a logged user to the menu', async () => {
    logIn();
    const { router } = startApp('/login/acme');
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('stays on the login with loggingout, closing a session still open', async () => {
    logIn();
    const { router } = startApp('/login/acme?loggingout=1', (url) =>
      url === '/api/logout' ? jsonResponse(200, {}) : undefined,
    );
    expect(await screen.findByText(messages.loginLoggedOut)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/acme');
    expect(useSessionStore.getState().isLogged).toBe(false);
  });

  it('says the authentication is missing on a token login without t', async () => {
    resetSession();
    startApp('/token-login/acme');
    expect(await screen.findByText(messages.loginAuthMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.loginGoToLogin }).getAttribute('href')).toBe(
      '/login/acme',
    );
  });

  it('shows the page-not-found screen with a way home', async () => {
    resetSession();
    startApp('/questa/pagina/non-esiste');
    expect(await screen.findByText(messages.pageNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: messages.backToHome }).getAttribute('href')).toBe('/');
  });
});

describe('login form (spec 000 §5)', () => {
  it('keeps Accedi disabled until both fields are filled, then sends the akey', async () => {
    resetSession();
    const { calls } = startApp('/login/acme', (url) =>
      url === '/api/api-token-ckey'
        ? jsonResponse(200, { type: 'AUTH_OTP', 'check-token': 'chk' })
        : undefined,
    );
    const submit = await screen.findByRole('button', { name: messages.loginSubmit });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(new RegExp(messages.loginUsername.replace(/[()]/g, '\\$&'))), {
      target: { value: 'mario.rossi@example.com' },
    });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(new RegExp(messages.loginPassword)), {
      target: { value: 'Welfare!2026' },
    });
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/api-token-ckey')).toBe(true));
    const call = calls.find((c) => c.url === '/api/api-token-ckey')!;
    expect(call.init.method).toBe('POST');
    const { akey } = JSON.parse(call.init.body as string) as { akey: string };
    const decoded = JSON.parse(Buffer.from(akey, 'base64url').toString('utf8'));
    expect(decoded).toEqual({
      username: 'mario.rossi@example.com',
      password: createHash('sha256').update('Welfare!2026').digest('hex'),
    });
    expect(akey).not.toMatch(/[+/=]/);
    // The code step comes later: nothing pretends the login went through.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useSessionStore.getState().isLogged).toBe(false);
  });

  it('shows the server error in the backend error box', async () => {
    resetSession();
    startApp('/login/acme', (url) =>
      url === '/api/api-token-ckey'
        ? jsonResponse(400, { non_field_errors: ['Credenziali non valide.'] })
        : undefined,
    );
    await screen.findByRole('button', { name: messages.loginSubmit });
    fireEvent.change(screen.getByLabelText(/e-mail/), { target: { value: 'x@example.com' } });
    fireEvent.change(screen.getByLabelText(new RegExp(messages.loginPassword)), {
      target: { value: 'sbagliata' },
    });
    fireEvent.click(screen.getByRole('button', { name: messages.loginSubmit }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(messages.backendErrorTitle);
    expect(dialog.textContent).toContain('Credenziali non valide.');
  });
});
