import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { MyRequestsScreen } from '../../../features/requests/my-requests-screen';

/** mie-richieste (issue 26): the employee's requests, each with its stage and expected payment day. */
export const Route = createFileRoute('/_authenticated/richieste/')({
  beforeLoad: guardRoute('mie-richieste'),
  component: MyRequestsScreen,
});
