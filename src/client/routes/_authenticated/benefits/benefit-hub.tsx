import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { BenefitHubScreen } from '../../../features/partners/benefit-hub-screen';

/** The discount portal page (spec 002 §2.7). */
export const Route = createFileRoute('/_authenticated/benefits/benefit-hub')({
  beforeLoad: guardRoute('benefit-hub'),
  component: BenefitHubScreen,
});
