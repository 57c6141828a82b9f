/** Global setup of the server and e2e projects: the databases every test file copies (templates.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTemplates, makeTemplates, planTemplates } from './templates';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // End-to-end servers run on the embedded database only.
  const postgresUrl =
    project.name === 'server' ? process.env.TEST_DATABASE_URL?.trim() || undefined : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'welfare-templates-'));
  // The embedded templates are kept between runs made of the same sources (.tmp/ is not committed).
  const cacheRoot = '.tmp/test-templates';
  const templates = planTemplates(dir, postgresUrl, cacheRoot);
  // Made in the background: the test worker starts and loads its modules meanwhile, and waits for
  // the ready file before its first copy. A failure is in that file for the tests to report.
  const made = makeTemplates(templates, postgresUrl, cacheRoot).catch(() => undefined);
  project.provide('serverTemplates', templates);
  return async () => {
    await made;
    rmSync(dir, { recursive: true, force: true });
    await dropTemplates(templates, postgresUrl);
  };
}
