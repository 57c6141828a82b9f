import { createFileRoute } from '@tanstack/react-router';
import { findPartner, voucherPortalLogins } from '../../../../../config/partners';
import { guardRoute } from '../../../app/route-guard';
import { PartnerScreen } from '../../../engine/partner/partner-screen';

/** conv-aml-expedia (001 §2): a voucher page of the 100 family, the voucher-portal SSO with service 100. */
export const Route = createFileRoute('/_authenticated/aml100/conv-aml-expedia')({
  beforeLoad: guardRoute('conv-aml-expedia'),
  component: () => <PartnerScreen partner={findPartner('conv-aml-expedia', voucherPortalLogins)!} />,
});
