import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { MealVouchersScreen } from '../../../features/backoffice/meal-vouchers-screen';

/** office-ref-azi-buoni-pasto (spec 002 §2.8): meal voucher documents and limits. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-ref-azi-buoni-pasto')({
  beforeLoad: guardRoute('office-ref-azi-buoni-pasto'),
  component: MealVouchersScreen,
});
