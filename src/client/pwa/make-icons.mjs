#!/usr/bin/env node
/**
 * One-off: draws the PWA icons (public/icons/*.png) from an SVG with Chromium (playwright-core).
 * Run with `node src/client/pwa/make-icons.mjs` after changing the artwork; the PNGs are committed.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const TEAL = '#0b7a75';
const HEART =
  'M32 50C21 42 13 35.5 13 26.5 13 20.7 17.7 16 23.5 16c3.6 0 6.6 1.8 8.5 4.6 1.9-2.8 4.9-4.6 8.5-4.6C46.3 16 51 20.7 51 26.5 51 35.5 43 42 32 50z';

/** `scale` shrinks the artwork into the maskable safe zone (the inner 80 %). */
function svg({ rounded, scale }) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#12968f"/><stop offset="1" stop-color="${TEAL}"/></linearGradient></defs>
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="${HEART}" fill="#ffffff"/>
    <path d="M26 29.5h12M32 23.5v12" stroke="${TEAL}" stroke-width="3.6" stroke-linecap="round"/>
  </g>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.72 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.9 },
];

const outDir = new URL('../../../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`,
    );
    await page.screenshot({ path: new URL(icon.file, outDir).pathname, omitBackground: true });
    await page.close();
    console.info(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
