import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { PiattapastoScreen } from '../../../features/operator/piattapasto-screen';

/** operatore-piattapasto: the Piattapasto orders and sending the confirmed ones now. */
export const Route = createFileRoute('/operatore/_console/operatore-piattapasto')({
  beforeLoad: guardRoute('operatore-piattapasto'),
  component: PiattapastoScreen,
});
