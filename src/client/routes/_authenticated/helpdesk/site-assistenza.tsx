import { createFileRoute } from '@tanstack/react-router';
import { supportForm } from '../../../../../config/plain-forms/assistenza';
import { guardRoute } from '../../../app/route-guard';
import { PlainFormScreen } from '../../../features/forms';

/** site-assistenza (spec 002 §2.7): the support request, a plain form of config/plain-forms. */
export const Route = createFileRoute('/_authenticated/helpdesk/site-assistenza')({
  beforeLoad: guardRoute('site-assistenza'),
  component: SupportPage,
});

function SupportPage() {
  return <PlainFormScreen declaration={supportForm} />;
}
