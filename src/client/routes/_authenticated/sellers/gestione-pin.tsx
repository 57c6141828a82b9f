import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { GestionePinScreen } from '../../../features/sellers/gestione-pin-screen';

/** gestione-pin (spec 002 §2.6): the identifying PIN. */
export const Route = createFileRoute('/_authenticated/sellers/gestione-pin')({
  beforeLoad: guardRoute('gestione-pin'),
  component: GestionePinScreen,
});
