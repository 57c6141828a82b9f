/**
 * The session (spec 000 §3-§4): token, user, permissions, customer and session flags,
 * persisted in sessionStorage under the spec's keys (see session-storage.ts).
 */
import { create } from 'zustand';
import { abortSessionCalls, apiRequest, configureApiClient } from '../api/client';
import { emitSessionEnd } from '../api/session-events';
import type { ActFor, LoggedUserInfo, MenuPerms, SessionInfos } from '../api/types';
import { fallbackCustomer, normalizeCustomer, rememberCustomer } from './customer';
import { createSplitSessionStorage } from './session-storage';

export const emptySessionInfos = (): SessionInfos => ({
  conv_special_agreed: false,
  eurete_cond_agreed: false,
  show_user_info_popup: false,
  act_for: null,
});

export interface SessionData {
  token: string | null;
  user: LoggedUserInfo | null;
  isLogged: boolean;
  /** Keys of the menu-permission map (route names and `tree-…` keys). */
  userPerms: string[];
  customer: string;
  sessionInfos: SessionInfos;
}

export interface SessionActions {
  setToken: (token: string | null) => void;
  /** Sets the customer (from the URL) and remembers it in localStorage `wbcustomer`. */
  setCustomer: (customer: string) => void;
  setUser: (user: LoggedUserInfo) => void;
  setSessionInfos: (infos: Partial<SessionInfos>) => void;
  setActFor: (actFor: ActFor | null) => void;
  /**
   * After OTP, back-office reconnection or token login: loads the user info and the
   * permissions with `token`; a referent acts for their own company by default.
   * If either load fails the user is logged out and the error is rethrown.
   */
  establishSession: (token: string) => Promise<LoggedUserInfo>;
  /**
   * A session whose token is known but whose user is not (a reload after the token was put in
   * sessionStorage by another page): loads the user info and the permissions again.
   */
  restoreSession: () => Promise<LoggedUserInfo>;
  /** `POST /api/logout` (best effort), `clearSession()` and the removal of the user's form drafts. */
  logout: () => Promise<void>;
  /**
   * Local logout: clears token, user, permissions, agreement flags and act-for, drops the
   * user's cached data, zeroes the notification counters (polling stops with the session).
   */
  clearSession: () => void;
}

export type SessionState = SessionData & SessionActions;

function loggedOutData(): Omit<SessionData, 'customer'> {
  return { token: null, user: null, isLogged: false, userPerms: [], sessionInfos: emptySessionInfos() };
}

/** User info and permissions; a referent acts for their own company unless the server says otherwise. */
async function loadSessionData(): Promise<
  Pick<SessionData, 'user' | 'userPerms' | 'sessionInfos'> & { user: LoggedUserInfo }
> {
  const [user, perms] = await Promise.all([
    apiRequest<LoggedUserInfo>('/get-logged-user-info'),
    apiRequest<MenuPerms>('/get_menu_perms'),
  ]);
  const ownCompany =
    user.profile === 'ref_aziendale' ? { id: user.user_azi.id, nome: user.user_azi.nome } : null;
  const fromServer = user.session_infos ?? {};
  return {
    user,
    userPerms: Object.keys(perms),
    sessionInfos: { ...emptySessionInfos(), ...fromServer, act_for: fromServer.act_for ?? ownCompany },
  };
}

const baseSessionStore = create<SessionState>()((set, get) => ({
  ...loggedOutData(),
  customer: fallbackCustomer(),

  setToken: (token) => set({ token }),

  setCustomer: (raw) => {
    const customer = normalizeCustomer(raw) ?? fallbackCustomer();
    rememberCustomer(customer);
    if (get().customer !== customer) set({ customer });
  },

  setUser: (user) => set({ user }),

  setSessionInfos: (infos) => set({ sessionInfos: { ...get().sessionInfos, ...infos } }),

  setActFor: (actFor) => set({ sessionInfos: { ...get().sessionInfos, act_for: actFor } }),

  establishSession: async (token) => {
    set({ token, isLogged: false });
    try {
      const loaded = await loadSessionData();
      set({ ...loaded, isLogged: true });
      return loaded.user;
    } catch (error) {
      await get().logout();
      throw error;
    }
  },

  restoreSession: async () => {
    const loaded = await loadSessionData();
    if (get().isLogged) set(loaded);
    return loaded.user;
  },

  logout: async () => {
    // The calls still in flight with the token go first: after the logout each would come back 401.
    abortSessionCalls();
    const pending = get().token
      ? apiRequest<unknown>('/logout', { method: 'POST', skipUnauthorizedHandler: true })
      : null;
    const { user, customer } = get();
    get().clearSession();
    // The user's form drafts on this device go too (issue 28); loaded only here, off the login bundle.
    if (user) {
      try {
        const drafts = await import('./form-drafts');
        await drafts.removeUserDrafts(drafts.draftUserKey(customer, user.user_anag.email));
      } catch (error) {
        console.warn('Form drafts not removed at logout', error);
      }
    }
    if (pending) {
      try {
        await pending;
      } catch (error) {
        console.warn('Logout call failed (the session is cleared anyway)', error);
      }
    }
  },

  clearSession: () => {
    set(loggedOutData());
    // Cached answers of the user go too (react-query listens, see api/query-client.ts).
    emitSessionEnd();
  },
}));

/**
 * Persistence (zustand's `persist` cut to what the session needs, about 0.6 KB gzip less on the login page):
 * every change is written to sessionStorage, one key per field (session-storage.ts); the keys are read
 * back when the module loads (a reload) and by `persist.rehydrate()`.
 */
const sessionStorageKeys = createSplitSessionStorage<SessionData>();

function persistedData(state: SessionState): SessionData {
  return {
    token: state.token,
    user: state.user,
    isLogged: state.isLogged,
    userPerms: state.userPerms,
    customer: state.customer,
    sessionInfos: state.sessionInfos,
  };
}

function mergePersisted(persisted: Partial<SessionData> | undefined, current: SessionState): SessionState {
  const stored = persisted ?? {};
  return {
    ...current,
    ...stored,
    customer: normalizeCustomer(stored.customer) ?? current.customer,
    sessionInfos: { ...emptySessionInfos(), ...stored.sessionInfos },
    userPerms: Array.isArray(stored.userPerms) ? stored.userPerms : [],
  };
}

function rehydrate(): Promise<void> {
  const stored = sessionStorageKeys.getItem('session') as { state: Partial<SessionData> } | null;
  baseSessionStore.setState(mergePersisted(stored?.state, baseSessionStore.getState()), true);
  return Promise.resolve();
}

baseSessionStore.subscribe((state) => {
  void sessionStorageKeys.setItem('session', { state: persistedData(state), version: 0 });
});
void rehydrate();

export const useSessionStore = Object.assign(baseSessionStore, { persist: { rehydrate } });

// The API client reads the session through this provider (it does not import the store).
configureApiClient({
  session: () => {
    const state = useSessionStore.getState();
    return {
      token: state.token,
      isLogged: state.isLogged,
      customer: state.customer,
      actForId: state.sessionInfos.act_for?.id ?? null,
    };
  },
});
