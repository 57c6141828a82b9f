import { createFileRoute } from '@tanstack/react-router';
import { messages as accountMessages } from '../../../../../../config/messages-account.it';
import { eureteSectionShowcase } from '../../../../../../config/showcases';
import { guardRoute } from '../../../../app/route-guard';
import { EureteGate } from '../../../../features/showcases/eurete-gate';
import { ShowcaseScreen } from '../../../../features/showcases/showcase-screen';

/** sez-eurete (001 §2): a mutual-aid section's products, behind the disclaimer. */
export const Route = createFileRoute('/_authenticated/eurete/sez-eurete/$slug_name')({
  beforeLoad: guardRoute('sez-eurete'),
  component: SezEuretePage,
});

function SezEuretePage() {
  const { slug_name: slug } = Route.useParams();
  return (
    <EureteGate>
      <ShowcaseScreen
        key={slug}
        title={accountMessages.titleEurete}
        declaration={eureteSectionShowcase}
        params={{ slug_name: slug }}
      />
    </EureteGate>
  );
}
