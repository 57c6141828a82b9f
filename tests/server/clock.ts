/**
 * The end-to-end world's clock. The demo history is dated from the instant its template was seeded
 * (tests/server/templates.ts; `TEST_NOW` picks another day), so the server of a file (this process:
 * the app, PGlite's `now()`, which reads `Date.now`, and the tests' own oracles) and every browser
 * context start their clocks at that instant and let them run. A file that crosses midnight, or a
 * template seeded earlier the same day, still sees the seed's today; a run with `TEST_NOW` sees that
 * day everywhere.
 *
 * The process clock is shifted by a constant offset rather than faked with vitest's timers: their
 * running clock advances in 20-ms ticks of a timer, so it stands still while the event loop is busy
 * and falls behind the browser's (a TOTP code would then be of a step the server already took).
 */
import type { BrowserContext } from 'playwright-core';

const RealDate = Date;
let offset = 0;

/** `Date` with every "now" moved by `offset`; dates of given instants are plain dates. */
class ShiftedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as [number]));
  }

  static override now(): number {
    return RealDate.now() + offset;
  }

  // Dates made before the shift (or by code that kept the real constructor) are dates too.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate;
  }
}

/** Runs this process's clock from `instant` on (until `restoreClock`). */
export function startClockAt(instant: Date): void {
  offset = instant.getTime() - RealDate.now();
  globalThis.Date = ShiftedDate as DateConstructor;
}

/** The real clock again. */
export function restoreClock(): void {
  offset = 0;
  globalThis.Date = RealDate;
}

/**
 * A browser context's clock, from this process's now (Playwright's clock, running: its time flows
 * as the real one does). Call it before the context opens its first page.
 */
export async function syncBrowserClock(context: BrowserContext): Promise<void> {
  if (offset !== 0) await context.clock.install({ time: Date.now() });
}
