/** Search-parameter helpers for `validateSearch` (values arrive as strings, see router.ts). */

/** A non-empty string parameter, or undefined. */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A flag parameter (`?loggingout`, `?loggingout=1`): present means set. */
export function presentFlag(value: unknown): 1 | undefined {
  return value === undefined || value === null || value === false ? undefined : 1;
}

/** One of the `allowed` values, anything else is `fallback` (e.g. the inbox's `mode`). */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}
