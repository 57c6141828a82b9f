import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import type { MovementFilters } from '../../../features/movements/movements-api';
import { MovementsScreen } from '../../../features/movements/movements-screen';
import { validateMovementsSearch } from '../../../features/movements/movements-search';

/** office-transactionsdash (spec 000 §2, §6): the movements of the company acted for. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-transactionsdash')({
  validateSearch: (search: Record<string, unknown>): MovementFilters => validateMovementsSearch(search),
  beforeLoad: guardRoute('office-transactionsdash'),
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
