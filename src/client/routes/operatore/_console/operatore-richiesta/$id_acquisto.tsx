import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../../app/route-guard';
import { RequestReviewScreen } from '../../../../features/operator/request-screen';

/**
 * operatore-richiesta: one request with what is needed to decide, and the decisions. No loader:
 * reading the request puts it in review, which a preload (hovering a link) must not do.
 */
export const Route = createFileRoute('/operatore/_console/operatore-richiesta/$id_acquisto')({
  beforeLoad: async (context) => {
    if (!/^[1-9]\d{0,15}$/.test(context.params.id_acquisto)) throw notFound();
    await guardRoute('operatore-richiesta')(context);
  },
  component: RequestPage,
});

function RequestPage() {
  const { id_acquisto: id } = Route.useParams();
  return <RequestReviewScreen key={id} id={Number(id)} />;
}
