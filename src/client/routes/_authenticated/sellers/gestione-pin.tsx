import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { pinQueryOptions } from '../../../features/sellers/sellers-api';
import { settle } from '../../-loader-data';
import { GestionePinScreen } from '../../../features/sellers/gestione-pin-screen';

/** gestione-pin (spec 002 §2.6): the identifying PIN. */
export const Route = createFileRoute('/_authenticated/sellers/gestione-pin')({
  beforeLoad: guardRoute('gestione-pin'),
  loader: () => settle([queryClient.ensureQueryData(pinQueryOptions())]),
  component: GestionePinScreen,
});
