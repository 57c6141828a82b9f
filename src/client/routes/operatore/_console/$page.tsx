import { createFileRoute } from '@tanstack/react-router';
import { FoundPageScreen, loadFoundPage } from '../../-found-page';
import { findPage, pathOf } from '../../-generic-page';

/** The operator console's list pages at /operatore/<route name> (`routes/-screens/operator.tsx`), in its layout. */
export const Route = createFileRoute('/operatore/_console/$page')({
  beforeLoad: (context) => findPage(context, pathOf('operatore', context.params.page)),
  loader: ({ context }) => loadFoundPage(context.found),
  component: ConsolePage,
});

function ConsolePage() {
  return <FoundPageScreen found={Route.useRouteContext().found} />;
}
