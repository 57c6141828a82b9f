import { createFileRoute } from '@tanstack/react-router';
import { scheduleTable } from '../../../../../config/tables';
import { constants } from '../../../../../config/constants';
import { guardRoute } from '../../../app/route-guard';
import { OfficeTableScreen } from '../../../features/backoffice/office-table-screen';
import { formatTableMessage, messages } from '../../../../shared/catalogues/tables';

/** office-scadenzario-azi (spec 002 §2.8): the declared table of config/tables. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-scadenzario-azi')({
  beforeLoad: guardRoute('office-scadenzario-azi'),
  component: () => (
    <OfficeTableScreen
      title={messages.scheduleTitle}
      intro={formatTableMessage('boScheduleIntro', { days: constants.expiryWarningDays })}
      table={scheduleTable}
    />
  ),
});
