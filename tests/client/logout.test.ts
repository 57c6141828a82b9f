/** Logout (spec 000 §4 Session): the user's cached data goes and the notification counters read zero. */
import { describe, expect, it, vi } from 'vitest';
import { apiRequest, isAbortError } from '../../src/client/api/client';
import { queryClient } from '../../src/client/api/query-client';
import { queryKeys } from '../../src/client/api/query-options';
import { useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse } from './helpers';

describe('logout', () => {
  it('clears flags and act-for, drops cached answers and zeroes the counters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, {})),
    );
    useSessionStore.setState({
      token: 'tok',
      isLogged: true,
      user: demoUser('ref_aziendale'),
      userPerms: ['menu'],
      sessionInfos: {
        conv_special_agreed: true,
        eurete_cond_agreed: true,
        show_user_info_popup: true,
        act_for: { id: 7, nome: 'Acme S.p.A.' },
      },
    });
    queryClient.setQueryData(queryKeys.notificationCounts, { inviati: 3, ricevuti: 4, ricevuti_new: 2 });
    queryClient.setQueryData(queryKeys.credit, { crediti: { totale: '10.00', art51c3: '0.00' } });

    await useSessionStore.getState().logout();

    const state = useSessionStore.getState();
    expect(state.sessionInfos).toEqual({
      conv_special_agreed: false,
      eurete_cond_agreed: false,
      show_user_info_popup: false,
      act_for: null,
    });
    expect(state.token).toBeNull();
    expect(state.user).toBeNull();
    expect(state.userPerms).toEqual([]);
    expect(queryClient.getQueryData(queryKeys.notificationCounts)).toEqual({
      inviati: 0,
      ricevuti: 0,
      ricevuti_new: 0,
    });
    expect(queryClient.getQueryData(queryKeys.credit)).toBeUndefined();
  });

  it('aborts the calls still in flight with the token before the logout call (issue 28: no 401 after it)', async () => {
    const calls: { url: string; signal: AbortSignal | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        calls.push({ url, signal: init.signal ?? undefined });
        if (url === '/api/logout') return Promise.resolve(jsonResponse(200, {}));
        // Answers only when aborted, like a slow server.
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }),
    );
    useSessionStore.setState({ token: 'tok', isLogged: true, user: demoUser(), userPerms: ['menu'] });
    const ownSignal = new AbortController();
    const slow = apiRequest('/carosello_get_playlist');
    const withSignal = apiRequest('/crediti_in_scadenza', { signal: ownSignal.signal });
    const slowSettled = slow.then(
      () => 'answered',
      (error: unknown) => (isAbortError(error) ? 'aborted' : 'failed'),
    );
    const withSignalSettled = withSignal.then(
      () => 'answered',
      (error: unknown) => (isAbortError(error) ? 'aborted' : 'failed'),
    );

    await useSessionStore.getState().logout();

    expect(await slowSettled).toBe('aborted');
    expect(await withSignalSettled).toBe('aborted');
    expect(ownSignal.signal.aborted).toBe(false);
    const logoutCall = calls.find((call) => call.url === '/api/logout');
    expect(logoutCall?.signal?.aborted ?? false).toBe(false);
    // A call of the next session is not touched by the earlier abort.
    useSessionStore.setState({ token: 'tok2', isLogged: true });
    void apiRequest('/menu_data').catch(() => undefined);
    expect(calls.at(-1)?.signal?.aborted).toBe(false);
  });
});
