import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ContentPageScreen } from '../../../engine/content/content-page';

/** cond-servizio (spec 002 §2.7): a content page of config/content-pages. */
export const Route = createFileRoute('/_authenticated/infos/cond-servizio')({
  beforeLoad: guardRoute('cond-servizio'),
  component: () => <ContentPageScreen route="cond-servizio" />,
});
