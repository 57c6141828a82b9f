/**
 * The referent back office's one-off screens (features, not declarations) that need nothing of the router
 * but their name: the one route `$page.tsx` draws them, and the registry's table pages (config/pages.ts,
 * kind `table`: a declared table with a title and an intro, no code). A route file each cost the login
 * bundle about 100 bytes a page (its entry in the route tree); here each page is still a chunk of its own,
 * loaded when opened. Pages with search parameters (office-transactionsdash) or a loader (the home) keep
 * their own route file, which wins over `$page`. A new one-off screen is one line here (and its route in
 * config/routes.ts); a new table page is one entry of config/pages.ts.
 */
import { lazy, type ComponentType } from 'react';
import type { RouteName } from '../../../../../config/routes';

/** A page loaded when first drawn. */
function page(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}

export const officePages: Partial<Record<RouteName, ComponentType>> = {
  'office-cifratura-chain': page(
    async () => (await import('../../../features/backoffice/keys-screen')).KeysScreen,
  ),
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
