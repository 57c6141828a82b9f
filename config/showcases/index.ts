/**
 * The showcases of the portal (ARCHITECTURE.md §4 "Showcases"), one declaration per grid (see types.ts),
 * each in its own file. The showcase engine (`src/client/engine/showcase`) renders them; the server's
 * paged calls read their page sizes from here. Tests declare a grid of their own
 * (tests/fixtures/showcases) to prove the engine renders any declaration.
 */
import { extensions } from '../extensions';
import { convAmlShowcase } from './conv-aml';
import { eureteSectionsShowcase } from './conv-eurete-buoni';
import { fornAmlShowcase } from './forn-aml';
import { eurete100Showcase, eureteHealthShowcase, eureteSectionShowcase } from './sez-eurete';
import type { ShowcaseDeclaration } from './types';
// Conventions (issue 14).
import { categorieFornitori, fornitoriAziendali, fornitoriCategoria, vetrinaFornitore } from './sellers';

export {
  convAmlShowcase,
  eurete100Showcase,
  eureteHealthShowcase,
  eureteSectionShowcase,
  eureteSectionsShowcase,
  fornAmlShowcase,
};

export const showcases: readonly ShowcaseDeclaration[] = [
  convAmlShowcase,
  fornAmlShowcase,
  eureteSectionsShowcase,
  eureteSectionShowcase,
  eureteHealthShowcase,
  eurete100Showcase,
  // Conventions (issue 14).
  categorieFornitori,
  fornitoriCategoria,
  fornitoriAziendali,
  vetrinaFornitore,
  // The installation's own (config/extensions): their routes are not `RouteName`s for the compiler.
  ...(extensions.showcases as unknown as readonly ShowcaseDeclaration[]),
];

export function findShowcase(
  name: string,
  list: readonly ShowcaseDeclaration[] = showcases,
): ShowcaseDeclaration | undefined {
  return list.find((showcase) => showcase.name === name);
}
