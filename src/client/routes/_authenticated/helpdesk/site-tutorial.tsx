import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ContentPageScreen } from '../../../engine/content/content-page';

/** site-tutorial (spec 002 §2.7): a content page of config/content-pages. */
export const Route = createFileRoute('/_authenticated/helpdesk/site-tutorial')({
  beforeLoad: guardRoute('site-tutorial'),
  component: () => <ContentPageScreen route="site-tutorial" />,
});
