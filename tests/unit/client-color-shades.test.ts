import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, generateShades, parseHex } from '../../src/client/app/color-shades';
import { safeColors } from '../../src/client/stores/skin';
import fallback from '../../skins/default/skin.json';
import type { Skin } from '../../config/skins';

/** Every built-in skin (a folder of skins/ with its index.ts). */
const builtIn: Skin[] = readdirSync('skins', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join('skins', entry.name, 'index.ts')))
  .map((entry) => JSON.parse(readFileSync(join('skins', entry.name, 'skin.json'), 'utf8')) as Skin);

describe('skin colour palette', () => {
  it('makes 10 shades with the brand colour itself as shade 6, light to dark', () => {
    const shades = generateShades('#c62828');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#c62828');
    const lightness = shades.map((hex) => parseHex(hex).reduce((a, b) => a + b, 0));
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]!).toBeLessThan(lightness[i - 1]!);
    expect(shades[0]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('accepts short hex colours', () => {
    expect(generateShades('#fff')[6]).toBe('#ffffff');
  });

  it('keeps the text of every built-in skin readable (WCAG AA)', () => {
    // The default, acme, globex and the demo customers: about forty.
    expect(builtIn.length).toBeGreaterThanOrEqual(40);
    for (const skin of builtIn) {
      const c = skin.colors;
      expect(contrastRatio(c.primary, '#ffffff'), `${skin.customer} primary`).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(c.navbar_text, c.navbar_background),
        `${skin.customer} navbar`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(c.footer_text, c.footer_background),
        `${skin.customer} footer`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(c.section_header_text, c.section_header_background),
        `${skin.customer} header`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('replaces malformed server colours with the default ones', () => {
    const colors = safeColors({ primary: 'red', navbar_background: '#123456', footer_text: 'abc' });
    expect(colors.primary).toBe(fallback.colors.primary);
    expect(colors.navbar_background).toBe('#123456');
    expect(colors.footer_text).toBe('#abc');
  });
});
