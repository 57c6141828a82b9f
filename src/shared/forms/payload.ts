/**
 * Form data -> wire payload of any form, plain or request (config/forms/types.ts, spec 001 §3): the
 * form data IS the payload, minus
 * the display-only fields of `payload.omit`, with the `payload.blankToNull` fields sent as null when
 * blank and every string trimmed. The portal sends it and the server stores what it validated.
 */
import type { FormCore } from '../../../config/forms/types';

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
  form: Pick<FormCore, 'payload'>,
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

/** A field of a multipart body: text as is, numbers and booleans as text, lists and objects as JSON. */
function partText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The parts of a multipart body (`SubmitCall.encoding: 'multipart'`) of a payload: one text part per
 * field, null fields left out (a multipart body has no null). Files are added by the caller.
 */
export function toMultipartFields(payload: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.entries(payload)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => [key, partText(value)]);
}
