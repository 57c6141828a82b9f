import { createFileRoute } from '@tanstack/react-router';
import { GenericPage, loadFoundPage } from '../../-found-page';
import { findPage, pathOf } from '../../-generic-page';

/**
 * The back office's simple pages at /backoffice-refazi/<route name>: a table page of the registry
 * (config/pages.ts) or a one-off screen (`routes/-screens/office.tsx`), inside the back office's layout.
 * Pages with search parameters (office-transactionsdash) or the home keep their own route file.
 */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/$page')({
  beforeLoad: (context) => findPage(context, pathOf('backoffice-refazi', context.params.page)),
  loader: ({ context }) => loadFoundPage(context.found),
  component: GenericPage,
});
