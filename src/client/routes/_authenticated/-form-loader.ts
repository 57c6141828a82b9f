/**
 * The first data of a request form (001 §2): the user, the credit, the form's category list, the request
 * it replays and what the form's blocks need (e.g. the saved pension fund), with the `queryOptions` its
 * screen reads. Loaded by the form route's loader (`base-request/$form_name/{-$id_acq_replay}`) and by the
 * registry loader for a `form` page, in a chunk of its own (the widgets' preloads stay out of the others).
 */
import type { FormDeclaration } from '../../../../config/forms/types';
import { queryClient } from '../../api/query-client';
import { creditQueryOptions, userInfoQueryOptions } from '../../api/query-options';
import { categoriesQueryOptions, replayQueryOptions } from '../../engine/forms/form-queries';
import { blockHooks } from '../../widgets/block-hooks';

/** `id_acq_replay` from the path or from `?id_acq_replay=` (001 §2): a positive integer, else none. */
export function replayId(path: string | undefined, search: string | undefined): number | undefined {
  for (const value of [path, search]) {
    if (value !== undefined && /^\d{1,12}$/.test(value) && Number(value) > 0) return Number(value);
  }
  return undefined;
}

/** The form's first calls, started now (a failure is the screen's to show, with the spec's texts). */
export function formRequests(form: FormDeclaration, replay: number | undefined): Promise<unknown>[] {
  const user = queryClient.ensureQueryData(userInfoQueryOptions());
  return [
    user,
    queryClient.ensureQueryData(creditQueryOptions()),
    ...(form.categories ? [queryClient.ensureQueryData(categoriesQueryOptions(form.categories.set))] : []),
    ...(replay !== undefined ? [queryClient.ensureQueryData(replayQueryOptions(replay))] : []),
    // What the form's blocks need, once the user is known.
    user.then((userInfo) =>
      Promise.allSettled(
        Object.values(form.uiSchema).map((ui) => {
          const name = typeof ui === 'object' && ui !== null && 'ui:field' in ui ? ui['ui:field'] : undefined;
          const query = name ? blockHooks[name]?.preload?.(userInfo) : null;
          return query ? queryClient.ensureQueryData(query) : null;
        }),
      ),
    ),
  ];
}
