/**
 * Stand-in for @rjsf/utils' `shallowAllOfMerge` (which brings @x0k/json-schema-merge, about 4 KB gzip),
 * aliased in vite.config.ts for the browser bundle. rjsf calls it only for a schema that holds `allOf`
 * (or `patternProperties`, or a `$ref` with siblings); the form payload schemas hold none of them, and
 * scripts/vite-form-validators.mjs refuses to build one that does, so this is never reached in the
 * portal. Were it reached, rjsf catches the error and drops the `allOf` (its own fallback).
 */
export default function shallowAllOfMerge(): never {
  throw new Error('allOf non è supportato negli schemi dei moduli del portale');
}
