import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { VetrinaFornitoreScreen } from '../../../features/sellers/vetrina-fornitore-screen';

/** vetrina-fornitore (spec 002 §2.2): a supplier's showcase. */
export const Route = createFileRoute('/_authenticated/sellers/vetrina-fornitore/$id_fornitore')({
  beforeLoad: guardRoute('vetrina-fornitore'),
  component: function VetrinaFornitorePage() {
    const { id_fornitore } = Route.useParams();
    return <VetrinaFornitoreScreen key={id_fornitore} idFornitore={id_fornitore} />;
  },
});
