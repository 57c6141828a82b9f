import { createFileRoute } from '@tanstack/react-router';
import { preloadLogin, redirectTo } from '../app/route-guard';
import { loadCustomerSkin } from '../app/public-routes';
import { AppShellLayout } from '../features/shell/app-shell-layout';
import { useSessionStore } from '../stores/session';

/**
 * Everything behind login (spec 000 §2): without a session the user goes to the login of the
 * current customer. A session restored from sessionStorage without its user loads it again;
 * if that fails the user is logged out (spec 000 §4). An operator goes to the operator console.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ preload }) => {
    const session = useSessionStore.getState();
    if (!session.isLogged || !session.token) {
      if (!preload) await preloadLogin(session.customer);
      throw redirectTo('login', session.customer);
    }
    if (!session.user) {
      try {
        await session.restoreSession();
      } catch (error) {
        console.warn('User info not loaded: logging out', error);
        const current = useSessionStore.getState();
        if (current.isLogged) current.clearSession();
        throw redirectTo('login', current.customer);
      }
    }
    // An operator's session serves only the operator console (issue 26): no employee page.
    const user = useSessionStore.getState().user;
    if (user?.profile === 'operatore') throw redirectTo('home-operatore', session.customer);
  },
  loader: () => loadCustomerSkin(useSessionStore.getState().customer),
  component: AppShellLayout,
});
