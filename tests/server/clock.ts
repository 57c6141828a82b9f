/**
 * This process's clock, moved to a chosen instant and left running: the app, PGlite's `now()` (which
 * reads `Date.now`) and the tests' own oracles all see it. The end-to-end server starts it at the
 * instant its demo template was seeded (templates.ts `seededAt`; `TEST_NOW` picks another day), and
 * every browser context follows (e2e/harness.ts `syncBrowserClock`): a file that crosses midnight, or a
 * template seeded earlier the same day, still sees the seed's today. The calendar sweep
 * (seed-calendar.test.ts) seeds and serves on chosen instants the same way.
 *
 * The process clock is shifted by a constant offset rather than faked with vitest's timers: their
 * running clock advances in 20-ms ticks of a timer, so it stands still while the event loop is busy
 * and falls behind the browser's (a TOTP code would then be of a step the server already took).
 */
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
  // `Date()` called without `new` is now as text, as the real one gives.
  globalThis.Date = new Proxy(ShiftedDate, { apply: () => new ShiftedDate().toString() }) as DateConstructor;
}

/** The real clock again. */
export function restoreClock(): void {
  offset = 0;
  globalThis.Date = RealDate;
}

/** How far (ms) this process's clock runs from the real one: 0 when it is not moved. */
export function clockOffset(): number {
  return offset;
}
