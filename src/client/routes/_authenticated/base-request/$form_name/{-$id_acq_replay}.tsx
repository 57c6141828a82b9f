import { createFileRoute, notFound } from '@tanstack/react-router';
import { queryClient } from '../../../../api/query-client';
import { creditQueryOptions, userInfoQueryOptions } from '../../../../api/query-options';
import { guardRoute } from '../../../../app/route-guard';
import { optionalString } from '../../../../app/search';
import { categoriesQueryOptions, replayQueryOptions } from '../../../../engine/forms/form-queries';
import { FormScreen } from '../../../../features/forms';
import { blockHooks } from '../../../../widgets/block-hooks';

/** `id_acq_replay` from the path or from `?id_acq_replay=` (001 §2): a positive integer, else none. */
function replayId(path: string | undefined, search: string | undefined): number | undefined {
  for (const value of [path, search]) {
    if (value !== undefined && /^\d{1,12}$/.test(value) && Number(value) > 0) return Number(value);
  }
  return undefined;
}

/**
 * Every request form (001 §2): `/base-request/<route_name>/{-$id_acq_replay}`. The form comes from
 * config/forms by its route name, so a new form declared in config needs no route file; a name that
 * is not a form is the not-found page. The declarations are loaded with the check, not with the shell.
 */
export const Route = createFileRoute('/_authenticated/base-request/$form_name/{-$id_acq_replay}')({
  validateSearch: (search: Record<string, unknown>): { id_acq_replay?: string } => ({
    id_acq_replay: optionalString(search.id_acq_replay),
  }),
  beforeLoad: async (context) => {
    const [{ findForm }, { isRouteName }] = await Promise.all([
      import('../../../../../../config/forms'),
      import('../../../../../../config/routes'),
    ]);
    const form = findForm(context.params.form_name);
    if (!form || !isRouteName(form.route_name)) throw notFound();
    await guardRoute(form.route_name)(context);
    return { form };
  },
  loaderDeps: ({ search }) => ({ replaySearch: search.id_acq_replay }),
  loader: async ({ context, params, deps }) => {
    const { form } = context;
    const replay = replayId(params.id_acq_replay, deps.replaySearch);
    // Prefetched in parallel; a failure is the screen's to show (with the spec's texts), not the router's.
    const user = queryClient.ensureQueryData(userInfoQueryOptions());
    await Promise.allSettled([
      user,
      queryClient.ensureQueryData(creditQueryOptions()),
      form.categories ? queryClient.ensureQueryData(categoriesQueryOptions(form.categories.set)) : null,
      replay !== undefined ? queryClient.ensureQueryData(replayQueryOptions(replay)) : null,
      // What the form's blocks need (e.g. the saved pension fund), once the user is known.
      user.then((userInfo) =>
        Promise.allSettled(
          Object.values(form.uiSchema).map((ui) => {
            const name =
              typeof ui === 'object' && ui !== null && 'ui:field' in ui ? ui['ui:field'] : undefined;
            const query = name ? blockHooks[name]?.preload?.(userInfo) : null;
            return query ? queryClient.ensureQueryData(query) : null;
          }),
        ),
      ),
    ]);
  },
  component: FormPage,
});

function FormPage() {
  const { form_name: formName, id_acq_replay: pathReplay } = Route.useParams();
  const { id_acq_replay: searchReplay } = Route.useSearch();
  return <FormScreen routeName={formName} replayId={replayId(pathReplay, searchReplay)} />;
}
