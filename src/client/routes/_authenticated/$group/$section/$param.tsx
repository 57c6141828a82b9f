import { createFileRoute } from '@tanstack/react-router';
import { GenericPage, loadFoundPage } from '../../../-found-page';
import { findPage, pathOf } from '../../../-generic-page';

/**
 * The pages at a three-segment address, the last a parameter (`/aml/forn-aml/12`,
 * `/sellers/vetrina-articolo/34`): as `$group/$page.tsx`. Static routes (`base-request/$form_name`,
 * `infos/site-documentazione`) win over this one.
 */
export const Route = createFileRoute('/_authenticated/$group/$section/$param')({
  beforeLoad: ({ params, ...context }) =>
    findPage(context, pathOf(params.group, params.section, params.param)),
  loader: ({ context }) => loadFoundPage(context.found),
  component: GenericPage,
});
