import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { IncentiveInfoScreen } from '../../../features/backoffice/incentive-screens';

/** office-incentive-info (spec 002 §2.8): Loyalty and Incentive conditions. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-incentive-info')({
  beforeLoad: guardRoute('office-incentive-info'),
  component: IncentiveInfoScreen,
});
