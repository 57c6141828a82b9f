import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../api/query-client';
import { creditQueryOptions } from '../../api/query-options';
import { guardRoute } from '../../app/route-guard';
import { HomeScreen } from '../../features/home/home-screen';

export const Route = createFileRoute('/_authenticated/menu')({
  beforeLoad: guardRoute('menu'),
  // Not awaited: the home shows the session's credit at once and the fresh figures when they come.
  loader: () => {
    void queryClient.prefetchQuery(creditQueryOptions());
  },
  component: HomeScreen,
});
