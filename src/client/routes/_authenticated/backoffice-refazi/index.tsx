import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { referentCompaniesQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { useSessionStore } from '../../../stores/session';
import { HomeRefaziScreen } from '../../../features/backoffice/home-refazi-screen';

/** home-refazi: the referent home. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/')({
  beforeLoad: guardRoute('home-refazi'),
  loader: () => {
    const companyId = useSessionStore.getState().sessionInfos.act_for?.id ?? null;
    void queryClient.prefetchQuery(referentCompaniesQueryOptions(companyId));
  },
  component: HomeRefaziScreen,
});
