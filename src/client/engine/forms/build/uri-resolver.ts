/**
 * Stand-in for `fast-uri`, aliased in vite.config.ts for the browser bundle. @rjsf/utils imports it
 * only to resolve and compare the URIs of `$ref`s (`findSchemaDefinition`); the form schemas have
 * none, and the platform's URL parser does the same job for absolute URIs in a few lines instead of
 * about 22 KB. Relative bases (a schema `$id` such as `form-rimb-spese`) keep fast-uri's result for
 * fragment references (`form-rimb-spese#/$defs/x`); tests/client/form-engine-errors.test.ts compares
 * both on the cases rjsf meets.
 */

function absolute(uri: string): string | null {
  try {
    return new URL(uri).href;
  } catch {
    return null;
  }
}

export function resolve(base: string, ref: string): string {
  if (absolute(ref) !== null) return absolute(ref) as string;
  if (absolute(base) !== null) return new URL(ref, base).href;
  if (ref.startsWith('#')) return `${base.split('#')[0] ?? ''}${ref}`;
  return ref;
}

export function equal(a: string, b: string): boolean {
  const normalize = (uri: string) => absolute(uri) ?? uri;
  return normalize(a) === normalize(b);
}

export default { resolve, equal };
