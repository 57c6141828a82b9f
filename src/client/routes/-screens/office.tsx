/**
 * The referent back office's one-off screens, at /backoffice-refazi/<route name> (see ./index.ts); they
 * load their own data. The back office's table pages are registry pages (config/pages.ts, kind `table`).
 */
import { pageScreen, type ScreenPage } from './screen-page';

export const keysPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/backoffice/keys-screen')).KeysScreen),
};

export const incentiveInfoPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/backoffice/incentive-screens')).IncentiveInfoScreen,
  ),
};

export const incentiveTopupPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/backoffice/incentive-screens')).IncentiveTopupScreen,
  ),
};

export const messagingPage: ScreenPage = {
  Screen: pageScreen(
    async () =>
      (await import('../../features/backoffice/internal-messages/messaging-screen')).MessagingScreen,
  ),
};

export const mealVouchersPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/backoffice/meal-vouchers-screen')).MealVouchersScreen,
  ),
};

/** Piattapasto (issue 17). */
export const piattapastoPage: ScreenPage = {
  Screen: pageScreen(
    async () => (await import('../../features/backoffice/piattapasto/piattapasto-screen')).PiattapastoScreen,
  ),
};

/** The bulk credit import (issue 17). */
export const importPage: ScreenPage = {
  Screen: pageScreen(async () => (await import('../../features/backoffice/import-screen')).ImportScreen),
};
