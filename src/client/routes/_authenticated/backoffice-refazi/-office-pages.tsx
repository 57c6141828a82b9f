/**
 * The referent back office's pages that need nothing of the router but their name: the one route
 * `$page.tsx` draws them. A route file each cost the login bundle about 100 bytes a page (its entry in
 * the route tree); here each page is still a chunk of its own, loaded when opened. Pages with search
 * parameters (office-transactionsdash) or a loader (the home) keep their own route file, which wins
 * over `$page`. A new simple page is one line here (and its route in config/routes.ts).
 */
import { lazy, type ComponentType } from 'react';
import type { RouteName } from '../../../../../config/routes';

/** A page loaded when first drawn. */
function page(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}

const tables = () => import('../../../features/backoffice/office-table-pages');

export const officePages: Partial<Record<RouteName, ComponentType>> = {
  'office-cifratura-chain': page(
    async () => (await import('../../../features/backoffice/keys-screen')).KeysScreen,
  ),
  'office-consulenti': page(async () => (await tables()).ConsultantsPage),
  'office-incentive-info': page(
    async () => (await import('../../../features/backoffice/incentive-screens')).IncentiveInfoScreen,
  ),
  'office-incentive-toduba': page(
    async () => (await import('../../../features/backoffice/incentive-screens')).IncentiveTopupScreen,
  ),
  'office-mess-interna': page(
    async () =>
      (await import('../../../features/backoffice/internal-messages/messaging-screen')).MessagingScreen,
  ),
  'office-ref-azi-buoni-pasto': page(
    async () => (await import('../../../features/backoffice/meal-vouchers-screen')).MealVouchersScreen,
  ),
  'office-ref-azi-piani-welfare': page(async () => (await tables()).PlansPage),
  'office-scadenzario-azi': page(async () => (await tables()).SchedulePage),
  'office-user-files': page(async () => (await tables()).UserFilesPage),
  // Piattapasto (issue 17)
  'office-piattapasto': page(
    async () =>
      (await import('../../../features/backoffice/piattapasto/piattapasto-screen')).PiattapastoScreen,
  ),
  // bulk credit import (issue 17)
  'office-import-anagrafiche-crediti': page(
    async () => (await import('../../../features/backoffice/import-screen')).ImportScreen,
  ),
};
