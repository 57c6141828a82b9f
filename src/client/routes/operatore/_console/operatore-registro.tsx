import { createFileRoute } from '@tanstack/react-router';
import { operatorAuditTable } from '../../../../../config/tables/operator-audit';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { AuditScreen } from '../../../features/operator/audit-screen';

/** operatore-registro: the audit log of the operators' actions. */
export const Route = createFileRoute('/operatore/_console/operatore-registro')({
  beforeLoad: guardRoute('operatore-registro'),
  loader: () => settle([ensureFirstTablePage(operatorAuditTable)]),
  component: AuditScreen,
});
