/** The skin in use (customer colour map, logos, footer text). The app theme follows it. */
import { create } from 'zustand';
import { SKIN_COLOR_KEYS, type Skin, type SkinColors } from '../../../config/skins';
import defaultDefinition from '../../../skins/default/skin.json';

/**
 * Until the first skin chunk arrives the theme uses the default colours (the JSON is tiny);
 * the logos come with the skin module.
 */
export const fallbackSkin: Skin = { ...defaultDefinition, login_logo: '', navbar_logo: '' };

/** Colours of a server skin are checked: a missing or malformed one falls back to the default. */
export function safeColors(colors: Partial<SkinColors> | undefined): SkinColors {
  const result = { ...fallbackSkin.colors };
  for (const key of SKIN_COLOR_KEYS) {
    const value = colors?.[key];
    if (typeof value === 'string' && /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim())) {
      const hex = value.trim();
      result[key] = hex.startsWith('#') ? hex : `#${hex}`;
    }
  }
  return result;
}

export interface SkinState {
  skin: Skin;
  /** The customer whose skin was asked for. */
  customer: string | null;
  /** True when that customer's colour map could not be loaded (the default skin is shown). */
  loadFailed: boolean;
  setSkin: (skin: Skin, customer: string, loadFailed: boolean) => void;
}

export const useSkinStore = create<SkinState>()((set) => ({
  skin: fallbackSkin,
  customer: null,
  loadFailed: false,
  setSkin: (skin, customer, loadFailed) => set({ skin, customer, loadFailed }),
}));
