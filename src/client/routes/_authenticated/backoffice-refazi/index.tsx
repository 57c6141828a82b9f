import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { referentCompaniesQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { HomeRefaziScreen } from '../../../features/backoffice/home-refazi-screen';

/** home-refazi: the referent home. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/')({
  beforeLoad: guardRoute('home-refazi'),
  loader: () => {
    void queryClient.prefetchQuery(referentCompaniesQueryOptions());
  },
  component: HomeRefaziScreen,
});
