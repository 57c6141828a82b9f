import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ImportsScreen } from '../../../features/operator/imports-screen';

/** operatore-importazioni: the referents' bulk imports, accepted or rejected. */
export const Route = createFileRoute('/operatore/_console/operatore-importazioni')({
  beforeLoad: guardRoute('operatore-importazioni'),
  component: ImportsScreen,
});
