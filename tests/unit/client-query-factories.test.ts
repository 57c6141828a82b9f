/**
 * Issue 25: every query a screen makes comes from a named `queryOptions` factory (api/query-options.ts,
 * a feature's `*-api.ts`, the engines' `query.ts`), so that the route loaders and the screens share one
 * key and one fetch. A component file (.tsx) writes no query key of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = join(__dirname, '../../src/client');

/**
 * The public password page (features/auth) wraps its own query client, outside the shell, and belongs to
 * the login bundle's work: its reset check is the one key still written in place.
 */
const EXEMPT = new Set(['features/auth/password-screen.tsx']);

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** `queryKey: [` (an inline key), with its line number. */
function inlineKeys(source: string): number[] {
  return source.split('\n').flatMap((line, index) => (/queryKey\s*:\s*\[/.test(line) ? [index + 1] : []));
}

describe('query keys live in factories (issue 25)', () => {
  it('finds the component files', () => {
    expect(componentFiles(CLIENT).length).toBeGreaterThan(0);
  });

  it('no component file writes an inline query key', () => {
    const found = componentFiles(CLIENT)
      .map((path) => relative(CLIENT, path).split('\\').join('/'))
      .filter((path) => !EXEMPT.has(path))
      .flatMap((path) =>
        inlineKeys(readFileSync(join(CLIENT, path), 'utf8')).map((line) => `${path}:${line}`),
      );
    expect(found).toEqual([]);
  });

  it('the check sees an inline key', () => {
    expect(inlineKeys("const q = useQuery({\n  queryKey: ['x', id],\n});")).toEqual([2]);
    expect(inlineKeys('const q = useQuery(xQueryOptions(id));')).toEqual([]);
  });
});
