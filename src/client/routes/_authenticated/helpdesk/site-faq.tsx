import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ContentPageScreen } from '../../../engine/content/content-page';

/** site-faq (spec 002 §2.7): a content page of config/content-pages. */
export const Route = createFileRoute('/_authenticated/helpdesk/site-faq')({
  beforeLoad: guardRoute('site-faq'),
  component: () => <ContentPageScreen route="site-faq" />,
});
