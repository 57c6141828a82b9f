import { createFileRoute, notFound } from '@tanstack/react-router';
import type { RouteName } from '../../../../../config/routes';
import { guardRoute } from '../../../app/route-guard';
import { officePages } from './-office-pages';

/**
 * The back office's simple pages (`-office-pages.tsx`) at /backoffice-refazi/<route name>: a name
 * that is not one of them is the not-found page; otherwise the page's own access rule applies.
 */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/$page')({
  beforeLoad: async (context) => {
    const { officePages: pages } = await import('./-office-pages');
    const name = context.params.page as RouteName;
    if (!Object.hasOwn(pages, name)) throw notFound();
    await guardRoute(name)(context);
  },
  component: OfficePage,
});

function OfficePage() {
  const { page } = Route.useParams();
  const Page = officePages[page as RouteName];
  return Page ? <Page /> : null;
}
