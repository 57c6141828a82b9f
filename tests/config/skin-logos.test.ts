/**
 * Logos must look the same on every machine: an SVG <text> is drawn with whatever fonts the visitor
 * has (on a plain Linux machine "Portale" ran into "Welfare" and the tagline was cut), so logos carry
 * their lettering as outlines. Every text stays readable to assistive technology through <title>.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SKINS = 'skins';
const logos = readdirSync(SKINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(SKINS, entry.name))
      .filter((name) => name.endsWith('.svg'))
      .map((name) => join(SKINS, entry.name, name)),
  );

describe('skin logos', () => {
  it('exist', () => {
    expect(logos.length).toBeGreaterThanOrEqual(8);
  });

  it.each(logos)('%s depends on no installed font and is named', (file) => {
    const svg = readFileSync(file, 'utf8');
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).not.toMatch(/font-family/);
    expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
    expect(svg).toMatch(/role="img"/);
  });
});
