/**
 * A callback with a stable identity that always runs the latest function given: memoized children
 * (the euro input) keep their props equal across the form's re-renders.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useLatestCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const ref = useRef(callback);
  useLayoutEffect(() => {
    ref.current = callback;
  });
  return useCallback((...args: Args) => ref.current(...args), []);
}
