import { createFileRoute } from '@tanstack/react-router';
import { operatorPiattapastoTable } from '../../../../../config/tables/operator-piattapasto';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { PiattapastoScreen } from '../../../features/operator/piattapasto-screen';

/** operatore-piattapasto: the Piattapasto orders and sending the confirmed ones now. */
export const Route = createFileRoute('/operatore/_console/operatore-piattapasto')({
  beforeLoad: guardRoute('operatore-piattapasto'),
  loader: () => settle([ensureFirstTablePage(operatorPiattapastoTable)]),
  component: PiattapastoScreen,
});
