/**
 * Consent after login (spec 000 §4 Consent, §3 Privacy consent): once per session the shell reads
 * `GET /api/user_privacy`. A 404 or a missing service consent opens the privacy modal; a given
 * privacy without the code of conduct opens the code-of-conduct modal. The modals (their own
 * chunk) cannot be closed otherwise than by accepting, or by leaving the portal.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { queryClient } from '../../api/query-client';
import { queryKeys, userPrivacyQueryOptions } from '../../api/query-options';
import { useSessionStore } from '../../stores/session';
import type { PrivacyConsent } from './consent-modals';

/**
 * The stored consent, or null when the user never gave it (404). Read through the query cache, so the
 * home's conditions box, asking at the same time, shares the one request.
 */
export function readConsent(): Promise<PrivacyConsent | null> {
  return queryClient.fetchQuery({ ...userPrivacyQueryOptions(), staleTime: 0 });
}

export function ConsentGate() {
  const token = useSessionStore((state) => state.token);
  const navigate = useNavigate();
  const checkedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || checkedFor.current === token) return;
    checkedFor.current = token;
    void (async () => {
      let consent: PrivacyConsent | null;
      try {
        consent = await readConsent();
      } catch (error) {
        console.warn('Privacy consent not read', error);
        return;
      }
      const { askConsent, needsConsent } = await import('./consent-modals');
      if (!needsConsent(consent) || useSessionStore.getState().token !== token) return;
      const user = useSessionStore.getState().user?.user_anag;
      await askConsent(consent, {
        fullName: user ? `${user.nome} ${user.cognome}`.trim() : '',
        onExit: async () => {
          const { customer, logout } = useSessionStore.getState();
          await logout();
          await navigate({ to: '/login/$', params: { _splat: customer }, search: { loggingout: 1 } });
        },
      });
      // The home's conditions box shows the consent just given.
      void queryClient.invalidateQueries({ queryKey: queryKeys.userPrivacy });
    })();
  }, [token, navigate]);

  return null;
}
