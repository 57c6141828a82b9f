import { createFileRoute } from '@tanstack/react-router';
import { formMessages } from '../../../../../config/messages-forms.it';
import { eurete100Showcase } from '../../../../../config/showcases';
import { guardRoute } from '../../../app/route-guard';
import { EureteGate } from '../../../features/showcases/eurete-gate';
import { ShowcaseScreen } from '../../../features/showcases/showcase-screen';

/**
 * conv-eurete-100 (001 §2 "Mutual-aid 100 page"): behind the disclaimer, the products for art. 100
 * purposes, paid from the total.
 */
export const Route = createFileRoute('/_authenticated/eurete/conv-eurete-100')({
  beforeLoad: guardRoute('conv-eurete-100'),
  component: () => (
    <EureteGate>
      <ShowcaseScreen
        title={formMessages.formTitleEurete100}
        intro={formMessages.formEurete100Intro}
        declaration={eurete100Showcase}
      />
    </EureteGate>
  ),
});
