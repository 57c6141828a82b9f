import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { formValidatorsPlugin } from './scripts/vite-form-validators.mjs';
import { extensionsPlugin } from './scripts/welfare-extensions.mjs';

/** Where `npm run dev` (and `vite preview`) forward /api and /dev: the API server of scripts/dev.mjs. */
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/dev': { target: apiTarget, changeOrigin: false },
};

/** Colours of the default skin (skins/default/skin.json) for the manifest and the splash screen. */
const THEME_COLOR = '#0b7a75';
const BACKGROUND_COLOR = '#f8f9fa';

/** Skin assets keep their skin's name in the file name: `assets/skin-acme-login-logo-<hash>.svg`. */
function assetFileNames(asset: { names?: string[]; originalFileNames?: string[] }): string {
  const original = asset.originalFileNames?.[0] ?? '';
  const skin = /(?:^|\/)skins\/([^/]+)\//.exec(original)?.[1];
  return skin ? `assets/skin-${skin}-[name]-[hash][extname]` : 'assets/[name]-[hash][extname]';
}

/**
 * Built-in skins are entries of their own, named `assets/skin-<folder>-<version>.js` with one version for
 * all of them (a hash of skins/), so the portal loads a customer's skin from its name: no list of 40 skins
 * and their hashed chunk names in the first paint (src/client/stores/skin-loader.ts).
 */
const SKINS_DIR = fileURLToPath(new URL('./skins', import.meta.url));
const skinFolders = readdirSync(SKINS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(SKINS_DIR, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();
function skinsVersion(): string {
  const hash = createHash('sha256');
  for (const folder of skinFolders) {
    for (const file of readdirSync(join(SKINS_DIR, folder)).sort()) {
      hash.update(`${folder}/${file}\0`).update(readFileSync(join(SKINS_DIR, folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 10);
}
const SKINS_VERSION = skinsVersion();

/**
 * rjsf's fields and widgets that no portal form can reach (src/client/engine/forms/build/unreachable-rjsf.tsx):
 * @rjsf/core's registries import them, the bundle gets the stand-in instead.
 */
const RJSF_UNREACHABLE =
  /^\.\/(LayoutGridField|LayoutHeaderField|LayoutMultiSchemaField|AltDateWidget|AltDateTimeWidget|DateWidget|DateTimeWidget|TimeWidget|FileWidget|RatingWidget)\.js$/;
const RJSF_REGISTRIES = /@rjsf[\\/]core[\\/]lib[\\/]components[\\/](fields|widgets)[\\/]index\.js$/;
function rjsfUnreachable(): Plugin {
  const stand = fileURLToPath(
    new URL('./src/client/engine/forms/build/unreachable-rjsf.tsx', import.meta.url),
  );
  return {
    name: 'welfare-rjsf-unreachable',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && RJSF_REGISTRIES.test(importer) && RJSF_UNREACHABLE.test(source) ? stand : null;
    },
  };
}

export default defineConfig({
  define: {
    __SKINS_VERSION__: JSON.stringify(SKINS_VERSION),
    // The folder names only (no hashes, a few hundred bytes; the service worker's precache lists the same
    // files): a customer without one (initech) goes straight to the API, with no 404 for a file that is
    // not there (issue 28).
    __SKIN_FOLDERS__: JSON.stringify(skinFolders),
  },
  resolve: {
    alias: [
      // The forms' texts are plain: rjsf's markdown renderer is replaced by a plain one (see the file).
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(
          new URL('./src/client/engine/forms/build/plain-markdown.tsx', import.meta.url),
        ),
      },
      // rjsf resolves `$ref` URIs with fast-uri; the forms have no `$ref`: the URL API does (see the file).
      {
        find: /^fast-uri$/,
        replacement: fileURLToPath(
          new URL('./src/client/engine/forms/build/uri-resolver.ts', import.meta.url),
        ),
      },
      // React 19 has useSyncExternalStore: the selector hook of @tanstack/react-store (the router's
      // state) takes the variant built on it, not the shim for React < 18 (about 0.3 KB gzip less in
      // the entry).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      // rjsf merges `allOf` with @x0k/json-schema-merge; the forms have no `allOf` (the validators plugin
      // refuses one): a stand-in that is never reached (see the file).
      {
        find: /^\.\/shallowAllOfMerge\.js$/,
        replacement: fileURLToPath(
          new URL('./src/client/engine/forms/build/all-of-merge.ts', import.meta.url),
        ),
      },
    ],
  },
  plugins: [
    // Must come before the React plugin: it generates the route tree and splits route files.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: their data code (react-query) is not part of the first paint. A route's
      // loader and component share one chunk: one lazy import in the entry per route instead of two, and
      // one request (the login route's loader is its skin).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    // `virtual:form-validators`: the form payload schemas compiled to code here, never in the browser.
    formValidatorsPlugin(),
    // `WELFARE_EXTENSIONS=<file>`: the installation's declarations instead of config/extensions/index.ts.
    extensionsPlugin(),
    rjsfUnreachable(),
    VitePWA({
      registerType: 'prompt',
      // Registered from src/client/pwa/register-sw.tsx (no inline script: the CSP forbids it).
      injectRegister: false,
      strategies: 'generateSW',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Portale Welfare',
        short_name: 'Welfare',
        description: 'Il tuo credito welfare aziendale: rimborsi, buoni e servizi.',
        lang: 'it',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['business', 'finance', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only: scripts, styles, the HTML, icons and skin logos. Never API answers.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        // /demo-faq: the FAQ page the site-faq frame loads from the server (issue 15).
        // /docs/: the back office's manuals.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/dev\//,
          /^\/demo-partner\//,
          /^\/demo-faq/,
          /^\/docs\//,
          /^\/demo-fornitore/,
        ],
        // The first visit's page is controlled at once (offline works from the first load).
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
        // Web push (issue 28): the push and notificationclick handlers, a plain file of public/.
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // Logos stay files (cacheable, visible as URLs) instead of data: URLs inside the chunks.
    assetsInlineLimit: 0,
    // Every supported browser has native modulepreload; no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // The entry imports every route lazily; listing each route's shared chunks for preloading put
      // ~40 dependency arrays (tens of KB) into the entry that the login page downloads. A route's chunks
      // load with it instead (one more round trip on a first visit only: the service worker precaches
      // every script). The HTML's own preloads, and the CSS of lazy chunks, are kept.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rollupOptions: {
      // The skin entries keep their default export (the loader imports it).
      preserveEntrySignatures: 'exports-only',
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        ...Object.fromEntries(skinFolders.map((f) => [`skin-${f}`, join(SKINS_DIR, f, 'index.ts')])),
      },
      output: {
        assetFileNames,
        entryFileNames: (chunk) =>
          chunk.name.startsWith('skin-') ? `assets/[name]-${SKINS_VERSION}.js` : 'assets/[name]-[hash].js',
        // Everything the first paint needs in one chunk: one request, and one gzip dictionary
        // instead of a dozen small shared chunks (about 5 KB less on the wire).
        // The skin entries stay apart (the default skin's JSON is part of the first paint anyway).
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !id.includes('/skins/') || id.endsWith('/skins/default/skin.json'),
            },
            // What the login page adds to the shell (the form, its card, Mantine's inputs, the icons), in one
            // chunk instead of a dozen small ones: one request and one gzip dictionary (about 2 KB less).
            // The route's own split chunks stay apart (they name the route in the manifest that
            // `npm run bench` reads); other pages take the inputs from this chunk.
            {
              name: 'login',
              test: /[\\/]src[\\/]client[\\/]features[\\/]auth[\\/]login-screen\.tsx$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
