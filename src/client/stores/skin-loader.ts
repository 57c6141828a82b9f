/**
 * Skin loading (spec 000 §1, §2): a built-in skin (`skins/<name>/index.ts`, one lazy chunk
 * each) or, for other customers, `GET /api/getapiuserskin/{customer}`. If the customer's colour
 * map cannot be loaded, the default skin is used and `loadFailed` makes the pages show the alert.
 * Loaded skins are kept for the life of the page; a failed load is tried again on the next visit.
 */
import { CUSTOMER_PATTERN, DEFAULT_CUSTOMER, skinFolderOf, type Skin } from '../../../config/skins';
import { apiRequest } from '../api/client';
import { safeColors, useSkinStore } from './skin';

type SkinModule = { default: Skin };

/** Set by vite.config.ts: the version in the file names of the built skins (`assets/skin-<folder>-<v>.js`). */
declare const __SKINS_VERSION__: string;
/** Set by vite.config.ts: the folders of skins/ that are built (a skin file exists for these only). */
declare const __SKIN_FOLDERS__: readonly string[];

/**
 * In development and in tests the skins are modules of the source tree. In the build each one is an entry
 * named from its folder (no hashed chunk names in the first paint, only the folder names): the loader
 * asks for the customer's file when its folder is built, and a customer without one gets its skin from
 * the API without asking for a file that is not there (no 404 in the console, issue 28).
 */
const sourceSkins = import.meta.env.PROD ? null : import.meta.glob<SkinModule>('../../../skins/*/index.ts');

function builtInLoader(customer: string): (() => Promise<SkinModule>) | undefined {
  const folder = skinFolderOf[customer] ?? customer;
  if (sourceSkins) return sourceSkins[`../../../skins/${folder}/index.ts`];
  // CUSTOMER_PATTERN (the route's check) keeps the name to letters, digits, '-' and '_'.
  if (!CUSTOMER_PATTERN.test(folder) || !__SKIN_FOLDERS__.includes(folder)) return undefined;
  const url = `${import.meta.env.BASE_URL}assets/skin-${folder}-${__SKINS_VERSION__}.js`;
  return () => import(/* @vite-ignore */ url) as Promise<SkinModule>;
}

export async function fetchSkin(customer: string): Promise<Skin> {
  const load = builtInLoader(customer);
  if (load) {
    try {
      return (await load()).default;
    } catch (error) {
      // From source a listed skin always loads; in the build a missing file means "no built-in skin".
      if (sourceSkins) throw error;
    }
  }
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
