import { createFileRoute } from '@tanstack/react-router';
import { formMessages } from '../../../../../config/messages-forms.it';
import { convAmlShowcase } from '../../../../../config/showcases';
import { guardRoute } from '../../../app/route-guard';
import { ShowcaseScreen } from '../../../features/showcases/showcase-screen';

/** conv-aml (001 §2): the voucher home, the grid of retailers (config/showcases/conv-aml.ts). */
export const Route = createFileRoute('/_authenticated/aml/conv-aml')({
  beforeLoad: guardRoute('conv-aml'),
  component: () => (
    <ShowcaseScreen
      title={formMessages.formTitleVouchers}
      intro={formMessages.formVouchersIntro}
      declaration={convAmlShowcase}
      documentation="fringe-app"
    />
  ),
});
