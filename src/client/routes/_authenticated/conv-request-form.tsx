import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../api/query-client';
import { externalLinksQueryOptions } from '../../api/query-options';
import { guardRoute } from '../../app/route-guard';
import { settle } from '../-loader-data';
import { RequestFormScreen } from '../../features/partners/request-form-screen';

/** Opens the external on-demand request form, then the menu (spec 002 §2.1). */
export const Route = createFileRoute('/_authenticated/conv-request-form')({
  beforeLoad: guardRoute('conv-request-form'),
  loader: () => settle([queryClient.ensureQueryData(externalLinksQueryOptions())]),
  component: RequestFormScreen,
});
