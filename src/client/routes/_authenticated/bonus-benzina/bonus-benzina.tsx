import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { creditQueryOptions, fuelBonusQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { settle } from '../../-loader-data';
import { FuelBonusScreen } from '../../../features/showcases/fuel-bonus-screen';

/** bonus-benzina (001 §2): the fuel card, or none. */
export const Route = createFileRoute('/_authenticated/bonus-benzina/bonus-benzina')({
  beforeLoad: guardRoute('bonus-benzina'),
  loader: () =>
    settle([
      queryClient.ensureQueryData(fuelBonusQueryOptions()),
      queryClient.ensureQueryData(creditQueryOptions()),
    ]),
  component: FuelBonusScreen,
});
