import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { VetrinaConsorzioScreen } from '../../../features/sellers/vetrina-consorzio-screen';

/** vetrina-consorzio (spec 002 §2.4): a consortium and its multi-use voucher. */
export const Route = createFileRoute('/_authenticated/sellers/vetrina-consorzio/$id_consorzio')({
  beforeLoad: guardRoute('vetrina-consorzio'),
  component: function VetrinaConsorzioPage() {
    const { id_consorzio } = Route.useParams();
    return <VetrinaConsorzioScreen key={id_consorzio} idConsorzio={id_consorzio} />;
  },
});
