/**
 * Customer skins (spec 000 §1): the shape shared by the built-in skins in `skins/<name>/`
 * and by `GET /api/getapiuserskin/{customer}`.
 */

export interface SkinColors {
  /** Brand colour: buttons, links, focus ring (Mantine primary colour, shade 6). */
  readonly primary: string;
  readonly navbar_background: string;
  readonly navbar_text: string;
  readonly footer_background: string;
  readonly footer_text: string;
  readonly section_header_background: string;
  readonly section_header_text: string;
}

export interface Skin {
  /** Customer slug, lower case (`userportal`, `acme`). */
  readonly customer: string;
  readonly display_name: string;
  /** URL or data URL of the logo on the login card. */
  readonly login_logo: string;
  /** URL or data URL of the logo in the navbar (drawn on `navbar_background`). */
  readonly navbar_logo: string;
  readonly colors: SkinColors;
  readonly footer_text: string;
}

/** The customer of the default skin; its `Customer` header is `Userportal`. */
export const DEFAULT_CUSTOMER = 'userportal';

/** Customers whose built-in skin folder has another name. */
export const skinFolderOf: Readonly<Record<string, string>> = {
  userportal: 'default',
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
