import { createFileRoute } from '@tanstack/react-router';
import { myRequestsTable } from '../../../../../config/tables/my-requests';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { MyRequestsScreen } from '../../../features/requests/my-requests-screen';

/** mie-richieste (issue 26): the employee's requests, each with its stage and expected payment day. */
export const Route = createFileRoute('/_authenticated/richieste/')({
  beforeLoad: guardRoute('mie-richieste'),
  loader: () => settle([ensureFirstTablePage(myRequestsTable)]),
  component: MyRequestsScreen,
});
