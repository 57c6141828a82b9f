#!/usr/bin/env node
/**
 * `npm test`: everything a newcomer needs to trust the project, in order, stopping at nothing:
 * lint, type check, config/schema checks, unit and component tests, server tests (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), build, end-to-end tests in Chromium.
 * It ends with one plain line "N passed, N failed" over every test that ran, and exits non-zero
 * if any step failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findChromium } from './find-chromium.mjs';

const reportDir = '.tmp/test-reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const only = process.argv.slice(2);
const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
/** The failed tests of every stage, named again at the end: a CI log is often read from its tail. */
const failures = [];

function run(name, command, args, env = {}) {
  if (only.length && !only.includes(name)) return true;
  console.info(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

/**
 * A vitest run and its counts. `filters` narrow it to some files or tests: then the tests the filter
 * leaves out are not counted as skipped (they ran in the stage without a filter).
 */
function vitest(name, projects, env = {}, filters = []) {
  const outputFile = join(reportDir, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...filters];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`);
  const ok = run(name, 'npx', args, env);
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (!filters.includes('-t')) skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests)
        failures.push({ stage: name, file: file.name, test: t.fullName, messages: t.failureMessages });
      if (file.status === 'failed' && !failedTests.length)
        failures.push({ stage: name, file: file.name, test: '(il file)', messages: [file.message] });
    }
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('format', 'npx', ['prettier', '--check', '.']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
vitest('unit', ['unit', 'config', 'client']);
vitest('server', ['server']);
if (!process.env.TEST_DATABASE_URL) {
  console.info(
    '\nTEST_DATABASE_URL non impostata: i test server sono girati solo su PGlite ' +
      '(il test di concorrenza su PostgreSQL è stato saltato). Vedi README, "Test su PostgreSQL".',
  );
}
const chromium = findChromium();
if (!chromium) {
  console.error(
    '\nChromium non trovato: installa `apt-get install chromium` oppure imposta CHROMIUM_PATH ' +
      'con il percorso di un Chromium/Chrome. I test end-to-end non possono girare senza.',
  );
  results.push({ name: 'e2e', ok: false, seconds: '0' });
  failed += 1;
} else if (run('build', 'npm', ['run', 'build', '--silent'])) {
  vitest('e2e', ['e2e'], { CHROMIUM_PATH: chromium });
  // The end-to-end files that compare months, totals and "expiring within N days" again, on the last
  // day of this month and the first of the next: the demo is seeded on that day and the server's and
  // the browsers' clocks run from it (TEST_NOW, tests/server/clock.ts). Of the back office, the pages
  // with date tones.
  for (const day of monthTurn()) {
    const env = { CHROMIUM_PATH: chromium, TEST_NOW: `${day}T09:00:00Z` };
    const movements = ['tests/e2e/movements.e2e.ts', 'tests/e2e/movements-referent.e2e.ts'];
    vitest(`e2e-${day}`, ['e2e'], env, movements);
    vitest(`e2e-${day}-office`, ['e2e'], env, ['tests/e2e/backoffice.e2e.ts', '-t', 'schedule|plans']);
  }
}

/** The last day of the current month in Rome and the first day of the next (YYYY-MM-DD). */
function monthTurn() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' })
    .format(new Date())
    .split('-')
    .map(Number);
  const day = (monthIndex, date) => new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);
  return [day(month, 0), day(month, 1)];
}

for (const f of failures) {
  const where = relative(process.cwd(), f.file);
  const why = String(f.messages?.[0] ?? '')
    .split('\n')
    .slice(0, 4)
    .join('\n      ');
  console.info(`\nFAIL [${f.stage}] ${where} > ${f.test}\n      ${why}`);
}
console.info('\n=== Riepilogo');
for (const r of results) console.info(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds}s`);
const allOk = results.every((r) => r.ok);
console.info(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 ? 0 : 1);
