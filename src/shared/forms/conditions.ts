/**
 * Conditions on the form data (config/forms/types.ts `FieldCondition`): which upload slots are shown
 * and required. The portal and the server evaluate them the same way.
 */
import type { FieldCondition, UploadSlot } from '../../../config/forms/types';

/** The value at a top-level or dotted path (`fornitore.p_iva`); undefined when any step is missing. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function evaluateCondition(condition: FieldCondition, data: Record<string, unknown>): boolean {
  const value = valueAt(data, condition.field);
  if ('equals' in condition) {
    // A missing field counts as null, so `equals: null` holds for it.
    return (value === undefined ? null : value) === condition.equals;
  }
  if ('in' in condition) {
    return (typeof value === 'string' || typeof value === 'number') && condition.in.includes(value);
  }
  return typeof value === 'number' && Number.isFinite(value) && value <= condition.atMost;
}

export function isSlotVisible(slot: UploadSlot, data: Record<string, unknown>): boolean {
  return slot.visibleWhen === undefined || evaluateCondition(slot.visibleWhen, data);
}

/** A hidden slot is never required. */
export function isSlotRequired(slot: UploadSlot, data: Record<string, unknown>): boolean {
  if (!isSlotVisible(slot, data)) return false;
  if (typeof slot.required === 'boolean') return slot.required;
  return evaluateCondition(slot.required, data);
}
