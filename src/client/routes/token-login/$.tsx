import { createFileRoute } from '@tanstack/react-router';
import { loadCustomerSkin, selectCustomer } from '../../app/public-routes';
import { publicRouteGuard } from '../../app/route-guard';
import { optionalString, presentFlag } from '../../app/search';
import { TokenLoginScreen } from '../../features/auth/link-login-screen';

/** `/token-login/<customer>?t=` (spec 000 §2). */
export const Route = createFileRoute('/token-login/$')({
  validateSearch: (search: Record<string, unknown>): { t?: string; loggingout?: 1 } => ({
    t: optionalString(search.t),
    loggingout: presentFlag(search.loggingout),
  }),
  beforeLoad: async ({ params, search }) => {
    await publicRouteGuard(search.loggingout === 1);
    return { customer: selectCustomer(params._splat) };
  },
  loader: ({ context }) => loadCustomerSkin(context.customer),
  component: TokenLoginPage,
});

function TokenLoginPage() {
  const { t } = Route.useSearch();
  return <TokenLoginScreen token={t} />;
}
