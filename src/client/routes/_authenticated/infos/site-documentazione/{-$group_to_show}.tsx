import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../../app/route-guard';
import { ContentPageScreen } from '../../../../engine/content/content-page';

/**
 * site-documentazione (spec 002 §2.7): the documentation accordion of config/content-pages; the
 * optional `group_to_show` (path, or `?group_to_show=`) opens that group (voucher pages link `fringe-app`).
 */
export const Route = createFileRoute('/_authenticated/infos/site-documentazione/{-$group_to_show}')({
  validateSearch: (search: { group_to_show?: unknown }): { group_to_show?: string } =>
    typeof search.group_to_show === 'string' ? { group_to_show: search.group_to_show } : {},
  beforeLoad: guardRoute('site-documentazione'),
  component: DocumentationPage,
});

function DocumentationPage() {
  const { group_to_show: fromPath } = Route.useParams();
  const { group_to_show: fromSearch } = Route.useSearch();
  return <ContentPageScreen route="site-documentazione" groupToShow={fromPath ?? fromSearch} />;
}
