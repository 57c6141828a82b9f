/**
 * A one-shot notice for the login page, e.g. the session-expired alert of the 401 rule
 * (spec 000 §4): set before navigating to login, shown there as an alert, cleared on leave.
 */
import { create } from 'zustand';
import type { MessageKey } from '../../shared/catalogues/first-paint';

export interface NoticeState {
  loginNotice: MessageKey | null;
  setLoginNotice: (notice: MessageKey | null) => void;
}

export const useNoticeStore = create<NoticeState>()((set) => ({
  loginNotice: null,
  setLoginNotice: (loginNotice) => set({ loginNotice }),
}));
