import { createFileRoute } from '@tanstack/react-router';
import { consultantsTable } from '../../../../../config/tables';
import { guardRoute } from '../../../app/route-guard';
import { OfficeTableScreen } from '../../../features/backoffice/office-table-screen';
import { messages } from '../../../../shared/catalogues/tables';

/** office-consulenti (spec 002 §2.8): the declared table of config/tables. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-consulenti')({
  beforeLoad: guardRoute('office-consulenti'),
  component: () => (
    <OfficeTableScreen
      title={messages.boConsultantsTitle}
      intro={messages.boConsultantsIntro}
      table={consultantsTable}
    />
  ),
});
