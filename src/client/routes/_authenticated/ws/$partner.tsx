import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { findPartnerPage } from '../../../engine/partner/find-partner';
import { PartnerScreen } from '../../../engine/partner/partner-screen';

/**
 * Partner login pages of /ws (config/partners.ts): one generic page renders every declaration of the
 * group; a name that is not one of its partners is the not-found page.
 */
export const Route = createFileRoute('/_authenticated/ws/$partner')({
  beforeLoad: async (context) => {
    const partner = await findPartnerPage('ws', context.params.partner);
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
