/**
 * After a purchase (001 §4 "then menu"): the credit shown in the navbar and the session's user are
 * read again, then the menu opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { queryKeys, userInfoQueryOptions } from '../../api/query-options';
import { useSessionStore } from '../../stores/session';

export function usePurchaseCompleted(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.credit });
    void queryClient
      .fetchQuery({ ...userInfoQueryOptions(), staleTime: 0 })
      .then((fresh) => {
        const session = useSessionStore.getState();
        if (session.isLogged) session.setUser(fresh);
      })
      .catch((error: unknown) => console.warn('User info not refreshed after the purchase', error));
    void navigate({ to: '/menu' });
  }, [queryClient, navigate]);
}
