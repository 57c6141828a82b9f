import { createFileRoute } from '@tanstack/react-router';
import { messages as accountMessages } from '../../../../../../config/messages-account.it';
import { fornAmlShowcase } from '../../../../../../config/showcases';
import { guardRoute } from '../../../../app/route-guard';
import { ShowcaseScreen } from '../../../../features/showcases/showcase-screen';

/** forn-aml (001 §2): a retailer's showcase (config/showcases/forn-aml.ts). */
export const Route = createFileRoute('/_authenticated/aml/forn-aml/$id_fornitore')({
  beforeLoad: guardRoute('forn-aml'),
  component: FornAmlPage,
});

function FornAmlPage() {
  const { id_fornitore: idFornitore } = Route.useParams();
  return (
    <ShowcaseScreen
      key={idFornitore}
      title={accountMessages.titleVouchers}
      declaration={fornAmlShowcase}
      params={{ id_fornitore: idFornitore }}
      documentation="fringe-app"
    />
  );
}
