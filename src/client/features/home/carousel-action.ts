/**
 * What a carousel click may do (spec 000 §2 "Carousel"; ARCHITECTURE.md §7): the server checks the
 * slide's signed action and answers `{type, target}`; the portal runs it only if the type is one of
 * config/carousel-actions.ts and its target fits the type's rule. Anything else does nothing.
 * Plain data in, a command out: nothing is ever evaluated.
 */
import { carouselActions, type CarouselActionRule } from '../../../../config/carousel-actions';
import type { SubsectionKey } from '../../../../config/menu';
import { isRouteName, routes, type RouteName, type RouteRule } from '../../../../config/routes';

export type CarouselCommand =
  { kind: 'route'; routeName: RouteName } | { kind: 'subsection'; key: SubsectionKey } | { kind: 'none' };

const MENU_KEY = /^[a-z0-9-]+$/;

/** A route path with a required parameter cannot be opened from a bare route name. */
function needsParams(path: string): boolean {
  return /\$/.test(path.replace(/\{-\$\w+\}/g, ''));
}

function routeTarget(rule: CarouselActionRule, target: unknown): RouteName | null {
  if (typeof target !== 'string' || !isRouteName(target)) return null;
  const route: RouteRule = routes[target];
  if (route.access !== 'login' || needsParams(route.path)) return null;
  if (rule.groups && !rule.groups.includes(route.group)) return null;
  if (rule.excludeGroups?.includes(route.group)) return null;
  return target;
}

/**
 * The command of a click answer's `action`, or null when the action is not declared or its target
 * does not resolve (the caller logs it and does nothing). `null` (no action) means nothing to do.
 */
export function resolveCarouselAction(action: unknown): CarouselCommand | null {
  if (action === null || action === undefined) return { kind: 'none' };
  if (typeof action !== 'object') return null;
  const { type, target } = action as { type?: unknown; target?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(carouselActions, type)) return null;
  const rule: CarouselActionRule = carouselActions[type as keyof typeof carouselActions];
  switch (rule.target) {
    case 'none':
      return target === null || target === undefined ? { kind: 'none' } : null;
    case 'menu-key': {
      const prefix = rule.prefix ?? '';
      if (typeof target !== 'string' || !MENU_KEY.test(target)) return null;
      if (!target.startsWith(prefix) || target.length <= prefix.length || !target.startsWith('tree-'))
        return null;
      return { kind: 'subsection', key: target as SubsectionKey };
    }
    case 'route': {
      const routeName = routeTarget(rule, target);
      return routeName ? { kind: 'route', routeName } : null;
    }
  }
}
