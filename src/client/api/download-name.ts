/** The file name of a download answer (spec 000 §7); its own chunk, loaded by `apiRequest` with the first file. */

export const DEFAULT_DOWNLOAD_NAME = 'downloaded_file';

/**
 * File name of a download: `filename*=UTF-8''…` (RFC 5987) wins over `filename="…"`;
 * without either the name is `downloaded_file` (spec 000 §7).
 */
export function filenameFromContentDisposition(header: string | null | undefined): string {
  if (!header) return DEFAULT_DOWNLOAD_NAME;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended?.[1]) {
    const raw = extended[1].trim().replace(/^"(.*)"$/, '$1');
    const match = /^([\w!#$%&+^`{}~.-]*)'[^']*'(.*)$/.exec(raw);
    const encoded = match ? (match[2] ?? '') : raw;
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded.trim() !== '') return sanitizeFilename(decoded);
    } catch {
      // malformed percent-encoding: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (plain) {
    const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
    if (value.trim() !== '') return sanitizeFilename(value);
  }
  return DEFAULT_DOWNLOAD_NAME;
}

/** No directories in a download name. */
function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? DEFAULT_DOWNLOAD_NAME : base;
}
