/**
 * Every slide the demo seed puts in the home carousel leads somewhere real: a route target opens a
 * screen the portal has (a file route, or a generic route whose engine declares it), a subsection
 * target is a subsection of the home menu. A slide may not point at a page still to be built.
 */
import { describe, expect, it } from 'vitest';
import { carouselActions } from '../../config/carousel-actions';
import { menu } from '../../config/menu';
import { SLIDES } from '../../src/server/db/seed-home';

import { fileRoutePaths, hasScreen } from './served-routes';

const subsections = new Set(
  JSON.stringify(menu)
    .match(/"tree-[a-z0-9-]+"/g)
    ?.map((key) => key.slice(1, -1)) ?? [],
);

describe('carousel slides of the demo seed', () => {
  it('read the generated route tree', () => {
    expect(fileRoutePaths.has('/menu')).toBe(true);
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
