import { createRootRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RootLayout } from '../features/shell/root-layout';

export const Route = createRootRoute({
  component: RootLayout,
  // The root route is not code-split by the plugin: the not-found page is loaded on demand.
  notFoundComponent: lazyRouteComponent(
    () => import('../features/not-found/not-found-screen'),
    'NotFoundScreen',
  ),
});
