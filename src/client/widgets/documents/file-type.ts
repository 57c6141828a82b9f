/**
 * What a chosen file really is, by its first bytes (000 §5 "Files": jpg, png, pdf only). The
 * extension and the browser's MIME type are the user's word; the server checks the same magic
 * bytes (415), so a renamed text file is stopped here before anything is merged or sent.
 */
import { screenConstants } from '../../../../config/screen-constants';
import { formatFormMessage } from '../../../shared/catalogues/forms';

export type UploadFileType = 'jpeg' | 'png' | 'pdf';

const SIGNATURES: readonly { type: UploadFileType; bytes: readonly number[] }[] = [
  { type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** Bytes needed by `sniffFileType`. */
export const SNIFF_LENGTH = 8;

/** The type of a file from its first bytes, or null when it is none of the accepted ones. */
export function sniffFileType(head: Uint8Array): UploadFileType | null {
  for (const signature of SIGNATURES) {
    if (head.length >= signature.bytes.length && signature.bytes.every((byte, i) => head[i] === byte)) {
      return signature.type;
    }
  }
  return null;
}

/** The `accept` attribute of the file chooser: a hint only, `checkSelection` decides. */
export const ACCEPTED_FILES = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

/** The whole content of a file (Blob.arrayBuffer where present, FileReader otherwise). */
export function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') {
    return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

export interface CheckedFile {
  readonly file: File;
  readonly type: UploadFileType;
}

export type SelectionCheck =
  | { readonly ok: true; readonly files: readonly CheckedFile[] }
  | { readonly ok: false; readonly message: string };

/**
 * A selection is taken or cancelled as a whole (000 §5): more than `maxFilesPerSlot` files, any file
 * over `maxFileBytes`, or any file that is not JPEG/PNG/PDF by its magic bytes cancels it. Count and
 * size are checked before reading anything.
 */
export async function checkSelection(files: readonly File[]): Promise<SelectionCheck> {
  if (files.length > screenConstants.maxFilesPerSlot) {
    return {
      ok: false,
      message: formatFormMessage('formUploadTooMany', { max: screenConstants.maxFilesPerSlot }),
    };
  }
  const tooLarge = files.find((file) => file.size > screenConstants.maxFileBytes);
  if (tooLarge)
    return { ok: false, message: formatFormMessage('formUploadTooLarge', { name: tooLarge.name }) };
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const type = file.size === 0 ? null : sniffFileType(await readBytes(file.slice(0, SNIFF_LENGTH)));
    if (!type) return { ok: false, message: formatFormMessage('formUploadWrongType', { name: file.name }) };
    checked.push({ file, type });
  }
  return { ok: true, files: checked };
}
