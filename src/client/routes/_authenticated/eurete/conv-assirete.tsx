import { createFileRoute } from '@tanstack/react-router';
import { formMessages } from '../../../../../config/messages-forms.it';
import { eureteHealthShowcase } from '../../../../../config/showcases';
import { guardRoute } from '../../../app/route-guard';
import { EureteGate } from '../../../features/showcases/eurete-gate';
import { ShowcaseScreen } from '../../../features/showcases/showcase-screen';

/** conv-assirete (001 §2): the supplementary health's products, paid from the total, then its SSO window. */
export const Route = createFileRoute('/_authenticated/eurete/conv-assirete')({
  beforeLoad: guardRoute('conv-assirete'),
  component: () => (
    <EureteGate>
      <ShowcaseScreen
        title={formMessages.formTitleHealth}
        intro={formMessages.formHealthIntro}
        declaration={eureteHealthShowcase}
      />
    </EureteGate>
  ),
});
