/**
 * The 401 rule (spec 000 §4, 002 §4.3): a 401 answer while logged in logs the user out,
 * goes to the login of the same customer and shows 'Sessione scaduta effettuare nuovamente
 * il login.' (an alert on the login page, see stores/notice.ts).
 */
import { operatorCustomer } from '../../../config/skins';
import { configureApiClient } from '../api/client';
import { useNoticeStore } from '../stores/notice';
import { useSessionStore } from '../stores/session';
import type { AppRouter } from './router';

export function handleSessionExpired(router: AppRouter): void {
  const session = useSessionStore.getState();
  const customer = session.customer;
  session.clearSession();
  useNoticeStore.getState().setLoginNotice('sessionExpired');
  if (customer === operatorCustomer) void router.navigate({ to: '/operatore/accesso', replace: true });
  else void router.navigate({ to: '/login/$', params: { _splat: customer }, replace: true });
}

/** Connects the API client to the router: the 401 rule. */
export function connectApiClient(router: AppRouter): void {
  configureApiClient({
    onUnauthorized: () => handleSessionExpired(router),
  });
}
