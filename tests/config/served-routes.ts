/**
 * Which route names the portal can show (shared by the config tests): a file route at the route's path (read
 * from the generated route tree), a request form, a partner, a registry page (config/pages.ts) or a one-off
 * screen of the generic routes (src/client/routes/-screens).
 */
import { readFileSync } from 'node:fs';
import { findForm } from '../../config/forms';
import { findPageByRoute } from '../../config/pages';
import { findPartner } from '../../config/partners';
import { isRouteName, routes } from '../../config/routes';
import { screenPages } from '../../src/client/routes/-screens';

/** The full paths of the file routes, from src/client/routeTree.gen.ts. */
export const fileRoutePaths: ReadonlySet<string> = new Set(
  [
    ...(/fullPaths:([^;]*);/.exec(readFileSync('src/client/routeTree.gen.ts', 'utf8'))?.[1] ?? '').matchAll(
      /'([^']+)'/g,
    ),
  ].map((match) => match[1]!),
);

export function hasScreen(name: string): boolean {
  if (!isRouteName(name)) return false;
  const path = routes[name].path;
  return (
    fileRoutePaths.has(path) ||
    fileRoutePaths.has(path.replace(/\/$/, '')) ||
    findForm(name) !== undefined ||
    findPartner(name) !== undefined ||
    findPageByRoute(name) !== undefined ||
    Object.hasOwn(screenPages, name)
  );
}
