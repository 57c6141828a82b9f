import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { notificationsTable } from '../../../../../config/tables';
import type { NotificationMode } from '../../../api/types';
import { guardRoute } from '../../../app/route-guard';
import { oneOf } from '../../../app/search';
import { InboxScreen } from '../../../features/notifications/inbox-screen';
import { tableQueryOptions } from '../../../engine/table';

const MODES: readonly NotificationMode[] = ['ricevuti', 'inviati'];

/** site-notifiche (spec 002 §2.7): `?mode=ricevuti|inviati`, anything else is `ricevuti` (002 §5). */
export const Route = createFileRoute('/_authenticated/helpdesk/site-notifiche')({
  validateSearch: (search: { mode?: unknown }): { mode: NotificationMode } => ({
    mode: oneOf(search.mode, MODES, 'ricevuti'),
  }),
  beforeLoad: guardRoute('site-notifiche'),
  loaderDeps: ({ search }) => ({ mode: search.mode }),
  loader: ({ deps }) => {
    // The first page the inbox's table asks for (same key), while the route's chunk loads.
    void queryClient.prefetchQuery(
      tableQueryOptions(notificationsTable, {
        params: { mode: deps.mode },
        search: '',
        filters: {},
        page: 1,
        pageSize: notificationsTable.paging.defaultPageSize,
        companyId: null,
      }),
    );
  },
  component: NotificationsPage,
});

function NotificationsPage() {
  const { mode } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InboxScreen mode={mode} onModeChange={(next) => void navigate({ search: { mode: next } })} />;
}
