/**
 * What a generic route's loader and component do with the page `-generic-page.ts` found: a registry page
 * (config/pages.ts) loads and draws as its kind does; a one-off screen (`-screens`) loads its first data and
 * its screen's code together, then draws the screen with the path's parameters.
 */
import { useRouteContext } from '@tanstack/react-router';
import { loadRegistryPage } from './_authenticated/-page-loader';
import { RegistryPageScreen } from './_authenticated/-page-screens';
import type { FoundPage } from './-page-resolver';

/** The route loader: waits for the page's first data (and a screen's code), whatever the answers. */
export async function loadFoundPage(found: FoundPage): Promise<void> {
  if ('page' in found) return loadRegistryPage(found.page, found.params);
  const { Screen, load } = found.screen;
  await Promise.allSettled([Screen.preload(), ...(load?.(found.params) ?? [])]);
}

/** The page on screen, keyed by its route and parameters (another article starts afresh). */
export function FoundPageScreen({ found }: { found: FoundPage }) {
  if ('page' in found) return <RegistryPageScreen page={found.page} params={found.params} />;
  const { Screen } = found.screen;
  return <Screen key={`${found.route}:${JSON.stringify(found.params)}`} params={found.params} />;
}

/** The component of every generic route: the page its `beforeLoad` found (`findPage`), in the route's context. */
export function GenericPage() {
  const { found } = useRouteContext({ strict: false }) as { found: FoundPage };
  return <FoundPageScreen found={found} />;
}
