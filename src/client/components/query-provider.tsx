/**
 * react-query for a subtree. The authenticated shell wraps all its pages in it; a public page
 * that reads server data wraps itself. The login page does not, so it does not download
 * react-query (performance budget of the login route).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../api/query-client';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
