import { createFileRoute } from '@tanstack/react-router';
import { formMessages } from '../../../../../config/messages-forms.it';
import { eureteSectionsShowcase } from '../../../../../config/showcases';
import { guardRoute } from '../../../app/route-guard';
import { EureteGate } from '../../../features/showcases/eurete-gate';
import { ShowcaseScreen } from '../../../features/showcases/showcase-screen';

/** conv-eurete-buoni (001 §2): the disclaimer, then the icon grid of mutual-aid sections. */
export const Route = createFileRoute('/_authenticated/eurete/conv-eurete-buoni')({
  beforeLoad: guardRoute('conv-eurete-buoni'),
  component: () => (
    <EureteGate>
      <ShowcaseScreen title={formMessages.formTitleEurete} declaration={eureteSectionsShowcase} />
    </EureteGate>
  ),
});
