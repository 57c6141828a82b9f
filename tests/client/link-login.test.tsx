/** Token login and back-office reconnection (spec 000 §2, §4, §8) against the server contract. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { useSessionStore } from '../../src/client/stores/session';
import { bodyOf, demoUser, jsonResponse, resetSession, startPortal, type FetchHandler } from './helpers';

const TOKEN = 's'.repeat(43);

beforeEach(() => {
  resetSession('acme');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const session =
  (answer: Response, path: string): FetchHandler =>
  (url) =>
    url === path
      ? answer
      : url === '/api/get-logged-user-info'
        ? jsonResponse(200, demoUser())
        : url === '/api/get_menu_perms'
          ? jsonResponse(200, { menu: true })
          : undefined;

describe('token login (/token-login/<customer>?t=)', () => {
  it('exchanges t with POST /api/token-login, opens the session and goes to menu', async () => {
    const { router, calls } = startPortal(
      '/token-login/acme?t=ticket-1',
      session(jsonResponse(200, { token: TOKEN, password_expired: false }), '/api/token-login'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(bodyOf(calls, '/api/token-login')).toEqual({ t: 'ticket-1' });
    expect(useSessionStore.getState().token).toBe(TOKEN);
  });

  it("says 'Connessione al provider welfare fallita.' when the server refuses", async () => {
    startPortal(
      '/token-login/acme?t=vecchio',
      session(jsonResponse(400, { detail: messages.loginTokenFailed }), '/api/token-login'),
    );
    expect(await screen.findByText('Connessione al provider welfare fallita.')).toBeTruthy();
    expect(useSessionStore.getState().isLogged).toBe(false);
  });

  it("says 'Autenticazione mancante, impossibile continuare' without t", async () => {
    const { calls } = startPortal('/token-login/acme');
    expect(await screen.findByText('Autenticazione mancante, impossibile continuare')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/token-login')).toBe(false);
  });
});

describe('reconnection (/reconnect?d=)', () => {
  it('opens the session with POST /api/backoffice-reconnection', async () => {
    const { router, calls } = startPortal(
      '/reconnect?d=ticket-2',
      session(jsonResponse(200, { token: TOKEN, password_expired: false }), '/api/backoffice-reconnection'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(bodyOf(calls, '/api/backoffice-reconnection')).toEqual({ d: 'ticket-2' });
  });

  it("says 'Riconnessione all'utente fallita.' on failure", async () => {
    startPortal(
      '/reconnect?d=x',
      session(jsonResponse(400, { detail: messages.loginReconnectFailed }), '/api/backoffice-reconnection'),
    );
    expect(await screen.findByText("Riconnessione all'utente fallita.")).toBeTruthy();
  });

  it("with password_expired revokes the token and says 'Password utente scaduta. Riconnessione fallita.'", async () => {
    const { calls } = startPortal(
      '/reconnect?d=x',
      session(jsonResponse(200, { token: TOKEN, password_expired: true }), '/api/backoffice-reconnection'),
    );
    expect(await screen.findByText('Password utente scaduta. Riconnessione fallita.')).toBeTruthy();
    const logout = calls.find((call) => call.url === '/api/logout')!;
    expect(new Headers(logout.init.headers).get('Authorization')).toBe(`Token ${TOKEN}`);
    expect(calls.some((call) => call.url === '/api/get-logged-user-info')).toBe(false);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it("says 'Autenticazione mancante, impossibile continuare' without d", async () => {
    startPortal('/reconnect');
    expect(await screen.findByText('Autenticazione mancante, impossibile continuare')).toBeTruthy();
  });
});
