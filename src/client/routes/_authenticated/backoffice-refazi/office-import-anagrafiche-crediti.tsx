import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/route-guard';
import { ImportScreen } from '../../../features/backoffice/import-screen';

/** office-import-anagrafiche-crediti (spec 002 §2.10): the bulk credit import, "Import Caricamento Tracciato". */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-import-anagrafiche-crediti')({
  beforeLoad: guardRoute('office-import-anagrafiche-crediti'),
  component: ImportScreen,
});
