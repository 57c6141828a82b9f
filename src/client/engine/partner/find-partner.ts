/**
 * The partner declaration a route file shows: the page's name must be a declared partner whose route
 * (config/routes.ts) lives in the route file's group, so `/bitq/conv-fac` is not found. Loaded with the
 * page, not with the shell.
 */
import type { PartnerDeclaration } from '../../../../config/partners';
import type { RouteName } from '../../../../config/routes';

export type PartnerPage = PartnerDeclaration & { readonly route_name: RouteName };

export async function findPartnerPage(group: string, name: string): Promise<PartnerPage | null> {
  const [{ findPartner }, { routes, isRouteName }] = await Promise.all([
    import('../../../../config/partners'),
    import('../../../../config/routes'),
  ]);
  const partner = findPartner(name);
  const routeName = partner?.route_name;
  if (!partner || routeName === undefined || !isRouteName(routeName)) return null;
  return routes[routeName].path === `/${group}/${routeName}` ? { ...partner, route_name: routeName } : null;
}
