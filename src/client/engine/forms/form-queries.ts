/**
 * The calls of the form engine (spec 001 §7, ARCHITECTURE.md §5): categories, replay, static links,
 * a plain form's load and submit (a request form is sent by the purchase engine, engine/purchase;
 * blocks bring their own calls: widgets/<block>/queries.ts). Small and free of rjsf, so the form
 * route's loader can prefetch with these without loading the form.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { AcquistoFull, GruppoLinkStatici, LinkStatico } from '../../../../schemas/wire-types.gen';
import { useSessionStore } from '../../stores/session';
import type { FormCategory } from '../../form-kit';

export type StaticLink = Readonly<LinkStatico>;
export type TutorialGroup = Readonly<GruppoLinkStatici>;

export const formQueryKeys = {
  categories: (set: number) => ['form-categories', set] as const,
  replay: (id: number) => ['form-replay', id] as const,
  tutorials: ['static-links', 'tutorial'] as const,
  documentation: (group: string) => ['static-links', 'documentazione', group] as const,
};

/** `GET /api/categorie/{set}`: the categories of a declaration's set (`categories.set`). */
export const categoriesQueryOptions = (set: number) =>
  queryOptions({
    queryKey: formQueryKeys.categories(set),
    queryFn: ({ signal }) => apiRequest<FormCategory[]>(`/categorie/${set}`, { signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/get_acquisto_full/{id}`: the purchase a replay starts from. */
export const replayQueryOptions = (id: number) =>
  queryOptions({
    queryKey: formQueryKeys.replay(id),
    queryFn: ({ signal }) => apiRequest<AcquistoFull>(`/get_acquisto_full/${id}`, { signal }),
    staleTime: 0,
  });

/** `GET /api/static_links/tutorial`: groups of tutorial videos. */
export const tutorialLinksQueryOptions = () =>
  queryOptions({
    queryKey: formQueryKeys.tutorials,
    queryFn: ({ signal }) => apiRequest<TutorialGroup[]>('/static_links/tutorial', { signal }),
    staleTime: 10 * 60_000,
  });

/** `GET /api/static_links/documentazione?group=<group>`. */
export const documentationLinksQueryOptions = (group: string) =>
  queryOptions({
    queryKey: formQueryKeys.documentation(group),
    queryFn: ({ signal }) =>
      apiRequest<StaticLink[]>('/static_links/documentazione', { signal, query: { group } }),
    staleTime: 10 * 60_000,
  });

/** The place of a block that asks nothing: a query never run, so the block queries stay in the blocks' order. */
export const noBlockQueryOptions = (index: number) =>
  queryOptions({
    queryKey: ['form-block-none', index] as const,
    queryFn: () => null,
    enabled: false,
  });

/** The company a referent acts for: a company-scoped plain form asks for it (Act-For). */
function actingCompanyId(): number | null {
  return useSessionStore.getState().sessionInfos.act_for?.id ?? null;
}

/** A plain form's initial data (`prefill.load`): a GET whose answer's fields fill the form. */
export const plainFormLoadQueryOptions = (path: string, company: boolean) =>
  queryOptions({
    queryKey: ['plain-form-load', path, company] as const,
    queryFn: ({ signal }) =>
      apiRequest<unknown>(path, { signal, actFor: company ? actingCompanyId() : null }),
    staleTime: 0,
  });

/** A plain form's call (`submit`): the body is JSON, a FormData (multipart) or nothing. */
export function sendPlainForm(
  call: { readonly path: string; readonly method: 'POST' | 'PUT' | 'PATCH'; readonly scope?: string },
  body: Record<string, unknown> | FormData | undefined,
  idempotencyKey?: string,
): Promise<unknown> {
  return apiRequest<unknown>(call.path, {
    method: call.method,
    body,
    actFor: call.scope === 'company' ? actingCompanyId() : null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/** The fingerprint an idempotent plain form keys its Idempotency-Key by: the body and the company. */
export function plainFormFingerprint(call: { readonly scope?: string }, body: unknown): string {
  return JSON.stringify([call.scope === 'company' ? actingCompanyId() : null, body]);
}
