import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { AuditScreen } from '../../../features/operator/audit-screen';

/** operatore-registro: the audit log of the operators' actions. */
export const Route = createFileRoute('/operatore/_console/operatore-registro')({
  beforeLoad: guardRoute('operatore-registro'),
  component: AuditScreen,
});
