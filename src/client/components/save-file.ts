/** Saves a downloaded blob under its server-given name (a temporary link, then cleaned up). */
import type { BlobAnswer } from '../api/client';

export function saveFile({ blob, filename }: BlobAnswer): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
