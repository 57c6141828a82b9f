import { createFileRoute } from '@tanstack/react-router';
import { operatorCustomer } from '../../../../config/skins';
import { loadCustomerSkin, selectCustomer } from '../../app/public-routes';
import { publicRouteGuard } from '../../app/route-guard';
import { presentFlag } from '../../app/search';
import { LoginScreen } from '../../features/auth/login-screen';

/**
 * `/operatore/accesso?loggingout` (login-operatore, issue 26): the operators' sign-in, the portal's
 * own sign-in for the reserved customer `operatori` (its skin too); afterwards the operator console.
 */
export const Route = createFileRoute('/operatore/accesso')({
  validateSearch: (search: Record<string, unknown>): { loggingout?: 1 } => ({
    loggingout: presentFlag(search.loggingout),
  }),
  beforeLoad: async ({ search }) => {
    await publicRouteGuard(search.loggingout === 1);
    return { customer: selectCustomer(operatorCustomer) };
  },
  loader: ({ context }) => loadCustomerSkin(context.customer),
  component: OperatorLoginPage,
});

function OperatorLoginPage() {
  const { loggingout } = Route.useSearch();
  return <LoginScreen loggingOut={loggingout === 1} />;
}
