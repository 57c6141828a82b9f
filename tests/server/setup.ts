/**
 * Runs around every server test. The files share one worker (`isolate: false`), so a clock a test
 * set (auth-helpers' atStepStart) and did not put back would run behind in every later file: the
 * outbox's retry wait, computed on that clock, once came out already due on PostgreSQL's.
 */
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});
