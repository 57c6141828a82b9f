/**
 * A back-office page that is one declared table (schedule, plans, user files, consultants): the page
 * frame with the company switcher, and the table of config/tables rendered by the table engine.
 */
import type { TableDeclaration } from '../../../../config/tables/types';
import { DataTable } from '../../engine/table';
import { BackOfficePage } from './back-office-page';

export interface OfficeTableScreenProps {
  title: string;
  intro?: string;
  table: TableDeclaration;
}

export function OfficeTableScreen({ title, intro, table }: OfficeTableScreenProps) {
  return (
    <BackOfficePage title={title} {...(intro ? { intro } : {})}>
      <DataTable table={table} />
    </BackOfficePage>
  );
}
