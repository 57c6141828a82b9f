/**
 * The root route's step for the spec's old screen names (config/route-aliases.ts, issue 28), kept out of
 * the first paint: an address is checked against the alias names alone, and only an old link loads the
 * route table (route-aliases.ts) to find the screen it names, then redirects there, the address replaced.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { routeAliases } from '../../../config/route-aliases';

/** Whether the first or second segment of a path is an old screen name (a candidate for `aliasTarget`). */
export function mentionsAlias(pathname: string): boolean {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .slice(0, 2)
    .some((segment) => Object.hasOwn(routeAliases, segment));
}

/** `beforeLoad` of the root route: an old link goes to its screen (with its search), the address replaced. */
export function aliasRedirect({ location }: { location: ParsedLocation }): Promise<void> | undefined {
  if (!mentionsAlias(location.pathname)) return undefined;
  return import('./route-aliases').then(({ aliasTarget }) => {
    const target = aliasTarget(location.pathname);
    if (target !== null) throw redirect({ href: `${target}${location.searchStr}`, replace: true });
  });
}
