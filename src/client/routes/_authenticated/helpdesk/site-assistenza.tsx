import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { sentTicketsQueryOptions, userInfoQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { settle } from '../../-loader-data';
import { SupportScreen } from '../../../features/support/support-screen';

/**
 * site-assistenza (spec 002 §2.7): the support request (a plain form of config/plain-forms) and, in a
 * second tab, the requests the user sent (issue 28).
 */
export const Route = createFileRoute('/_authenticated/helpdesk/site-assistenza')({
  beforeLoad: guardRoute('site-assistenza'),
  // The user the form is filled from, and the sent requests of the second tab.
  loader: () =>
    settle([
      queryClient.ensureQueryData(userInfoQueryOptions()),
      queryClient.ensureQueryData(sentTicketsQueryOptions()),
    ]),
  component: SupportScreen,
});
