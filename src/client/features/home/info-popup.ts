/**
 * The info popup of the home (spec 000 §2): `GET /api/info_popup` gives HTML written by operators; when
 * there is some, a modal shows it (sanitized) with an Ok button and no other way to close it (no close
 * button, no Esc, no backdrop). Once per session: `info_popup_shown` in sessionStorage, forgotten at
 * logout. The server flags the customers that have a popup (`session_infos.show_user_info_popup`), so
 * the others neither call nor download the modal (info-popup-modal.tsx, with DOMPurify).
 */
import { useEffect } from 'react';
import { apiRequest } from '../../api/client';
import { onSessionEnd } from '../../api/session-events';
import type { InfoPopupAnswer } from '../../api/types';
import { withOverlays } from '../../components/overlay-host';
import { useSessionStore } from '../../stores/session';

export const INFO_POPUP_SHOWN_KEY = 'info_popup_shown';
const MODAL_ID = 'info-popup';

function wasShown(): boolean {
  try {
    return window.sessionStorage.getItem(INFO_POPUP_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    window.sessionStorage.setItem(INFO_POPUP_SHOWN_KEY, '1');
  } catch {
    // storage unavailable: the popup may show again after a reload
  }
}

onSessionEnd(() => {
  try {
    window.sessionStorage.removeItem(INFO_POPUP_SHOWN_KEY);
  } catch {
    // nothing to forget
  }
  void withOverlays().then(({ modals }) => modals.close(MODAL_ID));
});

let pending: Promise<void> | null = null;

/** Loads and shows the popup unless it was shown in this session (one request at a time). */
export function showInfoPopupOnce(): Promise<void> {
  if (wasShown()) return Promise.resolve();
  pending ??= (async () => {
    const token = useSessionStore.getState().token;
    let content: string;
    try {
      content = (await apiRequest<InfoPopupAnswer>('/info_popup')).popup_content ?? '';
    } catch (error) {
      console.warn('Info popup not loaded', error);
      return;
    }
    if (content.trim() === '' || wasShown() || useSessionStore.getState().token !== token) return;
    const { openInfoPopup } = await import('./info-popup-modal');
    if (wasShown() || useSessionStore.getState().token !== token) return;
    if (await openInfoPopup(content)) markShown();
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** The home shows the popup when the session says the customer has one. */
export function useInfoPopup(): void {
  const wanted = useSessionStore((state) => state.isLogged && state.sessionInfos.show_user_info_popup);
  useEffect(() => {
    if (wanted) void showInfoPopupOnce();
  }, [wanted]);
}
