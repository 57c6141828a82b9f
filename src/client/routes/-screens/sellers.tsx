/** The conventions suppliers' one-off screens (spec 002) served by the generic routes (see ./index.ts). */
import { vetrinaFornitore } from '../../../../config/showcases/sellers';
import { voucherStatusTable } from '../../../../config/tables/stato-voucher';
import { queryClient } from '../../api/query-client';
import { creditQueryOptions } from '../../api/query-options';
import { firstShowcasePageQueryOptions, showcaseHeaderQueryOptions } from '../../engine/showcase/query';
import {
  articleQueryOptions,
  cutsQueryOptions,
  pinQueryOptions,
  supplierQueryOptions,
} from '../../features/sellers/sellers-api';
import { ensureFirstTablePage } from '../-loader-data';
import { pageScreen, type ScreenPage } from './screen-page';

/** gestione-pin (spec 002 §2.6): the identifying PIN. */
export const pinPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/sellers/gestione-pin-screen')).GestionePinScreen,
  ),
  load: () => [queryClient.ensureQueryData(pinQueryOptions())],
};

/** stato-voucher (spec 002 §2.5): the user's multi-use vouchers. */
export const voucherStatusPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/sellers/stato-voucher-screen')).StatoVoucherScreen,
  ),
  load: () => [ensureFirstTablePage(voucherStatusTable)],
};

/** vetrina-articolo (spec 002 §2.3): an article, in its template. */
export const articlePage: ScreenPage = {
  Screen: pageScreen(async () => {
    const { VetrinaArticoloScreen } = await import('../../features/sellers/vetrina-articolo-screen');
    return ({ params }) => (
      <VetrinaArticoloScreen key={params.id_articolo} idArticolo={params.id_articolo ?? ''} />
    );
  }),
  // The article, then its supplier (the screen asks for it once the article is known), and the credit.
  load: (params) => [
    queryClient
      .ensureQueryData(articleQueryOptions(params.id_articolo ?? ''))
      .then((article) =>
        queryClient.ensureQueryData(supplierQueryOptions(String(article.id_fornitore ?? ''))),
      ),
    queryClient.ensureQueryData(creditQueryOptions()),
  ],
};

/** vetrina-consorzio (spec 002 §2.4): a consortium and its multi-use voucher. */
export const consortiumPage: ScreenPage = {
  Screen: pageScreen(async () => {
    const { VetrinaConsorzioScreen } = await import('../../features/sellers/vetrina-consorzio-screen');
    return ({ params }) => (
      <VetrinaConsorzioScreen key={params.id_consorzio} idConsorzio={params.id_consorzio ?? ''} />
    );
  }),
  // The consortium, the amounts on offer, the credit and the PIN (the affiliates wait for their modal).
  load: (params) => [
    queryClient.ensureQueryData(supplierQueryOptions(params.id_consorzio ?? '')),
    queryClient.ensureQueryData(cutsQueryOptions()),
    queryClient.ensureQueryData(creditQueryOptions()),
    queryClient.ensureQueryData(pinQueryOptions()),
  ],
};

/** vetrina-fornitore (spec 002 §2.2): a supplier's showcase. */
export const supplierPage: ScreenPage = {
  Screen: pageScreen(async () => {
    const { VetrinaFornitoreScreen } = await import('../../features/sellers/vetrina-fornitore-screen');
    return ({ params }) => (
      <VetrinaFornitoreScreen key={params.id_fornitore} idFornitore={params.id_fornitore ?? ''} />
    );
  }),
  // The grid's first page and its header (the supplier), with the screen's parameters.
  load: (params) => {
    const showcaseParams = { id_fornitore: params.id_fornitore ?? '' };
    return [
      queryClient.ensureQueryData(firstShowcasePageQueryOptions(vetrinaFornitore, showcaseParams)),
      vetrinaFornitore.header
        ? queryClient.ensureQueryData(showcaseHeaderQueryOptions(vetrinaFornitore, showcaseParams))
        : null,
    ];
  },
};
