/**
 * What a click on a home carousel slide may do (spec 000 §2 "Carousel", §3 "Carousel slide";
 * ARCHITECTURE.md §7). The spec's "encrypted script action" is a closed set of declared action types:
 * plain data, never code. A slide stores one type and its target; the server hands the portal the
 * action signed (`click_action`) and gives it back, checked, from `POST /api/carosello_click_count`.
 *
 * - `target: 'route'`: a route name of config/routes.ts with `access: 'login'`, in one of `groups`
 *   (when given) and in none of `excludeGroups`; the portal opens it (the route gating still applies).
 * - `target: 'menu-key'`: a key of the menu-permission map starting with `prefix` (a home-menu
 *   subsection, spec 000 §2); the portal opens that subsection of the home menu.
 * - `target: 'none'`: an informational slide; its target is null.
 *
 * The database keeps the same list in a CHECK (src/server/db/migrations/003-home.sql): adding a type
 * here needs a migration too (tests/server/home-carousel.test.ts checks that the two agree).
 */
import type { RouteGroup } from './routes';

export type CarouselTargetKind = 'route' | 'menu-key' | 'none';

export interface CarouselActionRule {
  readonly target: CarouselTargetKind;
  /** Route targets: the target's group must be one of these. */
  readonly groups?: readonly RouteGroup[];
  /** Route targets: the target's group must not be one of these. */
  readonly excludeGroups?: readonly RouteGroup[];
  /** Menu-key targets: the key's prefix. */
  readonly prefix?: string;
  /** For developers and the OpenAPI document (not shown to users). */
  readonly description: string;
}

export const carouselActions = {
  navigate: {
    target: 'route',
    excludeGroups: ['public', 'ts', 'backoffice-refazi'],
    description: 'Opens a page of the portal (a route name of config/routes.ts, not a partner page).',
  },
  partner: {
    target: 'route',
    groups: ['ts'],
    description: 'Opens the login page of a partner portal (a route name of the /ts group).',
  },
  subsection: {
    target: 'menu-key',
    prefix: 'tree-',
    description: 'Opens a subsection of the home menu (a tree- key of the menu-permission map).',
  },
  none: {
    target: 'none',
    description: 'Informational slide: nothing happens on click (the click is still counted).',
  },
} as const satisfies Record<string, CarouselActionRule>;

export type CarouselActionName = keyof typeof carouselActions;

/** The declared action types, in declaration order. */
export const carouselActionNames = Object.keys(carouselActions) as CarouselActionName[];
