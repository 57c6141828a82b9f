/**
 * The back-office pages that are one declared table of config/tables with a title and an intro
 * (spec 002 §2.8): consultants, welfare plans, the company's schedule, the employees' files.
 */
import { constants } from '../../../../config/constants';
import { consultantsTable, plansTable, scheduleTable, userFilesTable } from '../../../../config/tables';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { OfficeTableScreen } from './office-table-screen';

export function ConsultantsPage() {
  return (
    <OfficeTableScreen
      title={messages.boConsultantsTitle}
      intro={messages.boConsultantsIntro}
      table={consultantsTable}
    />
  );
}

export function PlansPage() {
  return (
    <OfficeTableScreen
      title={messages.boPlansTitle}
      intro={formatTableMessage('boPlansIntro', { days: constants.expiryWarningDays })}
      table={plansTable}
    />
  );
}

export function SchedulePage() {
  return (
    <OfficeTableScreen
      title={messages.scheduleTitle}
      intro={formatTableMessage('boScheduleIntro', { days: constants.expiryWarningDays })}
      table={scheduleTable}
    />
  );
}

export function UserFilesPage() {
  return (
    <OfficeTableScreen title={messages.boFilesTitle} intro={messages.boFilesIntro} table={userFilesTable} />
  );
}
