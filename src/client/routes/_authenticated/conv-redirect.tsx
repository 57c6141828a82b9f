import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/route-guard';
import { optionalString } from '../../app/search';
import { ConvRedirectScreen } from '../../features/redirect/conv-redirect-screen';

/** Shown after a partner portal is opened (spec 001 §2), with `page_title`. */
export const Route = createFileRoute('/_authenticated/conv-redirect')({
  validateSearch: (search: Record<string, unknown>): { page_title?: string } => ({
    page_title: optionalString(search.page_title),
  }),
  beforeLoad: guardRoute('conv-redirect'),
  component: ConvRedirectPage,
});

function ConvRedirectPage() {
  const { page_title: pageTitle } = Route.useSearch();
  return <ConvRedirectScreen pageTitle={pageTitle} />;
}
