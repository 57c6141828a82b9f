import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { SuppliersScreen } from '../../../features/operator/suppliers-screen';

/** operatore-fornitori: the conventions suppliers and their API keys. */
export const Route = createFileRoute('/operatore/_console/operatore-fornitori')({
  beforeLoad: guardRoute('operatore-fornitori'),
  component: SuppliersScreen,
});
