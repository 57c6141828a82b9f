/**
 * Persistence of the session store in sessionStorage under the spec's separate keys
 * (000 §3): `token`, `user`, `is_logged`, `user_perms`, `customer`, `session_infos`,
 * each JSON-encoded on its own, so other code (and other tabs' tools) can read them one by one.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** Store field → sessionStorage key. */
export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  isLogged: 'is_logged',
  userPerms: 'user_perms',
  customer: 'customer',
  sessionInfos: 'session_infos',
} as const;

export type PersistedField = keyof typeof SESSION_KEYS;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A zustand `PersistStorage` that spreads the persisted state over one key per field. */
export function createSplitSessionStorage<
  S extends Partial<Record<PersistedField, unknown>>,
>(): PersistStorage<S> {
  return {
    getItem: (): StorageValue<S> | null => {
      const store = storage();
      if (!store) return null;
      const state: Partial<Record<PersistedField, unknown>> = {};
      let found = false;
      for (const [field, key] of Object.entries(SESSION_KEYS) as [PersistedField, string][]) {
        const raw = store.getItem(key);
        if (raw === null) continue;
        try {
          state[field] = JSON.parse(raw) as unknown;
          found = true;
        } catch {
          // a corrupt key is ignored: the store default applies
        }
      }
      return found ? { state: state as S, version: 0 } : null;
    },
    setItem: (_name, value): void => {
      const store = storage();
      if (!store) return;
      for (const [field, key] of Object.entries(SESSION_KEYS) as [PersistedField, string][]) {
        if (!(field in value.state)) continue;
        const fieldValue = value.state[field];
        // An empty value (logged out) leaves no key behind: `sessionStorage.getItem('token')` is null.
        if (fieldValue === undefined || fieldValue === null) store.removeItem(key);
        else store.setItem(key, JSON.stringify(fieldValue));
      }
    },
    removeItem: (): void => {
      const store = storage();
      if (!store) return;
      for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
    },
  };
}
