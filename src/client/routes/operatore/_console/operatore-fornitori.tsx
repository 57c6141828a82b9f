import { createFileRoute } from '@tanstack/react-router';
import { operatorSuppliersTable } from '../../../../../config/tables/operator-suppliers';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { SuppliersScreen } from '../../../features/operator/suppliers-screen';

/** operatore-fornitori: the conventions suppliers and their API keys. */
export const Route = createFileRoute('/operatore/_console/operatore-fornitori')({
  beforeLoad: guardRoute('operatore-fornitori'),
  loader: () => settle([ensureFirstTablePage(operatorSuppliersTable)]),
  component: SuppliersScreen,
});
