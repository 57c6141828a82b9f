/**
 * The portal's react-query client. Only the pages that show server data import it (route
 * loaders are code-split, the shell wraps its pages in QueryClientProvider), so the login page
 * does not download react-query.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isAbortError } from './client';
import { queryKeys } from './query-options';
import { onSessionEnd } from './session-events';

/** Client errors (4xx) are answers, not glitches: they are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  // An aborted call (the logout cancels what is in flight, issue 28) is not tried again.
  if (isAbortError(error)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // Spec 000 §8: credit and notification refresh failures are only logged.
      onError: (error, query) => {
        if (!isAbortError(error)) console.warn('Query failed', query.queryKey, error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Logout (spec 000 §4): every cached answer of the user goes, the notification counters read
 * zero (the bell polls only while a session exists).
 */
export function forgetUserData(client: QueryClient = queryClient): void {
  void client.cancelQueries();
  client.removeQueries();
  // Zero, and stale at once: the next login polls the counters straight away.
  client.setQueryData(
    queryKeys.notificationCounts,
    { inviati: 0, ricevuti: 0, ricevuti_new: 0 },
    { updatedAt: 0 },
  );
}

onSessionEnd(() => forgetUserData(queryClient));
