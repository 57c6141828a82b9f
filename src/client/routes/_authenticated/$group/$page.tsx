import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { loadRegistryPage } from '../-page-loader';
import { RegistryPageScreen } from '../-page-screens';

/**
 * Every page of the registry (config/pages.ts) at the path config/routes.ts declares for its route
 * (`/ts/conv-attive`, `/aml/conv-aml`, `/infos/cond-privacy`, ...): one route, one generic page drawing
 * the kind's screen. A path with no registry page is the not-found page; static routes win over this one.
 */
export const Route = createFileRoute('/_authenticated/$group/$page')({
  beforeLoad: async (context) => {
    const { findPageByPath } = await import('../../../../../config/pages');
    const page = findPageByPath(`/${context.params.group}/${context.params.page}`);
    if (!page) throw notFound();
    await guardRoute(page.route)(context);
    return { page };
  },
  loader: ({ context }) => loadRegistryPage(context.page),
  component: RegistryPage,
});

function RegistryPage() {
  const { page } = Route.useRouteContext();
  return <RegistryPageScreen page={page} />;
}
