/** The employee's one-off screens served by the generic routes (see ./index.ts). */
import { myRequestsTable } from '../../../../config/tables/my-requests';
import { queryClient } from '../../api/query-client';
import {
  benefitHubQueryOptions,
  creditQueryOptions,
  externalLinksQueryOptions,
  fuelBonusQueryOptions,
  purchaseDetailQueryOptions,
  sentTicketsQueryOptions,
  userFilesQueryOptions,
  userInfoQueryOptions,
} from '../../api/query-options';
import { requestQueryOptions } from '../../features/requests/request-api';
import { ensureFirstTablePage } from '../-loader-data';
import { pageScreen, PURCHASE_ID, type ScreenPage } from './screen-page';

/** site-archivio-files, "I Miei Files" (spec 002 §2.7): the unfiltered list, which also gives the filters' choices. */
export const filesPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/files/files-screen')).FilesScreen),
  load: () => [queryClient.ensureQueryData(userFilesQueryOptions({}))],
};

/**
 * site-assistenza (spec 002 §2.7): the support request (a plain form of config/plain-forms) and, in a second
 * tab, the requests the user sent (issue 28). The user the form is filled from, and the sent requests.
 */
export const supportPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/support/support-screen')).SupportScreen),
  load: () => [
    queryClient.ensureQueryData(userInfoQueryOptions()),
    queryClient.ensureQueryData(sentTicketsQueryOptions()),
  ],
};

/** The discount portal page (spec 002 §2.7). */
export const benefitHubPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/partners/benefit-hub-screen')).BenefitHubScreen,
  ),
  load: () => [queryClient.ensureQueryData(benefitHubQueryOptions())],
};

/** bonus-benzina (001 §2): the fuel card, or none. */
export const fuelBonusPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/showcases/fuel-bonus-screen')).FuelBonusScreen,
  ),
  load: () => [
    queryClient.ensureQueryData(fuelBonusQueryOptions()),
    queryClient.ensureQueryData(creditQueryOptions()),
  ],
};

/** Opens the external on-demand request form, then the menu (spec 002 §2.1). */
export const requestFormPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/partners/request-form-screen')).RequestFormScreen,
  ),
  load: () => [queryClient.ensureQueryData(externalLinksQueryOptions())],
};

/** user-profile: the user's data, read by the screen from the cache the loader fills. */
export const profilePage: ScreenPage = {
  Screen: pageScreen(async () => {
    const [{ useSuspenseQuery }, { ProfileScreen }] = await Promise.all([
      import('@tanstack/react-query'),
      import('../../features/profile/profile-screen'),
    ]);
    return function ProfilePage() {
      const { data } = useSuspenseQuery(userInfoQueryOptions());
      return <ProfileScreen user={data} />;
    };
  }),
  load: () => [queryClient.ensureQueryData(userInfoQueryOptions())],
};

/** dettaglio-acquisto (issue 13): a purchase's delivered code, for its owner (another's, 404, is the screen's message). */
export const purchaseDetailPage: ScreenPage = {
  Screen: pageScreen(async () => {
    const { PurchaseDetailScreen } = await import('../../features/showcases/purchase-detail-screen');
    return ({ params }) => <PurchaseDetailScreen purchaseId={Number(params.id_acquisto)} />;
  }),
  load: (params) => [queryClient.ensureQueryData(purchaseDetailQueryOptions(Number(params.id_acquisto)))],
  params: { id_acquisto: PURCHASE_ID },
};

/** mie-richieste (issue 26): the employee's requests, each with its stage and expected payment day. */
export const myRequestsPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/requests/my-requests-screen')).MyRequestsScreen,
  ),
  load: () => [ensureFirstTablePage(myRequestsTable)],
};

/** dettaglio-richiesta (issue 26): one of the employee's requests and its timeline. */
export const requestDetailPage: ScreenPage = {
  Screen: pageScreen(async () => {
    const { RequestScreen } = await import('../../features/requests/request-screen');
    return ({ params }) => <RequestScreen key={params.id_acquisto} requestId={Number(params.id_acquisto)} />;
  }),
  // Started here, awaited by the screen (its failure is the screen's error state).
  load: (params) => {
    void queryClient.prefetchQuery(requestQueryOptions(Number(params.id_acquisto)));
    return [];
  },
  params: { id_acquisto: PURCHASE_ID },
};
