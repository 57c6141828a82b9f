/** Global setup of the server and e2e projects: the databases every test file copies (templates.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplates, dropTemplates } from './templates';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // End-to-end servers run on the embedded database only.
  const postgresUrl =
    project.name === 'server' ? process.env.TEST_DATABASE_URL?.trim() || undefined : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'welfare-templates-'));
  // The embedded templates are kept between runs made of the same sources (.tmp/ is not committed).
  const templates = await buildTemplates(dir, postgresUrl, '.tmp/test-templates');
  project.provide('serverTemplates', templates);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplates(templates, postgresUrl);
  };
}
