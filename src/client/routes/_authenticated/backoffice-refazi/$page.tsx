import { createFileRoute, notFound } from '@tanstack/react-router';
import type { RouteName } from '../../../../../config/routes';
import { guardRoute } from '../../../app/route-guard';
import { loadRegistryPage } from '../-page-loader';
import { RegistryPageScreen } from '../-page-screens';
import { officePages } from './-office-pages';

/**
 * The back office's simple pages at /backoffice-refazi/<route name>: a table page of the registry
 * (config/pages.ts) or a one-off screen of `-office-pages.tsx`. A name that is neither is the not-found
 * page; otherwise the page's own access rule applies.
 */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/$page')({
  beforeLoad: async (context) => {
    const [{ findPageByPath }, { officePages: screens }] = await Promise.all([
      import('../../../../../config/pages'),
      import('./-office-pages'),
    ]);
    const page = findPageByPath(`/backoffice-refazi/${context.params.page}`) ?? null;
    const name = page ? page.route : (context.params.page as RouteName);
    if (!page && !Object.hasOwn(screens, name)) throw notFound();
    await guardRoute(name)(context);
    return { page };
  },
  loader: ({ context }) => (context.page ? loadRegistryPage(context.page) : undefined),
  component: OfficePage,
});

function OfficePage() {
  const { page: name } = Route.useParams();
  const { page } = Route.useRouteContext();
  if (page) return <RegistryPageScreen page={page} />;
  const Screen = officePages[name as RouteName];
  return Screen ? <Screen /> : null;
}
