import { createFileRoute } from '@tanstack/react-router';
import { operatorCustomer } from '../../../../config/skins';
import { queryClient } from '../../api/query-client';
import { loadCustomerSkin } from '../../app/public-routes';
import { guardRoute, redirectTo } from '../../app/route-guard';
import { operatorProfileQueryOptions } from '../../features/operator/operator-api';
import { OperatorLayout } from '../../features/operator/operator-layout';
import { useSessionStore } from '../../stores/session';
import { settle } from '../-loader-data';

/**
 * The operator console's layout (issue 26), outside the employee shell: without a session the
 * operators' sign-in; a session restored without its user loads it again; then the console's own
 * rule (profile `operatore`; anyone else goes to the menu). Each page guards itself too.
 */
export const Route = createFileRoute('/operatore/_console')({
  beforeLoad: async (context) => {
    const session = useSessionStore.getState();
    if (!session.isLogged || !session.token) throw redirectTo('login', operatorCustomer);
    if (!session.user) {
      try {
        await session.restoreSession();
      } catch (error) {
        console.warn('User info not loaded: logging out', error);
        const current = useSessionStore.getState();
        if (current.isLogged) current.clearSession();
        throw redirectTo('login', operatorCustomer);
      }
    }
    await guardRoute('home-operatore')(context);
  },
  // The skin, and who is signed in (the layout's header and the filters' choices).
  loader: () =>
    Promise.all([
      loadCustomerSkin(operatorCustomer),
      settle([queryClient.ensureQueryData(operatorProfileQueryOptions())]),
    ]),
  component: OperatorLayout,
});
