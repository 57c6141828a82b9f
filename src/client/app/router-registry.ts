/**
 * The router in use, for code that runs inside it without a React context (route guards).
 * Kept apart from router.ts so that route files do not import the route tree's own module.
 */
import type { AnyRouter } from '@tanstack/react-router';

let activeRouter: AnyRouter | null = null;

export function setActiveRouter(router: AnyRouter): void {
  activeRouter = router;
}

export function getActiveRouter(): AnyRouter | null {
  return activeRouter;
}
