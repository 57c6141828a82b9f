/**
 * Customer skins (spec 000 §1): the shape shared by the built-in skins in `skins/<name>/`
 * and by `GET /api/getapiuserskin/{customer}` (schemas/api/skin.json).
 */
import type { Skin as WireSkin } from '../schemas/wire-types.gen';

/** `primary` is the brand colour: buttons, links, focus ring (Mantine primary colour, shade 6). */
export type SkinColors = Readonly<WireSkin['colors']>;

/** `customer` is the slug, lower case (`userportal`, `acme`); the logos are URLs or data URLs. */
export type Skin = Readonly<Omit<WireSkin, 'colors'>> & { readonly colors: SkinColors };

/** The customer of the default skin; its `Customer` header is `Userportal`. */
export const DEFAULT_CUSTOMER = 'userportal';

/**
 * The reserved customer of the provider's operators (issue 26): their own sign-in page, `/operatore/accesso`,
 * and skin. Here, not in config/operator-console.ts (which re-exports it), because the router's guards read it
 * before every page: a module the first paint imports is bundled whole with it.
 */
export const operatorCustomer = 'operatori';

/** Customers whose built-in skin folder has another name. */
export const skinFolderOf: Readonly<Record<string, string>> = {
  userportal: 'default',
  // The provider's operators (issue 26, `operatorCustomer`) sign in with the portal's default skin.
  operatori: 'default',
};

/** A customer slug as it may appear in a URL: letters, digits, `-` and `_`. */
export const CUSTOMER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export const SKIN_COLOR_KEYS = [
  'primary',
  'navbar_background',
  'navbar_text',
  'footer_background',
  'footer_text',
  'section_header_background',
  'section_header_text',
] as const satisfies readonly (keyof SkinColors)[];
