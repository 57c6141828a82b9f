/**
 * sez-eurete (001 §2, §7, §9) and conv-assirete: a mutual-aid section's products, 4 a row, 8 a page,
 * each with a detail and purchase modal (technical sheet and rules links; closable only by its buttons),
 * back to conv-eurete-buoni. A section pays from art. 51 c.3; the supplementary health (its fixed
 * section) from the total, then its SSO window.
 */
import { screenConstants } from '../screen-constants';
import type { ShowcaseDeclaration, ShowcaseDetail } from './types';

const paging = {
  mode: 'server',
  pageSizes: [screenConstants.eureteProductsPageSize],
  defaultPageSize: screenConstants.eureteProductsPageSize,
} as const;

const perRow = { base: 1, xs: 2, md: screenConstants.eureteProductsPerRow } as const;

const detail = {
  description: 'descrizione',
  html: true,
  links: [
    { label: 'formEureteTechSheet', field: 'url_scheda' },
    { label: 'formEureteRules', field: 'url_regolamento' },
  ],
  closable: false,
} as const satisfies ShowcaseDetail;

const card = { key: 'slug_name', title: 'nome', image: 'icona', price: 'costo' } as const;

export const eureteSectionShowcase = {
  name: 'sez-eurete',
  route_name: 'sez-eurete',
  source: { path: '/eurete_prodotti/{slug_name}', catalogue: 'eurete-prodotti' },
  params: ['slug_name'],
  perRow,
  paging,
  header: {
    source: { path: '/eurete_sezioni/{slug_name}', catalogue: 'eurete-sezione' },
    title: 'nome',
    image: 'icona',
    description: 'descrizione',
    html: true,
  },
  card,
  open: {
    kind: 'purchase',
    purchase: 'eurete',
    code: 'slug_name',
    price: 'costo',
    insufficient: 'formVoucherInsufficient',
    detail,
  },
  texts: { empty: 'formEureteSectionEmpty', loadError: 'formBenefitHubLoadError' },
  back: { route: 'conv-eurete-buoni', label: 'formEureteBack' },
} as const satisfies ShowcaseDeclaration;

export const eureteHealthShowcase = {
  name: 'conv-assirete',
  route_name: 'conv-assirete',
  source: { path: `/eurete_prodotti/${screenConstants.eureteHealthSection}`, catalogue: 'eurete-prodotti' },
  perRow,
  paging,
  header: {
    source: { path: `/eurete_sezioni/${screenConstants.eureteHealthSection}`, catalogue: 'eurete-sezione' },
    title: 'nome',
    image: 'icona',
    description: 'descrizione',
    html: true,
  },
  card,
  open: {
    kind: 'purchase',
    purchase: 'eurete-sanitaria',
    code: 'slug_name',
    price: 'costo',
    insufficient: 'formVoucherInsufficient',
    detail,
  },
  texts: { empty: 'formEureteHealthEmpty', loadError: 'formBenefitHubLoadError' },
  back: { route: 'conv-eurete-buoni', label: 'formEureteBack' },
} as const satisfies ShowcaseDeclaration;

/**
 * conv-eurete-100 (001 §2 "Mutual-aid 100 page"): the products of the fixed section for art. 100
 * purposes, paid from the total like the other pages of the 100 family (conv-aml-expedia, -hoepli);
 * 4 a row, 8 a page, the same detail and purchase modal; reached from the menu (tree-salute).
 */
export const eurete100Showcase = {
  name: 'conv-eurete-100',
  route_name: 'conv-eurete-100',
  source: { path: `/eurete_prodotti/${screenConstants.eurete100Section}`, catalogue: 'eurete-prodotti' },
  perRow,
  paging,
  header: {
    source: { path: `/eurete_sezioni/${screenConstants.eurete100Section}`, catalogue: 'eurete-sezione' },
    title: 'nome',
    image: 'icona',
    description: 'descrizione',
    html: true,
  },
  card,
  open: {
    kind: 'purchase',
    purchase: 'eurete-100',
    code: 'slug_name',
    price: 'costo',
    insufficient: 'formVoucherInsufficient',
    detail,
  },
  texts: { empty: 'formEureteHealthEmpty', loadError: 'formBenefitHubLoadError' },
} as const satisfies ShowcaseDeclaration;
