import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackCustomer, WBCUSTOMER_KEY } from '../../src/client/stores/customer';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import { SESSION_KEYS } from '../../src/client/stores/session-storage';
import { demoUser, jsonResponse } from './helpers';

const SPEC_KEYS = ['token', 'user', 'is_logged', 'user_perms', 'customer', 'session_infos'];

function stubApi(user = demoUser(), perms: Record<string, true> = { menu: true, 'site-notifiche': true }) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/get-logged-user-info') return jsonResponse(200, user);
    if (url === '/api/get_menu_perms') return jsonResponse(200, perms);
    if (url === '/api/logout' && init.method === 'POST') return jsonResponse(200, {});
    return jsonResponse(404, { detail: url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  useSessionStore.setState({
    token: null,
    isLogged: false,
    user: null,
    userPerms: [],
    customer: 'userportal',
    sessionInfos: emptySessionInfos(),
  });
  sessionStorage.clear();
  localStorage.clear();
});

describe('session store persistence (spec 000 §3)', () => {
  it('maps the store to the six spec keys', () => {
    expect(Object.values(SESSION_KEYS).sort()).toEqual([...SPEC_KEYS].sort());
  });

  it('writes each field under its own sessionStorage key, JSON-encoded, after establishSession', async () => {
    stubApi();
    useSessionStore.getState().setCustomer('acme');
    await useSessionStore.getState().establishSession('tok-1');

    expect(JSON.parse(sessionStorage.getItem('token')!)).toBe('tok-1');
    expect(JSON.parse(sessionStorage.getItem('is_logged')!)).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('customer')!)).toBe('acme');
    expect(JSON.parse(sessionStorage.getItem('user')!).user_anag.nome).toBe('Mario');
    expect(JSON.parse(sessionStorage.getItem('user_perms')!)).toEqual(['menu', 'site-notifiche']);
    expect(JSON.parse(sessionStorage.getItem('session_infos')!)).toEqual({
      conv_special_agreed: true,
      eurete_cond_agreed: false,
      show_user_info_popup: false,
      act_for: null,
    });
    // No store-wide blob: only the spec keys.
    expect(Object.keys(sessionStorage).sort()).toEqual([...SPEC_KEYS].sort());
  });

  it('keeps the customer in localStorage wbcustomer too', () => {
    useSessionStore.getState().setCustomer('Globex');
    expect(localStorage.getItem(WBCUSTOMER_KEY)).toBe('globex');
    expect(useSessionStore.getState().customer).toBe('globex');
  });

  it('uses wbcustomer when the app runs installed (standalone) without a customer in the URL', () => {
    localStorage.setItem(WBCUSTOMER_KEY, 'globex');
    expect(fallbackCustomer()).toBe('userportal');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    expect(fallbackCustomer()).toBe('globex');
  });

  it('reads the keys back when the store rehydrates (a reload)', async () => {
    sessionStorage.setItem('token', JSON.stringify('tok-9'));
    sessionStorage.setItem('is_logged', 'true');
    sessionStorage.setItem('customer', JSON.stringify('acme'));
    sessionStorage.setItem('user_perms', JSON.stringify(['menu']));
    await useSessionStore.persist.rehydrate();
    const state = useSessionStore.getState();
    expect(state.token).toBe('tok-9');
    expect(state.isLogged).toBe(true);
    expect(state.customer).toBe('acme');
    expect(state.userPerms).toEqual(['menu']);
    expect(state.user).toBeNull();
  });

  it('sets the act-for default of a referent to their own company', async () => {
    stubApi(demoUser('ref_aziendale'));
    await useSessionStore.getState().establishSession('tok-2');
    expect(useSessionStore.getState().sessionInfos.act_for).toEqual({ id: 7, nome: 'Acme S.p.A.' });
    expect(JSON.parse(sessionStorage.getItem('session_infos')!).act_for).toEqual({
      id: 7,
      nome: 'Acme S.p.A.',
    });
  });

  it('logs out when the user info cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { detail: 'Errore interno.' })),
    );
    await expect(useSessionStore.getState().establishSession('tok-3')).rejects.toMatchObject({ status: 500 });
    const state = useSessionStore.getState();
    expect(state.isLogged).toBe(false);
    expect(state.token).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('logout revokes the token on the server and clears token, user, permissions, flags and act-for', async () => {
    const fetchMock = stubApi(demoUser('ref_aziendale'));
    useSessionStore.getState().setCustomer('acme');
    await useSessionStore.getState().establishSession('tok-4');
    await useSessionStore.getState().logout();

    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/logout');
    expect((logoutCall![1].headers as Headers).get('Authorization')).toBe('Token tok-4');
    const state = useSessionStore.getState();
    expect(state).toMatchObject({
      token: null,
      user: null,
      isLogged: false,
      userPerms: [],
      customer: 'acme',
    });
    expect(state.sessionInfos).toEqual(emptySessionInfos());
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('user_perms')!)).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('customer')!)).toBe('acme');
  });
});
