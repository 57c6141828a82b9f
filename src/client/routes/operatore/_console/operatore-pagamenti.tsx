import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { PayoutsScreen } from '../../../features/operator/payouts-screen';

/** operatore-pagamenti: what is to be paid, a new batch, the batches. */
export const Route = createFileRoute('/operatore/_console/operatore-pagamenti')({
  beforeLoad: guardRoute('operatore-pagamenti'),
  component: PayoutsScreen,
});
