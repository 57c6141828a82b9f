/**
 * The overlay's declaration types (config/extensions/types.ts) take the overlay's own route names where a
 * built-in declaration takes only `RouteName`s: checked by the compiler (`npm run typecheck` covers tests).
 * Whether such a name exists is the start-up's and tests/config/showcases.test.ts's to check.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ExtensionShowcase } from '../../config/extensions/types';
import type { ShowcaseDeclaration } from '../../config/showcases/types';

describe('an overlay showcase', () => {
  it('may open a route of the overlay, fixed or chosen by a field of the item', () => {
    expectTypeOf<{ readonly kind: 'route'; readonly route: 'prova-dettaglio' }>().toMatchTypeOf<
      ExtensionShowcase['open']
    >();
    expectTypeOf<{
      readonly kind: 'route';
      readonly route: {
        readonly field: 'tipo';
        readonly routes: { readonly a: 'prova-a'; readonly b: 'menu' };
      };
    }>().toMatchTypeOf<ExtensionShowcase['open']>();
  });

  it('may go back to a route of the overlay', () => {
    expectTypeOf<{ readonly route: 'prova-elenco'; readonly label: 'formRetailersBack' }>().toMatchTypeOf<
      NonNullable<ExtensionShowcase['back']>
    >();
  });

  it('while a built-in showcase names only the portal’s routes', () => {
    expectTypeOf<{ readonly kind: 'route'; readonly route: 'prova-x' }>().not.toMatchTypeOf<
      ShowcaseDeclaration['open']
    >();
  });
});
