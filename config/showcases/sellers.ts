/**
 * The conventions grids (spec 002 §2.1, §2.2, §9; issue 14), on the showcase engine:
 *
 * - `categorie-fornitori`: the categories of home-fornitori, 3 per row from 1200 px (Mantine's `lg`,
 *   75em), otherwise 2; a click selects the category on the same screen;
 * - `fornitori-categoria` and `fornitori-aziendali`: the suppliers of the chosen category and province
 *   (`no_prov`: every province); company suppliers (category 8) add the text filter on first name and
 *   surname; a click opens vetrina-fornitore, or vetrina-consorzio for a consortium;
 * - `vetrina-fornitore`: a supplier's articles, 6 per row on wide screens, 18 per page, the search after
 *   500 ms, the supplier's logo and description above; a click opens vetrina-articolo.
 */
import { screenConstants } from '../screen-constants';
import type { ShowcaseDeclaration } from './types';

export const categorieFornitori = {
  name: 'categorie-fornitori',
  route_name: 'home-fornitori',
  source: { path: '/categorie_fornitori', rows: '' },
  perRow: { base: 2, lg: 3 },
  paging: { mode: 'none' },
  card: { key: 'id', title: 'nome', image: 'url_icona' },
  open: { kind: 'select' },
  texts: { empty: 'formSellersSuppliersEmpty', loadError: 'formBenefitHubLoadError' },
} as const satisfies ShowcaseDeclaration;

const supplierGrid = {
  route_name: 'home-fornitori',
  source: {
    path: '/fornitori_convenzionati',
    rows: '',
    paramsQuery: ['id_categoria', 'provincia'],
  },
  params: ['id_categoria', 'provincia'],
  perRow: { base: 2, sm: 3, md: 4, lg: 6 },
  paging: { mode: 'none' },
  card: { key: 'id', title: 'nome', subtitle: 'comune', image: 'logo_url' },
  open: {
    kind: 'route',
    route: { field: 'is_consorzio', routes: { false: 'vetrina-fornitore', true: 'vetrina-consorzio' } },
    params: { id_fornitore: 'id', id_consorzio: 'id' },
  },
  texts: { empty: 'formSellersSuppliersEmpty', loadError: 'formBenefitHubLoadError' },
} as const;

export const fornitoriCategoria = {
  name: 'fornitori-categoria',
  ...supplierGrid,
} as const satisfies ShowcaseDeclaration;

/** Company suppliers are people: their card reads first name and surname, and the text filter searches both. */
export const fornitoriAziendali = {
  name: 'fornitori-aziendali',
  ...supplierGrid,
  card: { key: 'id', title: 'nome_completo', subtitle: 'nome_categ_servizio', image: 'logo_url' },
  search: { param: 'filtro', label: 'formSellersCompanySearch', minChars: 1, debounceMs: 300 },
} as const satisfies ShowcaseDeclaration;

export const vetrinaFornitore = {
  name: 'vetrina-fornitore',
  route_name: 'vetrina-fornitore',
  source: { path: '/vetrina_fornitore/{id_fornitore}' },
  params: ['id_fornitore'],
  perRow: { base: 2, sm: 3, md: 4, lg: screenConstants.supplierShowcasePerRow },
  paging: {
    mode: 'server',
    pageSizes: [screenConstants.supplierShowcasePageSize],
    defaultPageSize: screenConstants.supplierShowcasePageSize,
  },
  search: {
    param: 'filter',
    label: 'formSellersArticleSearch',
    minChars: screenConstants.suggestionMinChars,
    debounceMs: screenConstants.supplierShowcaseDebounceMs,
  },
  header: {
    source: { path: '/info_fornitore/{id_fornitore}' },
    title: 'nome',
    image: 'logo_url',
    description: 'descrizione',
  },
  card: { key: 'id', title: 'descrizione', image: 'imgs.0.web_url', price: 'prezzo_scontato' },
  open: { kind: 'route', route: 'vetrina-articolo', params: { id_articolo: 'id' } },
  texts: { empty: 'formSellersArticlesEmpty', loadError: 'formBenefitHubLoadError' },
  back: { route: 'home-fornitori', label: 'formSellersBackToSuppliers' },
} as const satisfies ShowcaseDeclaration;
