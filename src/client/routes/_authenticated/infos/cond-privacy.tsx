import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ContentPageScreen } from '../../../engine/content/content-page';

/** cond-privacy (spec 002 §2.7): a content page of config/content-pages. */
export const Route = createFileRoute('/_authenticated/infos/cond-privacy')({
  beforeLoad: guardRoute('cond-privacy'),
  component: () => <ContentPageScreen route="cond-privacy" />,
});
