/**
 * The backend error box (spec 000 §8): a modal titled 'Errore.' with 'Si è verificato un
 * errore, il sistema riporta:' and the list of messages of the error answer.
 * The modal itself lives in the lazily loaded overlays chunk.
 */
import { messages } from '../../shared/catalogues/first-paint';
import { ApiError } from '../api/client';
import { withOverlays } from './overlay-host';

/**
 * Messages of an error answer: a plain string, or every item of an object's fields with
 * arrays (and nested objects) flattened, in order. `ApiError`s are unwrapped.
 */
export function flattenBackendError(data: unknown): string[] {
  const lines: string[] = [];
  const visit = (value: unknown): void => {
    if (value === null || value === undefined) return;
    if (value instanceof ApiError) return visit(value.data);
    if (typeof value === 'string') {
      if (value.trim() !== '') lines.push(value);
      return;
    }
    if (typeof value === 'number' || typeof value === 'boolean') {
      lines.push(String(value));
      return;
    }
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value instanceof Error) {
      lines.push(messages.genericError);
      return;
    }
    if (typeof value === 'object') Object.values(value as Record<string, unknown>).forEach(visit);
  };
  visit(data);
  return lines.length > 0 ? lines : [messages.genericError];
}

/**
 * Opens the backend error box; `onClose` runs once when it closes (button, Esc or backdrop).
 * Resolves with the modal id once the box is open.
 */
export async function showBackendError(data: unknown, onClose?: () => void): Promise<string> {
  const lines = flattenBackendError(data);
  const overlays = await withOverlays();
  return overlays.openBackendErrorBox(lines, onClose);
}
