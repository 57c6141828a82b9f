/**
 * The one-off screens (features, not declarations) that the generic routes serve by their route name, as
 * they serve the registry's pages (config/pages.ts): a screen here needs no route file. Each is found at the
 * path config/routes.ts declares for its name (`/sellers/vetrina-articolo/$id_articolo`), gated by that name,
 * its first data loaded by the route's loader and drawn with the path's parameters.
 *
 * Why not a route file each: every route file costs the login page about 90 bytes of gzip (its entry in the
 * route tree and its lazy imports), and the login route has a budget (issue 25). Here a page costs nothing
 * there: this index holds only lazy imports, loaded with the first generic page; each group's module
 * (`./employee`, `./sellers`, `./operator`, `./office`) is a chunk of its own, and each screen is a chunk
 * of its own again, requested by the loader together with the data.
 *
 * Pages that read search parameters (`?mode=`, `?subsection=`) or have a loader of their own kind keep their
 * route file: a static route wins over the generic ones. A new one-off screen is one line here (and its
 * route in config/routes.ts).
 */
import type { RouteName } from '../../../../config/routes';
import type { ScreenPage } from './screen-page';

export type { PathParams, ScreenPage } from './screen-page';

export const screenPages: Partial<Record<RouteName, () => Promise<ScreenPage>>> = {
  // The employee's pages
  'site-archivio-files': () => import('./employee').then((group) => group.filesPage),
  'site-assistenza': () => import('./employee').then((group) => group.supportPage),
  'benefit-hub': () => import('./employee').then((group) => group.benefitHubPage),
  'bonus-benzina': () => import('./employee').then((group) => group.fuelBonusPage),
  'conv-request-form': () => import('./employee').then((group) => group.requestFormPage),
  'user-profile': () => import('./employee').then((group) => group.profilePage),
  'dettaglio-acquisto': () => import('./employee').then((group) => group.purchaseDetailPage),
  'mie-richieste': () => import('./employee').then((group) => group.myRequestsPage),
  'dettaglio-richiesta': () => import('./employee').then((group) => group.requestDetailPage),
  // The conventions suppliers (spec 002)
  'gestione-pin': () => import('./sellers').then((group) => group.pinPage),
  'stato-voucher': () => import('./sellers').then((group) => group.voucherStatusPage),
  'vetrina-articolo': () => import('./sellers').then((group) => group.articlePage),
  'vetrina-consorzio': () => import('./sellers').then((group) => group.consortiumPage),
  'vetrina-fornitore': () => import('./sellers').then((group) => group.supplierPage),
  // The referent back office
  'office-cifratura-chain': () => import('./office').then((group) => group.keysPage),
  'office-incentive-info': () => import('./office').then((group) => group.incentiveInfoPage),
  'office-incentive-toduba': () => import('./office').then((group) => group.incentiveTopupPage),
  'office-mess-interna': () => import('./office').then((group) => group.messagingPage),
  'office-ref-azi-buoni-pasto': () => import('./office').then((group) => group.mealVouchersPage),
  'office-piattapasto': () => import('./office').then((group) => group.piattapastoPage),
  'office-import-anagrafiche-crediti': () => import('./office').then((group) => group.importPage),
  // The provider's operator console (issue 26)
  'operatore-codici': () => import('./operator').then((group) => group.codesPage),
  'operatore-fornitori': () => import('./operator').then((group) => group.suppliersPage),
  'operatore-importazioni': () => import('./operator').then((group) => group.importsPage),
  'operatore-pagamenti': () => import('./operator').then((group) => group.payoutsPage),
  'operatore-piattapasto': () => import('./operator').then((group) => group.piattapastoPage),
  'operatore-registro': () => import('./operator').then((group) => group.auditPage),
};
