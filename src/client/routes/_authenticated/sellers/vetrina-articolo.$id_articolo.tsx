import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { creditQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { articleQueryOptions, supplierQueryOptions } from '../../../features/sellers/sellers-api';
import { settle } from '../../-loader-data';
import { VetrinaArticoloScreen } from '../../../features/sellers/vetrina-articolo-screen';

/** vetrina-articolo (spec 002 §2.3): an article, in its template. */
export const Route = createFileRoute('/_authenticated/sellers/vetrina-articolo/$id_articolo')({
  beforeLoad: guardRoute('vetrina-articolo'),
  // The article, then its supplier (the screen asks for it once the article is known), and the credit.
  loader: ({ params }) =>
    settle([
      queryClient
        .ensureQueryData(articleQueryOptions(params.id_articolo))
        .then((article) =>
          queryClient.ensureQueryData(supplierQueryOptions(String(article.id_fornitore ?? ''))),
        ),
      queryClient.ensureQueryData(creditQueryOptions()),
    ]),
  component: function VetrinaArticoloPage() {
    const { id_articolo } = Route.useParams();
    return <VetrinaArticoloScreen key={id_articolo} idArticolo={id_articolo} />;
  },
});
