/**
 * Consent after login (spec 000 §4 Consent, §3 Privacy consent): once per session the shell reads
 * `GET /api/user_privacy`. A 404 or a missing service consent opens the privacy modal; a given
 * privacy without the code of conduct opens the code-of-conduct modal. The modals (their own
 * chunk) cannot be closed otherwise than by accepting, or by leaving the portal.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiError, apiRequest } from '../../api/client';
import { useSessionStore } from '../../stores/session';
import type { PrivacyConsent } from './consent-modals';

/** The stored consent, or null when the user never gave it (404). */
export async function readConsent(): Promise<PrivacyConsent | null> {
  try {
    return await apiRequest<PrivacyConsent>('/user_privacy');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
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
    })();
  }, [token, navigate]);

  return null;
}
