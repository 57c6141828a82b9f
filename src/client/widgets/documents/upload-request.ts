/**
 * `POST /api/upload_allegato` (000 §7): multipart through XMLHttpRequest, because fetch reports no
 * upload progress in the browsers we support. Same headers and 401 rule as every other call
 * (`prepareExternalRequest`), same error type (`ApiError`).
 */
import { messages } from '../../../shared/catalogues/first-paint';
import type { FileKind } from '../../../../config/forms/types';
import { ApiError, prepareExternalRequest } from '../../api/client';

export interface UploadFields {
  readonly fileKindId: number;
  /** YYYY-MM-DD. */
  readonly fileDate: string;
  /** How many chosen files were merged into `file` (1 when sent as is). */
  readonly fileNum: number;
  readonly fileKind: FileKind;
  readonly file: File;
}

/** The multipart body. The file goes last: a streaming parser then has every field when it meets it. */
export function uploadBody(fields: UploadFields): FormData {
  const body = new FormData();
  body.append('file_kind_id', String(fields.fileKindId));
  body.append('file_date', fields.fileDate);
  body.append('file_num', String(fields.fileNum));
  body.append('file_kind', fields.fileKind);
  body.append('file_data', fields.file, fields.file.name);
  return body;
}

function parseBody(text: string, fallback: string): unknown {
  if (text === '') return { detail: fallback };
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { detail: text };
  }
}

/**
 * Sends the document; `onProgress` gets whole percents of the bytes sent. Resolves with the new
 * document id; rejects with `ApiError` (status 0 when the server could not be reached) or an
 * `AbortError` when `signal` aborts.
 */
export function uploadDocument(
  fields: UploadFields,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const request = prepareExternalRequest('/upload_allegato');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      request.answered(xhr.status);
      const data = parseBody(xhr.responseText, xhr.statusText || messages.genericError);
      const docId = (data as { doc_id?: unknown } | null)?.doc_id;
      if (xhr.status >= 200 && xhr.status < 300 && typeof docId === 'number') {
        onProgress(100);
        resolve(docId);
      } else {
        reject(new ApiError(xhr.status >= 200 && xhr.status < 300 ? 502 : xhr.status, data));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { detail: messages.networkError }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(uploadBody(fields));
  });
}
