/**
 * The installation's overlay of declarations (config/extensions; config/README.md, "Per-installation
 * declarations"), selected with `WELFARE_EXTENSIONS=<file>`: config/extensions/index.ts is replaced by that
 * file, in the portal's build (the Vite plugin below) and in the server (`npm run serve` and `npm run
 * admin` register scripts/extensions-hook.mjs, which does the same for Node). The file exports
 * `extensions` (a `ConfigExtensions`); its forms' payload schemas are the JSON files of the `forms/`
 * folder beside it (the form validators' plugin compiles them with the built-in ones).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The module every registry of config/ imports. */
// (Under a jsdom test the module's URL is not a file: the project root is then the working folder.)
const scripts = import.meta.url.startsWith('file:')
  ? dirname(fileURLToPath(import.meta.url))
  : resolve('scripts');
export const EXTENSIONS_INDEX = join(scripts, '..', 'config', 'extensions', 'index.ts');

/** The overlay's file (absolute), or null when `WELFARE_EXTENSIONS` is unset or empty. */
export function extensionsFile(env = process.env) {
  const file = env.WELFARE_EXTENSIONS?.trim();
  if (!file) return null;
  const absolute = resolve(file);
  if (!existsSync(absolute)) throw new Error(`WELFARE_EXTENSIONS: il file ${absolute} non esiste`);
  return absolute;
}

/** The folder of the overlay's form payload schemas (`forms/` beside its file), if it has one. */
export function extensionSchemaDirs(env = process.env) {
  const file = extensionsFile(env);
  if (!file) return [];
  const dir = join(dirname(file), 'forms');
  return existsSync(dir) ? [dir] : [];
}

/** Same file, whatever the separators and the query Vite appends. */
const samePath = (a, b) => a.split('?')[0].replaceAll('\\', '/') === b.replaceAll('\\', '/');

/** Vite plugin: config/extensions/index.ts resolved to the overlay's file (none: nothing changes). */
export function extensionsPlugin(env = process.env) {
  const file = extensionsFile(env);
  return {
    name: 'welfare-extensions',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!file || !importer || !source.includes('extensions')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && samePath(resolved.id, EXTENSIONS_INDEX) ? file : null;
    },
  };
}
