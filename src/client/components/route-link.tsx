/**
 * Links to a route by its name in config/routes.ts. Routes that later issues add are reached
 * through their configured path (until a route file exists the router shows the not-found page).
 */
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { routes, type RouteName } from '../../../config/routes';

/** The configured path of a route without its optional/param segments filled. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  const path = routes[name].path
    .replace(/\/\{-\$(\w+)\}/g, (_whole, key: string) =>
      params[key] ? `/${encodeURIComponent(params[key])}` : '',
    )
    .replace(/\$(\w+)/g, (_whole, key: string) => encodeURIComponent(params[key] ?? ''))
    .replace(/\/\$$/, '/');
  return path === '' ? '/' : path;
}

/** `href` + `onClick` that navigate inside the single-page app (new tab still works). */
export function useRouteLinkProps(name: RouteName, params?: Record<string, string>) {
  const router = useRouter();
  const href = routePath(name, params);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    router.history.push(href);
  };
  return { href, onClick };
}
