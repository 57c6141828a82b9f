/**
 * Modals and notifications are loaded lazily: `ModalsProvider` (Modal, ScrollArea, focus trap,
 * scroll lock), `Notifications` and their static APIs are not needed to paint the first page,
 * so they live in their own chunk (overlays.tsx), loaded when the browser is idle after the first
 * paint or on first use, whichever comes first. Open them with `withOverlays()`, which resolves
 * once the hosts listen: `(await withOverlays()).modals.open(...)`. There is no provider around
 * the tree, so use the static APIs, not `useModals()`.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type * as Overlays from './overlays';

type OverlaysModule = typeof Overlays;

let modulePromise: Promise<OverlaysModule> | null = null;
const loadOverlays = () => (modulePromise ??= import('./overlays'));

let mounted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function requestMount(): void {
  if (mounted) return;
  mounted = true;
  for (const listener of listeners) listener();
}

/** Loads and mounts the modal and notification hosts (once); resolves with their APIs. */
export async function withOverlays(): Promise<OverlaysModule> {
  requestMount();
  const overlays = await loadOverlays();
  await ready;
  return overlays;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const OverlaysHost = lazy(() => loadOverlays().then((module) => ({ default: module.OverlaysHost })));

/** Idle callback with a timeout fallback (Safari has no requestIdleCallback). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1500);
  return () => window.clearTimeout(handle);
}

/** Rendered once inside MantineProvider. `preload`: mount when idle even if nothing asked yet. */
export function OverlayHost({ preload = true }: { preload?: boolean }) {
  const isMounted = useSyncExternalStore(
    subscribe,
    () => mounted,
    () => false,
  );

  useEffect(() => {
    if (!preload) return;
    return whenIdle(requestMount);
  }, [preload]);

  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <OverlaysHost onReady={markReady} />
    </Suspense>
  );
}
