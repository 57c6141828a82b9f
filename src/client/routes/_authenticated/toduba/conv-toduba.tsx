import { createFileRoute } from '@tanstack/react-router';
import { findAppVoucherPage } from '../../../../../config/showcases/app-vouchers';
import { guardRoute } from '../../../app/route-guard';
import { AppVoucherScreen } from '../../../features/showcases/app-voucher-screen';

/** conv-toduba (001 §2): an app voucher page (config/showcases/app-vouchers.ts). */
export const Route = createFileRoute('/_authenticated/toduba/conv-toduba')({
  beforeLoad: guardRoute('conv-toduba'),
  component: () => <AppVoucherScreen page={findAppVoucherPage('conv-toduba')!} />,
});
