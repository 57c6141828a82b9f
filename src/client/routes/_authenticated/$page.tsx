import { createFileRoute } from '@tanstack/react-router';
import { GenericPage, loadFoundPage } from '../-found-page';
import { findPage, pathOf } from '../-generic-page';

/** The pages at a one-segment address (`/user-profile`, `/richieste`): as `$group/$page.tsx`. */
export const Route = createFileRoute('/_authenticated/$page')({
  beforeLoad: (context) => findPage(context, pathOf(context.params.page)),
  loader: ({ context }) => loadFoundPage(context.found),
  component: GenericPage,
});
