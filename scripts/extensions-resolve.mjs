/** The resolve hook of scripts/extensions-hook.mjs: config/extensions/index.ts → the overlay's file. */
let index = '';
let file = '';

export function initialize(data) {
  index = data.index;
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.split('?')[0] === index ? { ...resolved, url: file } : resolved;
}
