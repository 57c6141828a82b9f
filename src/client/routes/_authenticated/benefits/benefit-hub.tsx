import { createFileRoute } from '@tanstack/react-router';
import { queryClient } from '../../../api/query-client';
import { benefitHubQueryOptions } from '../../../api/query-options';
import { guardRoute } from '../../../app/route-guard';
import { settle } from '../../-loader-data';
import { BenefitHubScreen } from '../../../features/partners/benefit-hub-screen';

/** The discount portal page (spec 002 §2.7). */
export const Route = createFileRoute('/_authenticated/benefits/benefit-hub')({
  beforeLoad: guardRoute('benefit-hub'),
  loader: () => settle([queryClient.ensureQueryData(benefitHubQueryOptions())]),
  component: BenefitHubScreen,
});
