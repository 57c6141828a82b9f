import { createFileRoute } from '@tanstack/react-router';
import type { SubsectionKey } from '../../../../config/menu';
import { queryClient } from '../../api/query-client';
import { carouselPlaylistQueryOptions, creditQueryOptions } from '../../api/query-options';
import { guardRoute } from '../../app/route-guard';
import { HomeScreen } from '../../features/home/home-screen';
import { preloadInfoPopup } from '../../features/home/info-popup';

/** `?subsection=tree-…`: the open subsection of the home menu (spec 000 §4: main menu or one subsection). */
export const Route = createFileRoute('/_authenticated/menu')({
  validateSearch: (search: Record<string, unknown>): { subsection?: SubsectionKey } => {
    const value = search.subsection;
    return typeof value === 'string' && /^tree-[a-z0-9-]+$/.test(value)
      ? { subsection: value as SubsectionKey }
      : {};
  },
  beforeLoad: guardRoute('menu'),
  // Not awaited: the home shows the session's credit at once and the fresh figures when they come.
  loader: () => {
    void queryClient.prefetchQuery(creditQueryOptions());
    void queryClient.prefetchQuery(carouselPlaylistQueryOptions());
    // The info popup's content and code come with the menu's data, so it opens with the menu.
    preloadInfoPopup();
  },
  component: MenuPage,
});

function MenuPage() {
  const { subsection } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomeScreen
      subsection={subsection}
      onSubsectionChange={(key) => void navigate({ search: key ? { subsection: key } : {} })}
    />
  );
}
