import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { FuelBonusScreen } from '../../../features/showcases/fuel-bonus-screen';

/** bonus-benzina (001 §2): the fuel card, or none. */
export const Route = createFileRoute('/_authenticated/bonus-benzina/bonus-benzina')({
  beforeLoad: guardRoute('bonus-benzina'),
  component: FuelBonusScreen,
});
