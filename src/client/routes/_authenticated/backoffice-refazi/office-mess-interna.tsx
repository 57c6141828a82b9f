import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { MessagingScreen } from '../../../features/backoffice/internal-messages/messaging-screen';

/** office-mess-interna (spec 002 §2.8): the internal messaging of the company acted for. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-mess-interna')({
  beforeLoad: guardRoute('office-mess-interna'),
  component: MessagingScreen,
});
