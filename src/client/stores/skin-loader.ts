/**
 * Skin loading (spec 000 §1, §2): a built-in skin (`skins/<name>/index.ts`, one lazy chunk
 * each) or, for other customers, `GET /api/getapiuserskin/{customer}`. If the customer's colour
 * map cannot be loaded, the default skin is used and `loadFailed` makes the pages show the alert.
 * Loaded skins are kept for the life of the page; a failed load is tried again on the next visit.
 */
import { DEFAULT_CUSTOMER, skinFolderOf, type Skin } from '../../../config/skins';
import { apiRequest } from '../api/client';
import { safeColors, useSkinStore } from './skin';

type SkinModule = { default: Skin };

const builtInSkins = import.meta.glob<SkinModule>('../../../skins/*/index.ts');

function builtInLoader(customer: string): (() => Promise<SkinModule>) | undefined {
  const folder = skinFolderOf[customer] ?? customer;
  return builtInSkins[`../../../skins/${folder}/index.ts`];
}

export function hasBuiltInSkin(customer: string): boolean {
  return builtInLoader(customer) !== undefined;
}

export async function fetchSkin(customer: string): Promise<Skin> {
  const load = builtInLoader(customer);
  if (load) return (await load()).default;
  const skin = await apiRequest<Skin>(`/getapiuserskin/${encodeURIComponent(customer)}`);
  if (!skin || typeof skin !== 'object' || !skin.colors) throw new Error('Skin answer without colours');
  return { ...skin, customer, colors: safeColors(skin.colors) };
}

const loaded = new Map<string, Promise<Skin>>();

/** The skin of a customer, loaded once (a failure is forgotten, so a later visit retries). */
export function loadSkin(customer: string): Promise<Skin> {
  let pending = loaded.get(customer);
  if (!pending) {
    pending = fetchSkin(customer);
    loaded.set(customer, pending);
    pending.catch(() => loaded.delete(customer));
  }
  return pending;
}

/**
 * Loads the customer's skin and makes it the current one. Never throws: on failure the
 * default skin is applied with `loadFailed` set. Returns whether the customer's own skin loaded.
 */
export async function applyCustomerSkin(customer: string): Promise<boolean> {
  try {
    const skin = await loadSkin(customer);
    useSkinStore.getState().setSkin(skin, customer, false);
    return true;
  } catch (error) {
    console.warn(`Colour map of customer "${customer}" not loaded`, error);
    const fallback = await loadSkin(DEFAULT_CUSTOMER);
    useSkinStore.getState().setSkin(fallback, customer, true);
    return false;
  }
}
