import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/route-guard';
import { RequestFormScreen } from '../../features/partners/request-form-screen';

/** Opens the external on-demand request form, then the menu (spec 002 §2.1). */
export const Route = createFileRoute('/_authenticated/conv-request-form')({
  beforeLoad: guardRoute('conv-request-form'),
  component: RequestFormScreen,
});
