import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../../app/route-guard';
import { loadRegistryPage } from '../../-page-loader';
import { RegistryPageScreen } from '../../-page-screens';

/**
 * Every page of the registry (config/pages.ts) whose path has a parameter as its third segment
 * (`/aml/forn-aml/$id_fornitore`, `/eurete/sez-eurete/$slug_name`): the page is found by its path pattern
 * (`matchPagePath`), gated by its route, its first data loaded with the parameters, and the kind's screen
 * drawn with them. A path with no registry page is the not-found page; static routes (`sellers/vetrina-*`,
 * `base-request/$form_name`, `infos/site-documentazione`) win over this one.
 */
export const Route = createFileRoute('/_authenticated/$group/$section/$param')({
  beforeLoad: async (context) => {
    const { matchPagePath } = await import('../../../../../../config/pages');
    const { group, section, param } = context.params;
    const match = matchPagePath(`/${group}/${section}/${encodeURIComponent(param)}`);
    if (!match) throw notFound();
    await guardRoute(match.page.route)(context);
    return { page: match.page, pageParams: match.params };
  },
  loader: ({ context }) => loadRegistryPage(context.page, context.pageParams),
  component: RegistryPage,
});

function RegistryPage() {
  const { page, pageParams } = Route.useRouteContext();
  return <RegistryPageScreen page={page} params={pageParams} />;
}
