import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { VetrinaArticoloScreen } from '../../../features/sellers/vetrina-articolo-screen';

/** vetrina-articolo (spec 002 §2.3): an article, in its template. */
export const Route = createFileRoute('/_authenticated/sellers/vetrina-articolo/$id_articolo')({
  beforeLoad: guardRoute('vetrina-articolo'),
  component: function VetrinaArticoloPage() {
    const { id_articolo } = Route.useParams();
    return <VetrinaArticoloScreen key={id_articolo} idArticolo={id_articolo} />;
  },
});
