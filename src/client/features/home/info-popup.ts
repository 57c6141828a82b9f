/**
 * The info popup of the home (spec 000 §2): `GET /api/info_popup` gives HTML written by operators; when
 * there is some, a modal shows it (sanitized) with an Ok button and no other way to close it (no close
 * button, no Esc, no backdrop). Once per session: `info_popup_shown` in sessionStorage, forgotten at
 * logout. The server flags the customers that have a popup (`session_infos.show_user_info_popup`), so
 * the others neither call nor download the modal (info-popup-modal.tsx, with DOMPurify). The home's
 * loader starts loading it with the menu's data, and it never opens once the user has started a click
 * or a key on the home (issue 28): it then comes at the next visit of the home.
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

/** The popup's content and its modal's code, loaded together (keyed by the session's token). */
let preload: { token: string | null; promise: Promise<string | null> } | null = null;

/**
 * Starts loading what the popup needs — its content, the modal's chunk (DOMPurify) and the overlay
 * host — when the session says the customer has one. The home's route calls it in its loader, so the
 * popup is ready when the menu is drawn instead of a second or more later (issue 28).
 */
export function preloadInfoPopup(): void {
  const state = useSessionStore.getState();
  if (!state.isLogged || !state.sessionInfos.show_user_info_popup || wasShown()) return;
  if (preload?.token === state.token) return;
  const entry = { token: state.token } as { token: string | null; promise: Promise<string | null> };
  entry.promise = (async (): Promise<string | null> => {
    try {
      const [answer] = await Promise.all([
        apiRequest<InfoPopupAnswer>('/info_popup'),
        import('./info-popup-modal'),
        withOverlays(),
      ]);
      return answer.popup_content ?? '';
    } catch (error) {
      console.warn('Info popup not loaded', error);
      // Asked again at the next visit of the home.
      if (preload === entry) preload = null;
      return null;
    }
  })();
  preload = entry;
}

onSessionEnd(() => {
  preload = null;
});

/**
 * Shows the popup unless it was shown in this session; `mayOpen` is asked right before opening: a
 * popup never comes up over a click or a key the user has already started (it waits for the next
 * visit of the home, when it is ready at once).
 */
export async function showInfoPopupOnce(mayOpen: () => boolean = () => true): Promise<void> {
  if (wasShown()) return;
  preloadInfoPopup();
  const loading = preload;
  if (!loading) return;
  const content = await loading.promise;
  if (content === null || content.trim() === '') {
    // Nothing to show now: the next visit of the home asks again.
    if (preload === loading) preload = null;
    return;
  }
  if (wasShown() || useSessionStore.getState().token !== loading.token || !mayOpen()) return;
  const { openInfoPopup } = await import('./info-popup-modal');
  if (wasShown() || useSessionStore.getState().token !== loading.token || !mayOpen()) return;
  if (await openInfoPopup(content)) {
    markShown();
    if (preload === loading) preload = null;
  }
}

/** Events that start what the user does: after one of them the popup waits for the next visit. */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** The home shows the popup when the session says the customer has one, before the user acts. */
export function useInfoPopup(): void {
  const wanted = useSessionStore((state) => state.isLogged && state.sessionInfos.show_user_info_popup);
  useEffect(() => {
    if (!wanted) return;
    let interacted = false;
    let active = true;
    const mark = () => {
      interacted = true;
    };
    for (const type of INTERACTIONS) window.addEventListener(type, mark, { capture: true, passive: true });
    void showInfoPopupOnce(() => active && !interacted);
    return () => {
      active = false;
      for (const type of INTERACTIONS) window.removeEventListener(type, mark, { capture: true });
    };
  }, [wanted]);
}
