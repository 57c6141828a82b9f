import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { SupportScreen } from '../../../features/support/support-screen';

/**
 * site-assistenza (spec 002 §2.7): the support request (a plain form of config/plain-forms) and, in a
 * second tab, the requests the user sent (issue 28).
 */
export const Route = createFileRoute('/_authenticated/helpdesk/site-assistenza')({
  beforeLoad: guardRoute('site-assistenza'),
  component: SupportScreen,
});
