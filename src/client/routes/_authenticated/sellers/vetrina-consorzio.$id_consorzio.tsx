import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { creditQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import {
  cutsQueryOptions,
  pinQueryOptions,
  supplierQueryOptions,
} from '../../../features/sellers/sellers-api';
import { settle } from '../../-loader-data';
import { VetrinaConsorzioScreen } from '../../../features/sellers/vetrina-consorzio-screen';

/** vetrina-consorzio (spec 002 §2.4): a consortium and its multi-use voucher. */
export const Route = createFileRoute('/_authenticated/sellers/vetrina-consorzio/$id_consorzio')({
  beforeLoad: guardRoute('vetrina-consorzio'),
  // The consortium, the amounts on offer, the credit and the PIN (the affiliates wait for their modal).
  loader: ({ params }) =>
    settle([
      queryClient.ensureQueryData(supplierQueryOptions(params.id_consorzio)),
      queryClient.ensureQueryData(cutsQueryOptions()),
      queryClient.ensureQueryData(creditQueryOptions()),
      queryClient.ensureQueryData(pinQueryOptions()),
    ]),
  component: function VetrinaConsorzioPage() {
    const { id_consorzio } = Route.useParams();
    return <VetrinaConsorzioScreen key={id_consorzio} idConsorzio={id_consorzio} />;
  },
});
