import { createFileRoute, notFound } from '@tanstack/react-router';
import { preloadLogin, redirectTo } from '../app/route-guard';
import { loadCustomerSkin } from '../app/public-routes';
import { PageLoader } from '../components/page-loader';
import { AppShellLayout } from '../features/shell/app-shell-layout';
import { useSessionStore } from '../stores/session';

/** The routes that serve pages by their path (registry pages and one-off screens, `-generic-page.ts`). */
const GENERIC_PAGE_ROUTES = new Set<string>([
  '/_authenticated/$page',
  '/_authenticated/$group/$page',
  '/_authenticated/$group/$section/$param',
  '/_authenticated/backoffice-refazi/$page',
]);

/**
 * Everything behind login (spec 000 §2): without a session the user goes to the login of the
 * current customer. A session restored from sessionStorage without its user loads it again;
 * if that fails the user is logged out (spec 000 §4). An operator goes to the operator console.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ preload, matches, location }) => {
    const session = useSessionStore.getState();
    if (!session.isLogged || !session.token) {
      // The generic routes match any address of one to three segments: one that is no page is not found,
      // signed in or not, rather than a way to the login that ends on "not found".
      if (GENERIC_PAGE_ROUTES.has(matches[matches.length - 1]?.routeId ?? '')) {
        const { resolvePage } = await import('./-page-resolver');
        if (!(await resolvePage(location.pathname))) throw notFound();
      }
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
  component: AuthenticatedShell,
});

/**
 * The shell only while the session lasts: at logout (or the 401 rule) its pages go at once, before the
 * way to the login, so none of them asks again, without a token, for what the logout just dropped
 * from the cache (a 401 in the console, issue 28).
 */
function AuthenticatedShell() {
  const isLogged = useSessionStore((state) => state.isLogged);
  return isLogged ? <AppShellLayout /> : <PageLoader />;
}
