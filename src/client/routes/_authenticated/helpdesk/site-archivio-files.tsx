import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { FilesScreen, userFilesQueryOptions } from '../../../features/files/files-screen';

/** site-archivio-files, "I Miei Files" (spec 002 §2.7). */
export const Route = createFileRoute('/_authenticated/helpdesk/site-archivio-files')({
  beforeLoad: guardRoute('site-archivio-files'),
  loader: () => void queryClient.prefetchQuery(userFilesQueryOptions({})),
  component: FilesScreen,
});
