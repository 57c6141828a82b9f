import { createFileRoute } from '@tanstack/react-router';
import { operatorCodesTable } from '../../../../../config/tables/operator-codes';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { CodesScreen } from '../../../features/operator/codes-screen';

/** operatore-codici: the suppliers' code stocks and the CSV upload. */
export const Route = createFileRoute('/operatore/_console/operatore-codici')({
  beforeLoad: guardRoute('operatore-codici'),
  loader: () => settle([ensureFirstTablePage(operatorCodesTable)]),
  component: CodesScreen,
});
