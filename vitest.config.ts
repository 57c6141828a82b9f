import { defineConfig } from 'vitest/config';
import { formValidatorsPlugin } from './scripts/vite-form-validators.mjs';

/**
 * One config, five projects: `npm test` runs them in order through scripts/test.mjs.
 * - unit:   pure logic of src/shared, config and client helpers (node)
 * - config: every declaration in config/ and schemas/ is valid and every reference resolves
 * - client: React components in jsdom (Testing Library)
 * - server: the Fastify app built in-process and exercised with inject(), on PGlite and,
 *           when TEST_DATABASE_URL is set, on PostgreSQL
 * - e2e:    Playwright (playwright-core) driving Debian's Chromium against the built portal
 *           served by a real server that the test run starts
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'config', include: ['tests/config/**/*.test.ts'], environment: 'node' } },
      {
        // The form engine's precompiled validators, plus the test-only forms of tests/fixtures/forms and
        // tests/fixtures/plain-forms.
        plugins: [
          formValidatorsPlugin({
            dirs: ['schemas/forms', 'tests/fixtures/forms', 'tests/fixtures/plain-forms'],
          }),
        ],
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
          // With the 10-s waits of tests/client/setup.ts: no test sets its own timeout.
          testTimeout: 30_000,
          // @rjsf/mantine's ESM imports `dayjs/plugin/customParseFormat` without its extension, which
          // Node's resolver refuses: Vite transforms it instead.
          server: { deps: { inline: [/@rjsf\/mantine/] } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // The demo database is seeded once per run into a template that each file copies.
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time. Two at a time looked faster on a machine busy with other work (a second
          // worker wins a bigger share of it) but was slower on a quiet 2-core one: PGlite's wasm thread
          // and PostgreSQL's processes already fill both cores (a CI run spent 194 s in the files).
          fileParallelism: false,
          // The files share one worker and its loaded modules (the app, Fastify, Kysely, PGlite's wasm):
          // a new worker per file spent about 3 s loading them again, 85 s of a 200-s suite. Each file
          // still builds its own app on its own copy of the template database; the app's validators and
          // serializers are compiled once per worker (plugins/schemas.ts), which made a build ~20x cheaper.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A state polled for (expect.poll) may take longer than vitest's 1 s to appear on a busy
          // machine: a calendar run lost the schedule's rows that way. The poll still ends as soon as
          // the state is there.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
