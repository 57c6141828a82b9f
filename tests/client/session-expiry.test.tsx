import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages.it';
import { App } from '../../src/client/app/app';
import { createAppRouter } from '../../src/client/app/router';
import { connectApiClient } from '../../src/client/app/session-expiry';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse } from './helpers';

describe('401 rule (spec 000 §4)', () => {
  it('logs out, goes to the login of the same customer and shows the session-expired alert', async () => {
    useSessionStore.setState({
      token: 'revoked-token',
      isLogged: true,
      customer: 'acme',
      user: demoUser(),
      userPerms: ['menu'],
      sessionInfos: emptySessionInfos(),
    });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${url} ${(init.headers as Headers).get('Authorization') ?? '-'}`);
        return jsonResponse(401, { detail: 'Token non valido o scaduto.' });
      }),
    );

    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/menu'] }) });
    connectApiClient(router);
    render(<App router={router} mantineEnv="test" />);

    expect(await screen.findByText(messages.sessionExpired, {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/acme'));

    const session = useSessionStore.getState();
    expect(session.isLogged).toBe(false);
    expect(session.token).toBeNull();
    expect(session.user).toBeNull();
    expect(session.userPerms).toEqual([]);
    expect(session.customer).toBe('acme');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('is_logged')).toBe('false');
    // The calls that met the 401 carried the revoked token.
    expect(calls.some((call) => call.endsWith('Token revoked-token'))).toBe(true);
  });
});
