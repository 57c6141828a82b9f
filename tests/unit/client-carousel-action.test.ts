/** Carousel click answers (spec 000 §2; ARCHITECTURE.md §7): only declared actions with resolving targets. */
import { describe, expect, it } from 'vitest';
import { carouselActionNames } from '../../config/carousel-actions';
import { resolveCarouselAction } from '../../src/client/features/home/carousel-action';

describe('resolveCarouselAction', () => {
  it('knows the declared types of config/carousel-actions.ts', () => {
    expect(carouselActionNames).toEqual(
      expect.arrayContaining(['navigate', 'partner', 'subsection', 'none']),
    );
  });

  it('navigate: a route behind login, not a partner, public or back-office page', () => {
    expect(resolveCarouselAction({ type: 'navigate', target: 'rimb-spese' })).toEqual({
      kind: 'route',
      routeName: 'rimb-spese',
    });
    expect(resolveCarouselAction({ type: 'navigate', target: 'site-notifiche' })).toEqual({
      kind: 'route',
      routeName: 'site-notifiche',
    });
    for (const target of ['conv-viaggi', 'login', 'office-consulenti', 'non-esiste', 42, null]) {
      expect(resolveCarouselAction({ type: 'navigate', target }), String(target)).toBeNull();
    }
    // A route that needs a parameter cannot be opened from its name alone.
    expect(resolveCarouselAction({ type: 'navigate', target: 'forn-aml' })).toBeNull();
  });

  it('partner: a page of the /ts group only', () => {
    expect(resolveCarouselAction({ type: 'partner', target: 'conv-viaggi' })).toEqual({
      kind: 'route',
      routeName: 'conv-viaggi',
    });
    expect(resolveCarouselAction({ type: 'partner', target: 'rimb-spese' })).toBeNull();
  });

  it('subsection: a tree- key', () => {
    expect(resolveCarouselAction({ type: 'subsection', target: 'tree-buoni' })).toEqual({
      kind: 'subsection',
      key: 'tree-buoni',
    });
    for (const target of ['buoni', 'tree-', 'tree-<img>', 'tree-a b', null]) {
      expect(resolveCarouselAction({ type: 'subsection', target }), String(target)).toBeNull();
    }
  });

  it('none and a missing action do nothing', () => {
    expect(resolveCarouselAction({ type: 'none', target: null })).toEqual({ kind: 'none' });
    expect(resolveCarouselAction(null)).toEqual({ kind: 'none' });
    expect(resolveCarouselAction({ type: 'none', target: 'rimb-spese' })).toBeNull();
  });

  it('refuses undeclared types and anything that is not plain data', () => {
    for (const action of [
      { type: 'script', target: 'alert(1)' },
      { type: 'eval', target: 'rimb-spese' },
      { type: 'toString', target: 'rimb-spese' },
      { type: '__proto__', target: 'tree-buoni' },
      'navigate',
      42,
      { target: 'rimb-spese' },
    ]) {
      expect(resolveCarouselAction(action), JSON.stringify(action)).toBeNull();
    }
  });
});
