import { createFileRoute } from '@tanstack/react-router';
import { movementsUserTable } from '../../../../config/tables/movements-user';
import { guardRoute } from '../../app/route-guard';
import type { MovementFilters } from '../../features/movements/movements-api';
import { MovementsScreen } from '../../features/movements/movements-screen';
import { validateMovementsSearch } from '../../features/movements/movements-search';
import { ensureFirstTablePage, settle } from '../-loader-data';

/** dashmovimenti (spec 000 §2): the user's movement history; `?date_start&date_stop&search`. */
export const Route = createFileRoute('/_authenticated/dashmovimenti')({
  validateSearch: (search: Record<string, unknown>): MovementFilters => validateMovementsSearch(search),
  beforeLoad: guardRoute('dashmovimenti'),
  loaderDeps: ({ search }) => search,
  // The first page of the history with the address's filters: the screen's first query.
  loader: ({ deps }) => settle([ensureFirstTablePage(movementsUserTable, { params: { ...deps } })]),
  component: DashMovimentiPage,
});

function DashMovimentiPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MovementsScreen
      entity="utente"
      filters={filters}
      onFiltersChange={(changed) =>
        void navigate({ search: (previous) => validateMovementsSearch({ ...previous, ...changed }) })
      }
    />
  );
}
