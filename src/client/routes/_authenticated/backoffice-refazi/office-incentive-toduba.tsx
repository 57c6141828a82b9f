import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { IncentiveTopupScreen } from '../../../features/backoffice/incentive-screens';

/** office-incentive-toduba (spec 002 §2.8): Loyalty and Incentive top-up request. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-incentive-toduba')({
  beforeLoad: guardRoute('office-incentive-toduba'),
  component: IncentiveTopupScreen,
});
