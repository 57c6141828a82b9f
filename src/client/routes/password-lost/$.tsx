import { createFileRoute } from '@tanstack/react-router';
import { loadCustomerSkin, selectCustomer, splitCustomerAndToken } from '../../app/public-routes';
import { publicRouteGuard } from '../../app/route-guard';
import { presentFlag } from '../../app/search';
import { PasswordScreen } from '../../features/auth/password-screen';

/** `/password-lost/<customer>/<token_hash>` (spec 000 §2): the password form in mode lost. */
export const Route = createFileRoute('/password-lost/$')({
  validateSearch: (search: Record<string, unknown>): { loggingout?: 1 } => ({
    loggingout: presentFlag(search.loggingout),
  }),
  beforeLoad: async ({ params, search }) => {
    await publicRouteGuard(search.loggingout === 1);
    const { customer, tokenHash } = splitCustomerAndToken(params._splat);
    return { customer: selectCustomer(customer), tokenHash };
  },
  loader: ({ context }) => loadCustomerSkin(context.customer),
  component: PasswordPage,
});

function PasswordPage() {
  const { tokenHash } = Route.useRouteContext();
  return <PasswordScreen mode="lost" tokenHash={tokenHash} />;
}
