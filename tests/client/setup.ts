/**
 * Setup of the "client" vitest project (jsdom): the browser APIs Mantine needs that jsdom lacks,
 * and a clean DOM and storage between tests.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Timeouts are set once, here and in vitest.config.ts (testTimeout), for a loaded 2-core machine: a
// `findBy…`/`waitFor` waits up to 10 s (Testing Library's default of 1 s is too short when a form
// route's chunks are compiled on first use), so no test names its own.
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
// jsdom only logs "not implemented" for scrolling (the router restores scroll positions).
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => undefined });

Object.defineProperty(window.HTMLElement.prototype, 'inert', {
  writable: true,
  configurable: true,
  value: false,
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
