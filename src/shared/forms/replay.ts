/**
 * Replay (001 §2), both ways, from the one `replay` map of a request form (config/forms/types.ts
 * `ReplayMap`):
 *
 * - `replayToFormData` (portal): a purchase read by `GET /api/get_acquisto_full/{id}` back into form
 *   data. Values are copied as the answer gives them (amount strings stay strings); a missing value
 *   leaves its field out unless the map has `''`.
 * - `payloadToReplay` (server): the payload a request was sent with written into that answer, so the
 *   server restates no field path: plain paths are copied, joined paths split, mapped values turned
 *   back into the answer's value.
 */
import type { ReplayMap, ReplaySource, RequestFormDeclaration } from '../../../config/forms/types';
import { valueAt } from './conditions';

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function readSource(answer: unknown, source: ReplaySource): unknown {
  if (typeof source === 'string') return valueAt(answer, source);
  let value: unknown;
  if (typeof source.from === 'string') value = valueAt(answer, source.from);
  else {
    const parts = source.from
      .map((path) => valueAt(answer, path))
      .filter((part) => !isMissing(part))
      .map((part) => String(part).trim());
    value = parts.length > 0 ? parts.join(source.join ?? ' ') : undefined;
  }
  const map = source.map;
  if (!map) return value;
  if (isMissing(value)) return map[''];
  const key = String(value);
  if (Object.hasOwn(map, key)) return map[key];
  return Object.hasOwn(map, '*') ? map['*'] : value;
}

/** Sets a dotted path, creating the nested objects on the way. */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys[keys.length - 1] as string] = value;
}

export function replayToFormData(
  form: Pick<RequestFormDeclaration, 'replay'>,
  answer: unknown,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(form.replay)) {
    if (typeof source !== 'string' && source.answerOnly) continue;
    const value = readSource(answer, source);
    if (!isMissing(value)) setAt(data, field, value);
  }
  return data;
}

/** Removes a dotted path (an emptied object stays, empty: the answer's shape decides what it becomes). */
function deleteAt(target: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  let current: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (current === null || typeof current !== 'object') return;
    current = (current as Record<string, unknown>)[key];
  }
  if (current !== null && typeof current === 'object')
    delete (current as Record<string, unknown>)[keys[keys.length - 1] as string];
}

/**
 * The answer paths a payload fills through `replay`, in the answer's own shape (nested objects),
 * without any value the payload does not hold. Read the other way than `replayToFormData`:
 *
 * - `field <- 'a.b'`: the field's value at `a.b`;
 * - `field <- { from: [p1, p2], join }`: the field split at the first `join` (default ' '): p1 gets
 *   the part before, p2 the rest (the beneficiary's "nome cognome");
 * - `field <- { from, map }`: the key of `map` whose value is the field's (`'*'` is no key: nothing is
 *   written, the answer keeps its default); a key `''` means "missing", so the path is cleared, and
 *   a clear wins over a value written by another entry (`me_stesso: true` clears the beneficiary).
 */
export function payloadToReplay(
  replay: ReplayMap,
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  const cleared: string[] = [];
  for (const [field, source] of Object.entries(replay)) {
    const value = valueAt(payload, field);
    if (typeof source === 'string') {
      if (!isMissing(value)) setAt(answer, source, value);
      continue;
    }
    if (source.map) {
      const path = typeof source.from === 'string' ? source.from : source.from[0];
      if (path === undefined) continue;
      const key = Object.keys(source.map).find((name) => name !== '*' && source.map?.[name] === value);
      if (key === '') cleared.push(path);
      else if (key !== undefined) setAt(answer, path, key);
      continue;
    }
    if (isMissing(value)) continue;
    if (typeof source.from === 'string') {
      setAt(answer, source.from, value);
      continue;
    }
    const paths = source.from;
    const text = String(value).trim();
    const separator = source.join ?? ' ';
    let rest = text;
    paths.forEach((path, index) => {
      if (index === paths.length - 1) {
        setAt(answer, path, rest);
        return;
      }
      const at = rest.indexOf(separator);
      setAt(answer, path, at === -1 ? rest : rest.slice(0, at));
      rest = at === -1 ? '' : rest.slice(at + separator.length).trim();
    });
  }
  for (const path of cleared) deleteAt(answer, path);
  return answer;
}
