import { createFileRoute } from '@tanstack/react-router';
import { voucherStatusTable } from '../../../../../config/tables/stato-voucher';
import { guardRoute } from '../../../app/route-guard';
import { ensureFirstTablePage, settle } from '../../-loader-data';
import { StatoVoucherScreen } from '../../../features/sellers/stato-voucher-screen';

/** stato-voucher (spec 002 §2.5): the user's multi-use vouchers. */
export const Route = createFileRoute('/_authenticated/sellers/stato-voucher')({
  beforeLoad: guardRoute('stato-voucher'),
  loader: () => settle([ensureFirstTablePage(voucherStatusTable)]),
  component: StatoVoucherScreen,
});
