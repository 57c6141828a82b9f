/**
 * Replay (001 §2): a purchase read by `GET /api/get_acquisto_full/{id}` back into form data, following
 * the form's `replay` map (config/forms/types.ts `ReplayMap`). Values are copied as the answer gives
 * them (amount strings stay strings); a missing value leaves its field out unless the map has `''`.
 */
import type { FormDeclaration, ReplaySource } from '../../../config/forms/types';
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

export function replayToFormData(form: FormDeclaration, answer: unknown): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(form.replay)) {
    const value = readSource(answer, source);
    if (!isMissing(value)) setAt(data, field, value);
  }
  return data;
}
