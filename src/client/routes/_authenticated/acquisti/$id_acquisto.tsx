import { createFileRoute, notFound } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { purchaseDetailQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { settle } from '../../-loader-data';
import { PurchaseDetailScreen } from '../../../features/showcases/purchase-detail-screen';

/** dettaglio-acquisto (issue 13): a purchase's delivered code, for its owner. */
export const Route = createFileRoute('/_authenticated/acquisti/$id_acquisto')({
  beforeLoad: async (context) => {
    if (!/^[1-9]\d{0,15}$/.test(context.params.id_acquisto)) throw notFound();
    await guardRoute('dettaglio-acquisto')(context);
  },
  // A purchase that is not the user's (404) is the screen's message.
  loader: ({ params }) =>
    settle([queryClient.ensureQueryData(purchaseDetailQueryOptions(Number(params.id_acquisto)))]),
  component: PurchaseDetailPage,
});

function PurchaseDetailPage() {
  const { id_acquisto: id } = Route.useParams();
  return <PurchaseDetailScreen purchaseId={Number(id)} />;
}
