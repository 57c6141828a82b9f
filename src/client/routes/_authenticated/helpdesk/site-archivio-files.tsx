import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { userFilesQueryOptions } from '../../../api/query-options';
import { FilesScreen } from '../../../features/files/files-screen';
import { settle } from '../../-loader-data';

/** site-archivio-files, "I Miei Files" (spec 002 §2.7). */
export const Route = createFileRoute('/_authenticated/helpdesk/site-archivio-files')({
  beforeLoad: guardRoute('site-archivio-files'),
  // The unfiltered list (the screen's first query, which also gives the filters' choices).
  loader: () => settle([queryClient.ensureQueryData(userFilesQueryOptions({}))]),
  component: FilesScreen,
});
