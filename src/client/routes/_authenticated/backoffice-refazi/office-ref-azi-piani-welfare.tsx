import { createFileRoute } from '@tanstack/react-router';
import { plansTable } from '../../../../../config/tables';
import { constants } from '../../../../../config/constants';
import { guardRoute } from '../../../app/route-guard';
import { OfficeTableScreen } from '../../../features/backoffice/office-table-screen';
import { formatTableMessage, messages } from '../../../../shared/catalogues/tables';

/** office-ref-azi-piani-welfare (spec 002 §2.8): the declared table of config/tables. */
export const Route = createFileRoute('/_authenticated/backoffice-refazi/office-ref-azi-piani-welfare')({
  beforeLoad: guardRoute('office-ref-azi-piani-welfare'),
  component: () => (
    <OfficeTableScreen
      title={messages.boPlansTitle}
      intro={formatTableMessage('boPlansIntro', { days: constants.expiryWarningDays })}
      table={plansTable}
    />
  ),
});
