/**
 * The old names of a few screens (config/route-aliases.ts, issue 28): the path an old link
 * should land on, read by the root route (through alias-redirect.ts, which loads this file for an old
 * link only), which redirects there (replacing the address) before any other route is matched.
 * `/<alias>` and `/<group>/<alias>` are both understood; a route with an optional parameter
 * (site-documentazione's group to show) takes one more segment.
 */
import { routeAliases } from '../../../config/route-aliases';
import { routes } from '../../../config/routes';
import { routePath } from '../components/route-link';

type Alias = keyof typeof routeAliases;

const isAlias = (name: string | undefined): name is Alias =>
  name !== undefined && Object.hasOwn(routeAliases, name);

/** The path of the screen an old link names, or null when the path is no alias. */
export function aliasTarget(pathname: string): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  for (const index of [0, 1]) {
    const alias = segments[index];
    if (!isAlias(alias)) continue;
    const target = routeAliases[alias];
    if (index === 1 && segments[0] !== routes[target].group) continue;
    const rest = segments.slice(index + 1);
    const optional = /\{-\$(\w+)\}/.exec(routes[target].path)?.[1];
    if (rest.length > (optional ? 1 : 0)) return null;
    let value: string | undefined;
    try {
      value = rest[0] === undefined ? undefined : decodeURIComponent(rest[0]);
    } catch {
      return null;
    }
    return routePath(target, optional && value ? { [optional]: value } : {});
  }
  return null;
}
