/**
 * conv-eurete-buoni (001 §2, §7): the mutual-aid home's icon grid of sections (`page_size` 1000,
 * `id_categ` 53; at most 12 a row), shown once the disclaimer is accepted; a click opens sez-eurete.
 */
import { screenConstants } from '../screen-constants';
import type { ShowcaseDeclaration } from './types';

export const eureteSectionsShowcase = {
  name: 'conv-eurete-buoni',
  route_name: 'conv-eurete-buoni',
  source: {
    path: '/eurete_sezioni',
    catalogue: 'eurete-sezioni',
    query: {
      page_size: screenConstants.eureteSectionsPageSize,
      id_categ: screenConstants.eureteSectionsCategory,
    },
  },
  perRow: { base: 2, sm: 4, md: 6 },
  paging: { mode: 'none' },
  card: { key: 'slug_name', title: 'nome', image: 'icona' },
  open: { kind: 'route', route: 'sez-eurete', params: { slug_name: 'slug_name' } },
  texts: { empty: 'formEureteSectionsEmpty', loadError: 'formBenefitHubLoadError' },
} as const satisfies ShowcaseDeclaration;
