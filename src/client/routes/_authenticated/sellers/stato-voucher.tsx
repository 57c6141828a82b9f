import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { StatoVoucherScreen } from '../../../features/sellers/stato-voucher-screen';

/** stato-voucher (spec 002 §2.5): the user's multi-use vouchers. */
export const Route = createFileRoute('/_authenticated/sellers/stato-voucher')({
  beforeLoad: guardRoute('stato-voucher'),
  component: StatoVoucherScreen,
});
