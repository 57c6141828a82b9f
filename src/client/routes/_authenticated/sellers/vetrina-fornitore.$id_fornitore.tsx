import { createFileRoute } from '@tanstack/react-router';
import { vetrinaFornitore } from '../../../../../config/showcases/sellers';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { firstShowcasePageQueryOptions, showcaseHeaderQueryOptions } from '../../../engine/showcase/query';
import { settle } from '../../-loader-data';
import { VetrinaFornitoreScreen } from '../../../features/sellers/vetrina-fornitore-screen';

/** vetrina-fornitore (spec 002 §2.2): a supplier's showcase. */
export const Route = createFileRoute('/_authenticated/sellers/vetrina-fornitore/$id_fornitore')({
  beforeLoad: guardRoute('vetrina-fornitore'),
  // The grid's first page and its header (the supplier), with the screen's parameters.
  loader: ({ params }) => {
    const showcaseParams = { id_fornitore: params.id_fornitore };
    return settle([
      queryClient.ensureQueryData(firstShowcasePageQueryOptions(vetrinaFornitore, showcaseParams)),
      vetrinaFornitore.header
        ? queryClient.ensureQueryData(showcaseHeaderQueryOptions(vetrinaFornitore, showcaseParams))
        : null,
    ]);
  },
  component: function VetrinaFornitorePage() {
    const { id_fornitore } = Route.useParams();
    return <VetrinaFornitoreScreen key={id_fornitore} idFornitore={id_fornitore} />;
  },
});
