/**
 * forn-aml (001 §2, §7, §9): a retailer's showcase: logo and description, search (500 ms, from 2
 * characters, `filter`), 6 products a row, 18 a page sorted by price (`price_sort`), the voucher purchase
 * in the detail modal ("Non hai sufficiente credito per proseguire..." and no Buy above art. 51 c.3).
 */
import { screenConstants } from '../screen-constants';
import type { ShowcaseDeclaration } from './types';

export const fornAmlShowcase = {
  name: 'forn-aml',
  route_name: 'forn-aml',
  source: { path: '/aml_prodotti/{id_fornitore}', query: { price_sort: true }, catalogue: 'aml-prodotti' },
  params: ['id_fornitore'],
  perRow: { base: 2, sm: 3, md: 4, lg: screenConstants.voucherProductsPerRow },
  paging: {
    mode: 'server',
    pageSizes: [screenConstants.voucherProductsPageSize],
    defaultPageSize: screenConstants.voucherProductsPageSize,
  },
  search: {
    param: 'filter',
    label: 'formRetailerSearchLabel',
    minChars: screenConstants.suggestionMinChars,
    debounceMs: screenConstants.showcaseSearchDebounceMs,
  },
  header: {
    source: { path: '/aml_rivenditori/{id_fornitore}', catalogue: 'aml-rivenditore' },
    title: 'Name',
    image: 'ImageUrl',
    description: 'MerchantLongDescription',
    html: true,
  },
  card: { key: 'ProductCode', title: 'Name', image: 'ImageUrl', price: 'Price' },
  open: {
    kind: 'purchase',
    purchase: 'buono-aml',
    code: 'ProductCode',
    price: 'Price',
    insufficient: 'formVoucherInsufficient',
    detail: { description: 'MerchantShortDescription', closable: true },
  },
  texts: { empty: 'formRetailerProductsEmpty', loadError: 'formShowcaseLoadError' },
  back: { route: 'conv-aml', label: 'formRetailersBack' },
} as const satisfies ShowcaseDeclaration;
