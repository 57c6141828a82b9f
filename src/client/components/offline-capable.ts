/**
 * Pages that stay usable offline (issue 28: the request forms keep their draft and only their sending
 * waits). While such a page is shown, the root layout does not cover it with the full-page offline
 * screen; the page says itself what cannot be done offline.
 */
import { useEffect, useSyncExternalStore } from 'react';

let holders = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by a page (component) that works offline (when `enabled`), for as long as it is mounted. */
export function useOfflineCapable(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    holders += 1;
    changed();
    return () => {
      holders -= 1;
      changed();
    };
  }, [enabled]);
}

/** True while a page that works offline is shown. */
export function useOfflineCapablePage(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => holders > 0,
    () => false,
  );
}
