import { createFileRoute, notFound } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { requestQueryOptions } from '../../../features/requests/request-api';
import { RequestScreen } from '../../../features/requests/request-screen';

/** dettaglio-richiesta (issue 26): one of the employee's requests and its timeline. */
export const Route = createFileRoute('/_authenticated/richieste/$id_acquisto')({
  beforeLoad: async (context) => {
    if (!/^[1-9]\d{0,15}$/.test(context.params.id_acquisto)) throw notFound();
    await guardRoute('dettaglio-richiesta')(context);
  },
  // Started here, awaited by the screen (its failure is the screen's error state).
  loader: ({ params }) => void queryClient.prefetchQuery(requestQueryOptions(Number(params.id_acquisto))),
  component: RequestPage,
});

function RequestPage() {
  const { id_acquisto: id } = Route.useParams();
  return <RequestScreen key={id} requestId={Number(id)} />;
}
