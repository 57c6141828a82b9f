import { createFileRoute } from '@tanstack/react-router';
import { userFilesTable } from '../../../../../config/tables';
import { guardRoute } from '../../../app/route-guard';
import { OfficeTableScreen } from '../../../features/backoffice/office-table-screen';
import { messages } from '../../../../shared/catalogues/tables';

/** office-user-files (spec 002 §2.8): the declared table of config/tables. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-user-files')({
  beforeLoad: guardRoute('office-user-files'),
  component: () => (
    <OfficeTableScreen title={messages.boFilesTitle} intro={messages.boFilesIntro} table={userFilesTable} />
  ),
});
