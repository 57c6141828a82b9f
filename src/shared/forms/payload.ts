/**
 * Form data -> wire payload (config/forms/types.ts, spec 001 §3): the form data IS the payload, minus
 * the display-only fields of `payload.omit`, with the `payload.blankToNull` fields sent as null when
 * blank and every string trimmed. The portal sends it and the server stores what it validated.
 */
import type { FormDeclaration } from '../../../config/forms/types';

function trimDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimDeep);
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry !== undefined) result[key] = trimDeep(entry);
    }
    return result;
  }
  return value;
}

/**
 * `visibleSlotDocIds`, when given, replaces `docs`: the engine passes the documents of the slots
 * still shown, so a hidden slot's document is not sent.
 */
export function toPayload(
  form: FormDeclaration,
  formData: Record<string, unknown>,
  visibleSlotDocIds?: readonly number[],
): Record<string, unknown> {
  const omit = new Set(form.payload.omit ?? []);
  const blankToNull = new Set(form.payload.blankToNull ?? []);
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (omit.has(key) || value === undefined) continue;
    payload[key] = trimDeep(value);
  }
  // Blank includes never typed: an untouched note goes as null like an emptied one (001 §5).
  for (const key of blankToNull) {
    const value = payload[key];
    if (value === undefined || value === null || value === '') payload[key] = null;
  }
  if (visibleSlotDocIds !== undefined) payload.docs = [...visibleSlotDocIds];
  return payload;
}
