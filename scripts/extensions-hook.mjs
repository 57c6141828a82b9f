/**
 * Node module hook (`node --import ./scripts/extensions-hook.mjs`): with `WELFARE_EXTENSIONS=<file>`,
 * config/extensions/index.ts resolves to that file, so the server reads the overlay the portal was built
 * with (scripts/welfare-extensions.mjs). Without the variable it registers nothing.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { EXTENSIONS_INDEX, extensionsFile } from './welfare-extensions.mjs';

const file = extensionsFile();
if (file) {
  register('./extensions-resolve.mjs', import.meta.url, {
    data: { index: pathToFileURL(EXTENSIONS_INDEX).href, file: pathToFileURL(file).href },
  });
}
