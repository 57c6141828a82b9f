/**
 * Router glue of the access rules: route files call these from `beforeLoad`.
 * The decision itself is `checkRouteAccess` (src/shared/access/route-access.ts, the server's too)
 * over config/routes.ts.
 */
import { redirect } from '@tanstack/react-router';
import { messages, type MessageKey } from '../../shared/catalogues/first-paint';
import { operatorCustomer } from '../../../config/skins';
import type { RedirectTarget, RouteName } from '../../../config/routes';
import { withOverlays } from '../components/overlay-host';
import { useSessionStore } from '../stores/session';
import { getActiveRouter } from './router-registry';

export function showRouteAlert(key: MessageKey): void {
  void withOverlays().then((overlays) => overlays.showAlert(`route-alert-${key}`, messages[key]));
}

export function redirectTo(target: RedirectTarget, customer: string) {
  switch (target) {
    case 'login':
      // The operators (issue 26) sign in on their own page.
      if (customer === operatorCustomer) return redirect({ to: '/operatore/accesso' });
      return redirect({ to: '/login/$', params: { _splat: customer } });
    case 'home-refazi':
      return redirect({ to: '/backoffice-refazi' });
    case 'home-operatore':
      return redirect({ to: '/operatore' });
    case 'menu':
      return redirect({ to: '/menu' });
  }
}

/**
 * Before sending a visitor to the login page, its code and skin are loaded: the address bar
 * changes when the page can be drawn at once (no blank pending state in between).
 */
export async function preloadLogin(customer: string): Promise<void> {
  try {
    const router = getActiveRouter();
    if (customer === operatorCustomer) await router?.preloadRoute({ to: '/operatore/accesso' });
    else await router?.preloadRoute({ to: '/login/$', params: { _splat: customer } });
  } catch (error) {
    console.warn('Login page not preloaded', error);
  }
}

/**
 * `beforeLoad` of a gated route. Alerts are not shown for preloads (hover, focus).
 * The rules (config/routes.ts) are loaded with the first gated page, not with the login page.
 */
export function guardRoute(routeName: RouteName): (context: { preload: boolean }) => Promise<void> {
  return async ({ preload }) => {
    const { checkRouteAccess } = await import('../../shared/access/route-access');
    const session = useSessionStore.getState();
    const access = checkRouteAccess(routeName, session);
    if (access.ok) return;
    if (access.alert && !preload) showRouteAlert(access.alert);
    if (access.redirect === 'login' && !preload) await preloadLogin(session.customer);
    throw redirectTo(access.redirect, session.customer);
  };
}

/**
 * `beforeLoad` of the public routes (spec 000 §2): a logged user goes to menu (an operator to the
 * operator console), unless the URL
 * carries `loggingout`, in which case a still-open session is closed first.
 */
export async function publicRouteGuard(loggingOut: boolean): Promise<void> {
  const session = useSessionStore.getState();
  if (!session.isLogged) return;
  if (loggingOut) {
    await session.logout();
    return;
  }
  throw session.user?.profile === 'operatore'
    ? redirectTo('home-operatore', session.customer)
    : redirect({ to: '/menu' });
}
