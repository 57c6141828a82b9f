import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { loadRegistryPage } from '../-page-loader';
import { RegistryPageScreen } from '../-page-screens';

/**
 * Every page of the registry (config/pages.ts) at the path config/routes.ts declares for its route
 * (`/ts/conv-attive`, `/aml/conv-aml`, `/infos/cond-privacy`, ...): one route, one generic page drawing
 * the kind's screen. A path with no registry page is the not-found page; static routes win over this one.
 * Three-segment paths (a page with a path parameter) are `$group/$section/$param.tsx`.
 */
export const Route = createFileRoute('/_authenticated/$group/$page')({
  beforeLoad: async (context) => {
    const { matchPagePath } = await import('../../../../../config/pages');
    const match = matchPagePath(`/${context.params.group}/${context.params.page}`);
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
