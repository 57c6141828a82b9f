import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../../app/route-guard';
import { optionalString } from '../../../../app/search';
import { FormScreen } from '../../../../features/forms';
import { formRequests, replayId } from '../../-form-loader';

/**
 * Every request form (001 §2): `/base-request/<route_name>/{-$id_acq_replay}`. The form is a `form` page of
 * the registry (config/pages.ts, derived from config/forms and the installation's forms); this route finds it
 * in config/forms by its route name, so a new form declared in config needs no route file; a name that is not a form is the not-found
 * page. The declarations are loaded with the check, not with the shell.
 */
export const Route = createFileRoute('/_authenticated/base-request/$form_name/{-$id_acq_replay}')({
  validateSearch: (search: Record<string, unknown>): { id_acq_replay?: string } => ({
    id_acq_replay: optionalString(search.id_acq_replay),
  }),
  // The forms' own registry, not the whole page registry (its `form` entries are derived from the same
  // list): the form route loads only the form declarations (bench: the form route's bundle target).
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
    // Prefetched in parallel; a failure is the screen's to show (with the spec's texts), not the router's.
    await Promise.allSettled(formRequests(context.form, replayId(params.id_acq_replay, deps.replaySearch)));
  },
  component: FormPage,
});

function FormPage() {
  const { form_name: formName, id_acq_replay: pathReplay } = Route.useParams();
  const { id_acq_replay: searchReplay } = Route.useSearch();
  return <FormScreen routeName={formName} replayId={replayId(pathReplay, searchReplay)} />;
}
