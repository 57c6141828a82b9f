import { createRootRoute, lazyRouteComponent } from '@tanstack/react-router';
import { aliasRedirect } from '../app/alias-redirect';
import { RootLayout } from '../features/shell/root-layout';

export const Route = createRootRoute({
  // An old name of a screen (config/route-aliases.ts) goes to the screen, the address replaced.
  beforeLoad: aliasRedirect,
  component: RootLayout,
  // The root route is not code-split by the plugin: the not-found page is loaded on demand.
  notFoundComponent: lazyRouteComponent(
    () => import('../features/not-found/not-found-screen'),
    'NotFoundScreen',
  ),
});
