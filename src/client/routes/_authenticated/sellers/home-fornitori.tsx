import { createFileRoute } from '@tanstack/react-router';
import { constants } from '../../../../../config/constants';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { categoriesQueryOptions, provincesQueryOptions } from '../../../features/sellers/sellers-api';
import { settle } from '../../-loader-data';
import { HomeFornitoriScreen, type SellersHomeSearch } from '../../../features/sellers/home-fornitori-screen';

/** The search as the address gives it: a province only when it is one. */
type RouteSearch = Omit<SellersHomeSearch, 'provincia'> & { provincia?: string };

/**
 * home-fornitori (spec 002 §2.1): `?id_categoria` (the chosen category) and `?provincia` (a province's code;
 * absent or another value is `constants.sellersNoProvince`, all provinces, applied by the page: the constants
 * stay out of the route tree the login page loads).
 */
export const Route = createFileRoute('/_authenticated/sellers/home-fornitori')({
  validateSearch: (search: Record<string, unknown>): RouteSearch => {
    const id = Number(search.id_categoria);
    const provincia =
      typeof search.provincia === 'string' && /^[A-Z]{2}$/.test(search.provincia)
        ? search.provincia
        : undefined;
    return {
      ...(Number.isSafeInteger(id) && id > 0 ? { id_categoria: id } : {}),
      ...(provincia ? { provincia } : {}),
    };
  },
  beforeLoad: guardRoute('home-fornitori'),
  loaderDeps: ({ search }) => ({ category: search.id_categoria }),
  // The categories; with a chosen category, the provinces of its filter too.
  loader: ({ deps }) =>
    settle([
      queryClient.ensureQueryData(categoriesQueryOptions()),
      deps.category !== undefined ? queryClient.ensureQueryData(provincesQueryOptions()) : null,
    ]),
  component: HomeFornitoriPage,
});

function HomeFornitoriPage() {
  const { id_categoria, provincia = constants.sellersNoProvince } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HomeFornitoriScreen
      search={{ ...(id_categoria === undefined ? {} : { id_categoria }), provincia }}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  );
}
