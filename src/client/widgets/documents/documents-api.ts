/**
 * The Documents calls of 000 §7 used by an upload slot. The upload itself is in
 * `upload-request.ts` (XMLHttpRequest, for its progress events); everything else goes through the
 * one API client.
 */
import { queryOptions } from '@tanstack/react-query';
import type { FileKind } from '../../../../config/forms/types';
import { apiRequest } from '../../api/client';
import type { DocId, DocumentoEsistente, TipoDocumento } from '../../../../schemas/wire-types.gen';

/** A document type of a file kind (`GET /api/file_kind_list/{kind}`). */
export type DocumentType = Readonly<TipoDocumento>;

/** A document the user uploaded earlier (`GET /api/file_esistenti_list/{kind}`). */
export type ExistingDocument = Readonly<DocumentoEsistente>;

export const documentQueryKeys = {
  types: (kind: FileKind) => ['file-kind-list', kind] as const,
  existing: (kind: FileKind) => ['file-esistenti-list', kind] as const,
};

/** Document types change with a release, not during a visit. */
export const documentTypesQueryOptions = (kind: FileKind) =>
  queryOptions({
    queryKey: documentQueryKeys.types(kind),
    queryFn: ({ signal }) => apiRequest<DocumentType[]>(`/file_kind_list/${kind}`, { signal }),
    staleTime: 30 * 60_000,
  });

export const existingDocumentsQueryOptions = (kind: FileKind) =>
  queryOptions({
    queryKey: documentQueryKeys.existing(kind),
    queryFn: ({ signal }) => apiRequest<ExistingDocument[]>(`/file_esistenti_list/${kind}`, { signal }),
  });

/** `DELETE /api/delete_allegato/{doc_id}` (204). */
export function deleteDocument(docId: number): Promise<void> {
  return apiRequest<void>(`/delete_allegato/${docId}`, { method: 'DELETE' });
}

/** `POST /api/clona_allegato_esistente`: a new document (a copy) of an earlier one, for this request. */
export async function cloneDocument(idDocumento: number): Promise<number> {
  const answer = await apiRequest<DocId>('/clona_allegato_esistente', {
    method: 'POST',
    body: { id_documento: idDocumento },
  });
  return answer.doc_id;
}
