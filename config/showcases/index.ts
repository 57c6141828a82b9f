/**
 * The showcases of the portal (ARCHITECTURE.md §4 "Showcases"), one declaration per grid (see types.ts),
 * each in its own file. The showcase engine (`src/client/engine/showcase`) renders them; the server's
 * paged calls read their page sizes from here. Tests declare a grid of their own
 * (tests/fixtures/showcases) to prove the engine renders any declaration.
 */
import type { ShowcaseDeclaration } from './types';
// Conventions (issue 14).
import { categorieFornitori, fornitoriAziendali, fornitoriCategoria, vetrinaFornitore } from './sellers';

export const showcases: readonly ShowcaseDeclaration[] = [
  // Conventions (issue 14).
  categorieFornitori,
  fornitoriCategoria,
  fornitoriAziendali,
  vetrinaFornitore,
];

export function findShowcase(
  name: string,
  list: readonly ShowcaseDeclaration[] = showcases,
): ShowcaseDeclaration | undefined {
  return list.find((showcase) => showcase.name === name);
}
