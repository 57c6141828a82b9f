import { createFileRoute } from '@tanstack/react-router';
import { loadCustomerSkin, selectCustomer } from '../app/public-routes';
import { publicRouteGuard } from '../app/route-guard';
import { optionalString, presentFlag } from '../app/search';
import { ReconnectScreen } from '../features/auth/link-login-screen';

/** `/reconnect?d=` (spec 000 §2): back-office reconnection as the user. */
export const Route = createFileRoute('/reconnect')({
  validateSearch: (search: Record<string, unknown>): { d?: string; loggingout?: 1 } => ({
    d: optionalString(search.d),
    loggingout: presentFlag(search.loggingout),
  }),
  beforeLoad: async ({ search }) => {
    await publicRouteGuard(search.loggingout === 1);
    return { customer: selectCustomer(undefined) };
  },
  loader: ({ context }) => loadCustomerSkin(context.customer),
  component: ReconnectPage,
});

function ReconnectPage() {
  const { d } = Route.useSearch();
  return <ReconnectScreen d={d} />;
}
