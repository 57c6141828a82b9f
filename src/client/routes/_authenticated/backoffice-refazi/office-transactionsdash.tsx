import { createFileRoute } from '@tanstack/react-router';
import { movementsCompanyTable } from '../../../../../config/tables/movements-company';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { advancesQueryOptions, type MovementFilters } from '../../../features/movements/movements-api';
import { MovementsScreen } from '../../../features/movements/movements-screen';
import { validateMovementsSearch } from '../../../features/movements/movements-search';
import { useSessionStore } from '../../../stores/session';
import { ensureFirstTablePage, settle } from '../../-loader-data';

/** office-transactionsdash (spec 000 §2, §6): the movements of the company acted for. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-transactionsdash')({
  validateSearch: (search: Record<string, unknown>): MovementFilters => validateMovementsSearch(search),
  beforeLoad: guardRoute('office-transactionsdash'),
  loaderDeps: ({ search }) => search,
  // The company's movements with the address's filters (the screen's first query) and its advances.
  loader: ({ deps }) => {
    const companyId = useSessionStore.getState().sessionInfos.act_for?.id ?? null;
    return settle([
      ensureFirstTablePage(movementsCompanyTable, { params: { ...deps }, companyId }),
      queryClient.ensureQueryData(advancesQueryOptions(companyId)),
    ]);
  },
  component: OfficeTransactionsPage,
});

function OfficeTransactionsPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MovementsScreen
      entity="azienda"
      filters={filters}
      onFiltersChange={(changed) =>
        void navigate({ search: (previous) => validateMovementsSearch({ ...previous, ...changed }) })
      }
    />
  );
}
