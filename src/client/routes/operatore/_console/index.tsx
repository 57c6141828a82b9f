import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { QueueScreen } from '../../../features/operator/queue-screen';

/** home-operatore: the review queue. */
export const Route = createFileRoute('/operatore/_console/')({
  beforeLoad: guardRoute('home-operatore'),
  component: QueueScreen,
});
