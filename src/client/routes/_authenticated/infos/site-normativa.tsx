import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ContentPageScreen } from '../../../engine/content/content-page';

/** site-normativa (spec 002 §2.7): a content page of config/content-pages. */
export const Route = createFileRoute('/_authenticated/infos/site-normativa')({
  beforeLoad: guardRoute('site-normativa'),
  component: () => <ContentPageScreen route="site-normativa" />,
});
