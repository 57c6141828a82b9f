import { createFileRoute } from '@tanstack/react-router';
import { operatorImportsTable } from '../../../../../config/tables/operator-imports';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { ImportsScreen } from '../../../features/operator/imports-screen';

/** operatore-importazioni: the referents' bulk imports, accepted or rejected. */
export const Route = createFileRoute('/operatore/_console/operatore-importazioni')({
  beforeLoad: guardRoute('operatore-importazioni'),
  loader: () => settle([ensureFirstTablePage(operatorImportsTable)]),
  component: ImportsScreen,
});
