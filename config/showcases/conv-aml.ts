/** conv-aml (001 §2): the voucher home, a grid of retailers (4 a row by default, at most 12); a click opens forn-aml. */
import { screenConstants } from '../screen-constants';
import type { ShowcaseDeclaration } from './types';

export const convAmlShowcase = {
  name: 'conv-aml',
  route_name: 'conv-aml',
  source: { path: '/aml_rivenditori', catalogue: 'aml-rivenditori' },
  perRow: { base: 2, sm: 3, md: screenConstants.voucherRetailersPerRow },
  paging: { mode: 'none' },
  card: { key: 'RetailerId', title: 'Name', image: 'ImageUrl' },
  open: { kind: 'route', route: 'forn-aml', params: { id_fornitore: 'RetailerId' } },
  texts: { empty: 'formRetailersEmpty', loadError: 'formShowcaseLoadError' },
} as const satisfies ShowcaseDeclaration;
