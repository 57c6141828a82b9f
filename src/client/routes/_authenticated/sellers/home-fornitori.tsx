import { createFileRoute } from '@tanstack/react-router';
import { constants } from '../../../../../config/constants';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { categoriesQueryOptions, provincesQueryOptions } from '../../../features/sellers/sellers-api';
import { settle } from '../../-loader-data';
import { HomeFornitoriScreen, type SellersHomeSearch } from '../../../features/sellers/home-fornitori-screen';

/** home-fornitori (spec 002 §2.1): `?id_categoria` (the chosen category) and `?provincia` (default no_prov). */
export const Route = createFileRoute('/_authenticated/sellers/home-fornitori')({
  validateSearch: (search: Record<string, unknown>): SellersHomeSearch => {
    const id = Number(search.id_categoria);
    const provincia =
      typeof search.provincia === 'string' && /^[A-Z]{2}$/.test(search.provincia)
        ? search.provincia
        : constants.sellersNoProvince;
    return Number.isSafeInteger(id) && id > 0 ? { id_categoria: id, provincia } : { provincia };
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
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <HomeFornitoriScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
