/**
 * Which page a generic route shows at a path (loaded with the first generic page, not with the login page):
 * a one-off screen of `-screens` at its route's path, else a registry page (config/pages.ts). A screen is
 * never also a registry page (tests/config/route-files.test.ts).
 */
import type { PageDeclaration } from '../../../config/pages';
import { matchPath, routes, type RouteName } from '../../../config/routes';
import { screenPages, type PathParams, type ScreenPage } from './-screens';

export type FoundPage =
  | { readonly route: RouteName; readonly params: PathParams; readonly page: PageDeclaration }
  | { readonly route: RouteName; readonly params: PathParams; readonly screen: ScreenPage };

const screenNames = Object.keys(screenPages) as RouteName[];
const pathOf = (name: RouteName) => routes[name].path;

/** The one-off screen at `path`: one whose path is exactly this first, then one whose parameters read it. */
function matchScreen(path: string): { route: RouteName; params: PathParams } | undefined {
  const exact = screenNames.find((name) => matchPath(pathOf(name), path) && !pathOf(name).includes('$'));
  if (exact) return { route: exact, params: {} };
  for (const name of screenNames) {
    const params = pathOf(name).includes('$') ? matchPath(pathOf(name), path) : undefined;
    if (params) return { route: name, params };
  }
  return undefined;
}

/** The page at a concrete path (`/sellers/vetrina-articolo/12`, `/aml/conv-aml`), if the portal has one there. */
export async function resolvePage(path: string): Promise<FoundPage | undefined> {
  const screenMatch = matchScreen(path);
  if (screenMatch) {
    const screen = await screenPages[screenMatch.route]!();
    const wellFormed = Object.entries(screen.params ?? {}).every(([name, form]) =>
      form.test(screenMatch.params[name] ?? ''),
    );
    return wellFormed ? { ...screenMatch, screen } : undefined;
  }
  const { matchPagePath } = await import('../../../config/pages');
  const match = matchPagePath(path);
  return match ? { route: match.page.route, params: match.params, page: match.page } : undefined;
}
