import { createFileRoute } from '@tanstack/react-router';
import { operatorQueueTable } from '../../../../../config/tables/operator-queue';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { QueueScreen } from '../../../features/operator/queue-screen';

/** home-operatore: the review queue. */
export const Route = createFileRoute('/operatore/_console/')({
  beforeLoad: guardRoute('home-operatore'),
  loader: () => settle([ensureFirstTablePage(operatorQueueTable)]),
  component: QueueScreen,
});
