/**
 * The end of a session (logout, 401 rule) as an event, so that what caches the user's data
 * (the react-query cache, loaded only with the pages that use it) can drop it without the
 * session store importing those modules.
 */
type Listener = () => void;

const endListeners = new Set<Listener>();

export function onSessionEnd(listener: Listener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function emitSessionEnd(): void {
  for (const listener of endListeners) listener();
}
