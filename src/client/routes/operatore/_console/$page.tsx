import { createFileRoute } from '@tanstack/react-router';
import { GenericPage, loadFoundPage } from '../../-found-page';
import { findPage, pathOf } from '../../-generic-page';

/** The operator console's list pages at /operatore/<route name> (`routes/-screens/operator.tsx`), in its layout. */
export const Route = createFileRoute('/operatore/_console/$page')({
  beforeLoad: (context) => findPage(context, pathOf('operatore', context.params.page)),
  loader: ({ context }) => loadFoundPage(context.found),
  component: GenericPage,
});
