import { createFileRoute } from '@tanstack/react-router';
import { GenericPage, loadFoundPage } from '../../-found-page';
import { findPage, pathOf } from '../../-generic-page';

/**
 * The pages at a two-segment address (`/aml/conv-aml`, `/sellers/gestione-pin`, `/acquisti/12`): a registry
 * page (config/pages.ts) or a one-off screen (`routes/-screens`) at the path config/routes.ts declares for its
 * route, gated by that route. No page there is the not-found page; static routes win over this one.
 */
export const Route = createFileRoute('/_authenticated/$group/$page')({
  beforeLoad: (context) => findPage(context, pathOf(context.params.group, context.params.page)),
  loader: ({ context }) => loadFoundPage(context.found),
  component: GenericPage,
});
