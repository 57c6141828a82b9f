/**
 * Every slide the demo seed puts in the home carousel leads somewhere real: a route target opens a
 * screen the portal has (a file route, or a generic route whose engine declares it), a subsection
 * target is a subsection of the home menu. A slide may not point at a page still to be built.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carouselActions } from '../../config/carousel-actions';
import { findForm } from '../../config/forms';
import { menu } from '../../config/menu';
import { routes, isRouteName } from '../../config/routes';
import { SLIDES } from '../../src/server/db/seed-home';

const routeTree = readFileSync('src/client/routeTree.gen.ts', 'utf8');
const fullPaths = new Set(
  [...(/fullPaths:([^;]*);/.exec(routeTree)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]),
);

/** A route name the portal can show: its own file route, or a declaration of a generic route's engine. */
function hasScreen(routeName: string): boolean {
  if (!isRouteName(routeName)) return false;
  const path = routes[routeName].path;
  return fullPaths.has(path) || fullPaths.has(path.replace(/\/$/, '')) || findForm(routeName) !== undefined;
}

const subsections = new Set(
  JSON.stringify(menu)
    .match(/"tree-[a-z0-9-]+"/g)
    ?.map((key) => key.slice(1, -1)) ?? [],
);

describe('carousel slides of the demo seed', () => {
  it('read the generated route tree', () => {
    expect(fullPaths.has('/menu')).toBe(true);
    expect(hasScreen('rimb-spese')).toBe(true);
    expect(hasScreen('not-a-route')).toBe(false);
  });

  it.each(SLIDES.map((slide) => [slide.key, slide] as const))(
    '%s leads to a screen that exists',
    (_key, slide) => {
      const rule = carouselActions[slide.type];
      if (rule.target === 'route') expect(hasScreen(slide.target ?? ''), slide.target ?? '').toBe(true);
      if (rule.target === 'menu-key')
        expect(subsections.has(slide.target ?? ''), slide.target ?? '').toBe(true);
      if (rule.target === 'none') expect(slide.target).toBeNull();
      expect(slide.title.length).toBeGreaterThan(0);
    },
  );
});
