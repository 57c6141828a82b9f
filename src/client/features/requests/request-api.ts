/**
 * The calls of a request's life for the employee (issue 26): one request with its timeline
 * (`GET /api/richiesta/{id}`) and the documents added when an operator asked for them
 * (`POST /api/richiesta/{id}/documenti`). The list is the declared `my-requests` table.
 */
import { queryOptions } from '@tanstack/react-query';
import type { RichiestaUtente } from '../../../../schemas/wire-types.gen';
import { apiRequest } from '../../api/client';

export const requestQueryKey = (id: number) => ['richiesta', id] as const;

export const requestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: requestQueryKey(id),
    queryFn: ({ signal }) => apiRequest<RichiestaUtente>(`/richiesta/${id}`, { signal }),
    // A missing or foreign request (404) does not become one by asking again.
    retry: false,
  });

export interface DocumentsAdded {
  id_acquisto: number;
  stato: 'in_verifica';
}

export function addRequestDocuments(id: number, docs: readonly number[]): Promise<DocumentsAdded> {
  return apiRequest<DocumentsAdded>(`/richiesta/${id}/documenti`, { method: 'POST', body: { docs } });
}
