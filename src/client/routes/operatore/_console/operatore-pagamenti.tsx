import { createFileRoute } from '@tanstack/react-router';
import { operatorBatchesTable } from '../../../../../config/tables/operator-batches';
import { operatorBatchesViewTable } from '../../../../../config/tables/operator-batches-view';
import { queryClient } from '../../../api/query-client';
import { guardRoute } from '../../../app/route-guard';
import { operatorPayoutsQueryOptions } from '../../../features/operator/operator-api';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { PayoutsScreen } from '../../../features/operator/payouts-screen';

/** operatore-pagamenti: what is to be paid, a new batch, the batches. */
export const Route = createFileRoute('/operatore/_console/operatore-pagamenti')({
  beforeLoad: guardRoute('operatore-pagamenti'),
  // The overview, then the batches in the table it allows (to pay from, or only to view).
  loader: () =>
    settle([
      queryClient
        .ensureQueryData(operatorPayoutsQueryOptions())
        .then((overview) =>
          ensureFirstTablePage(overview.puo_pagare ? operatorBatchesTable : operatorBatchesViewTable),
        ),
    ]),
  component: PayoutsScreen,
});
