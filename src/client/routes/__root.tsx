import { createRootRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { aliasTarget } from '../app/route-aliases';
import { RootLayout } from '../features/shell/root-layout';

export const Route = createRootRoute({
  // An old name of a screen (config/routes.ts `routeAliases`) goes to the screen, the address replaced.
  beforeLoad: ({ location }) => {
    const target = aliasTarget(location.pathname);
    if (target !== null) throw redirect({ href: `${target}${location.searchStr}`, replace: true });
  },
  component: RootLayout,
  // The root route is not code-split by the plugin: the not-found page is loaded on demand.
  notFoundComponent: lazyRouteComponent(
    () => import('../features/not-found/not-found-screen'),
    'NotFoundScreen',
  ),
});
