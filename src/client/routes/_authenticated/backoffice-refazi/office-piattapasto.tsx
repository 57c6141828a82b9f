import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { PiattapastoScreen } from '../../../features/backoffice/piattapasto/piattapasto-screen';

/** office-piattapasto (spec 002 §2.8): Piattapasto, the meal-voucher orders of the company acted for. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-piattapasto')({
  beforeLoad: guardRoute('office-piattapasto'),
  component: PiattapastoScreen,
});
