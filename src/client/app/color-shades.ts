/**
 * A 10-shade Mantine palette from one brand hex. Mantine 9 core has no generator
 * (`generateColors` lives in @mantine/colors-generator with chroma-js), so this mixes the colour
 * with white (shades 0-5) and black (7-9) in linear RGB; shade 6, the primary shade, is the
 * brand colour itself.
 */
import type { MantineColorsTuple } from '@mantine/core';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value.trim());
}

type Rgb = [number, number, number];

export function parseHex(value: string): Rgb {
  const match = HEX.exec(value.trim());
  if (!match?.[1]) throw new Error(`Not a hex colour: ${value}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (l: number) => {
  const s = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, s)) * 255);
};

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `rgb` towards `target` by `amount` (0..1) in linear light. */
function mix(rgb: Rgb, target: number, amount: number): Rgb {
  return rgb.map((c) => fromLinear(toLinear(c) * (1 - amount) + target * amount)) as Rgb;
}

const TINTS = [0.9, 0.78, 0.6, 0.42, 0.26, 0.12] as const;
const SHADES = [0.18, 0.34, 0.5] as const;

export function generateShades(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  const light = TINTS.map((amount) => toHex(mix(base, 1, amount)));
  const dark = SHADES.map((amount) => toHex(mix(base, 0, amount)));
  return [...light, toHex(base), ...dark] as unknown as MantineColorsTuple;
}

/** WCAG relative luminance, used to pick readable text on a skin colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
