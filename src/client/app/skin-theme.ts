/** A skin becomes a Mantine theme override and a few CSS variables (spec 000 §1). */
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { messages } from '../../shared/catalogues/first-paint';
import type { Skin } from '../../../config/skins';
import { safeColors } from '../stores/skin';
import { generateShades } from './color-shades';

const FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif";

export function themeFromSkin(skin: Skin): MantineThemeOverride {
  const colors = safeColors(skin.colors);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: generateShades(colors.primary) },
    autoContrast: true,
    fontFamily: FONT,
    headings: { fontFamily: FONT },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      // Every modal's × has a name (WCAG 4.1.2). A plain object, not `Modal.extend`: the Modal code
      // stays in the lazy overlays chunk.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': messages.modalCloseLabel } } },
      // And every toast's × too (the table engine's row actions and uploads show closable toasts).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': messages.close } } },
    },
  });
}

/** `--welfare-*` variables: the brand colour, the navbar, the footer and the section headers. */
export function skinCssVariables(skin: Skin): CSSVariablesResolver {
  const colors = safeColors(skin.colors);
  const variables = {
    '--welfare-primary': colors.primary.toLowerCase(),
    '--welfare-navbar-bg': colors.navbar_background,
    '--welfare-navbar-text': colors.navbar_text,
    '--welfare-footer-bg': colors.footer_background,
    '--welfare-footer-text': colors.footer_text,
    '--welfare-section-header-bg': colors.section_header_background,
    '--welfare-section-header-text': colors.section_header_text,
  };
  // Mantine's dimmed text (gray 6) is below the AA contrast on white: gray 7 is used instead.
  // Mantine's dimmed grey and error red (red 6) are below AA contrast on white: darker shades (red 9:
  // red 8 is 4.28:1 on the forms' grey background, gray 0).
  return () => ({
    variables,
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
    },
    dark: {},
  });
}
