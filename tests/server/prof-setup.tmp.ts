import { Session } from 'node:inspector/promises';
import { writeFileSync, mkdirSync } from 'node:fs';
import { afterAll } from 'vitest';
const g = globalThis as unknown as { __prof?: Session; __profN?: number };
if (!g.__prof) {
  const s = new Session();
  s.connect();
  await s.post('Profiler.enable');
  await s.post('Profiler.setSamplingInterval', { interval: 500 });
  await s.post('Profiler.start');
  g.__prof = s;
  g.__profN = 0;
  mkdirSync('/tmp/vprof', { recursive: true });
}
afterAll(async () => {
  const s = g.__prof!;
  const { profile } = await s.post('Profiler.stop');
  writeFileSync(`/tmp/vprof/p${g.__profN!++}.cpuprofile`, JSON.stringify(profile));
  await s.post('Profiler.start');
});
