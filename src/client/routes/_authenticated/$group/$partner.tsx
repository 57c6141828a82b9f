import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { findPartnerPage } from '../../../engine/partner/find-partner';
import { PartnerScreen } from '../../../engine/partner/partner-screen';

/**
 * Every partner login page (config/partners.ts) at the path config/routes.ts declares for it
 * (`/ts/conv-attive`, `/bitq/conv-bitq-parchi`, ...): one route, one generic page. A path that is not a
 * declared partner's (a wrong group or name) is the not-found page; static routes win over this one.
 */
export const Route = createFileRoute('/_authenticated/$group/$partner')({
  beforeLoad: async (context) => {
    const partner = await findPartnerPage(context.params.group, context.params.partner);
    if (!partner) throw notFound();
    await guardRoute(partner.route_name)(context);
    return { partner };
  },
  component: PartnerPage,
});

function PartnerPage() {
  const { partner } = Route.useRouteContext();
  return <PartnerScreen key={partner.route_name} partner={partner} />;
}
