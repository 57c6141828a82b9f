import { createFileRoute } from '@tanstack/react-router';
import { findAppVoucherPage } from '../../../../../config/showcases/app-vouchers';
import { guardRoute } from '../../../app/route-guard';
import { AppVoucherScreen } from '../../../features/showcases/app-voucher-screen';

/** conv-ollipay (001 §2): an app voucher page (config/showcases/app-vouchers.ts). */
export const Route = createFileRoute('/_authenticated/ollipay/conv-ollipay')({
  beforeLoad: guardRoute('conv-ollipay'),
  component: () => <AppVoucherScreen page={findAppVoucherPage('conv-ollipay')!} />,
});
