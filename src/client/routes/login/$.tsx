import { createFileRoute } from '@tanstack/react-router';
import { loadCustomerSkin, selectCustomer } from '../../app/public-routes';
import { publicRouteGuard } from '../../app/route-guard';
import { optionalString, presentFlag } from '../../app/search';
import { LoginScreen } from '../../features/auth/login-screen';

/** `/login/<customer>?token=&loggingout` (spec 000 §2): `token` is a single-sign-on token. */
export const Route = createFileRoute('/login/$')({
  validateSearch: (search: Record<string, unknown>): { token?: string; loggingout?: 1 } => ({
    token: optionalString(search.token),
    loggingout: presentFlag(search.loggingout),
  }),
  beforeLoad: async ({ params, search }) => {
    await publicRouteGuard(search.loggingout === 1);
    return { customer: selectCustomer(params._splat) };
  },
  loader: ({ context }) => loadCustomerSkin(context.customer),
  component: LoginPage,
});

function LoginPage() {
  const { loggingout, token } = Route.useSearch();
  return <LoginScreen loggingOut={loggingout === 1} ssoToken={token} />;
}
