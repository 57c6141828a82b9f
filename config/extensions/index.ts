/**
 * This installation's own declarations (config/extensions/types.ts; config/README.md, "Per-installation
 * declarations"): none. An installation keeps its overlay in a file of its own and selects it with
 * `WELFARE_EXTENSIONS=<file>` when it builds the portal (vite.config.ts aliases this module to the file)
 * and when it starts the server (`npm run serve`, scripts/extensions-hook.mjs), so both read the same one.
 */
import { noExtensions, type ConfigExtensions } from './types';

export type { ConfigExtensions } from './types';

export const extensions: ConfigExtensions = noExtensions;
