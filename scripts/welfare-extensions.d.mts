import type { Plugin } from 'vite';

export const EXTENSIONS_INDEX: string;
/** The overlay's file (absolute), or null when `WELFARE_EXTENSIONS` is unset or empty. */
export function extensionsFile(env?: Record<string, string | undefined>): string | null;
/** The folder of the overlay's form payload schemas (`forms/` beside its file), if it has one. */
export function extensionSchemaDirs(env?: Record<string, string | undefined>): string[];
/** Vite plugin: config/extensions/index.ts resolved to the overlay's file. */
export function extensionsPlugin(env?: Record<string, string | undefined>): Plugin;
