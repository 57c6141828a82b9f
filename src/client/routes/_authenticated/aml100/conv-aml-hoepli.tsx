import { createFileRoute } from '@tanstack/react-router';
import { findPartner, voucherPortalLogins } from '../../../../../config/partners';
import { guardRoute } from '../../../app/route-guard';
import { PartnerScreen } from '../../../engine/partner/partner-screen';

/** conv-aml-hoepli (001 §2): a voucher page of the 100 family, the voucher-portal SSO with service 100. */
export const Route = createFileRoute('/_authenticated/aml100/conv-aml-hoepli')({
  beforeLoad: guardRoute('conv-aml-hoepli'),
  component: () => <PartnerScreen partner={findPartner('conv-aml-hoepli', voucherPortalLogins)!} />,
});
