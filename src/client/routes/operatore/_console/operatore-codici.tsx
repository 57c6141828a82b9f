import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { CodesScreen } from '../../../features/operator/codes-screen';

/** operatore-codici: the suppliers' code stocks and the CSV upload. */
export const Route = createFileRoute('/operatore/_console/operatore-codici')({
  beforeLoad: guardRoute('operatore-codici'),
  component: CodesScreen,
});
