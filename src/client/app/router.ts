import {
  createRouter,
  lazyRouteComponent,
  parseSearchWith,
  stringifySearchWith,
  type RouterHistory,
} from '@tanstack/react-router';
import { PageLoader } from '../components/page-loader';
import { routeTree } from '../routeTree.gen';
import { setActiveRouter } from './router-registry';

export interface AppRouterOptions {
  history?: RouterHistory;
}

export function createAppRouter(options: AppRouterOptions = {}) {
  const router = createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // Data freshness is react-query's job (loaders call ensureQueryData): the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 300,
    // Loaded only when a route fails.
    defaultErrorComponent: lazyRouteComponent(() => import('../components/route-error'), 'RouteError'),
    // Search values stay strings (`?t=0123` must not become the number 123): validateSearch converts.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
    scrollRestoration: true,
  });
  setActiveRouter(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
