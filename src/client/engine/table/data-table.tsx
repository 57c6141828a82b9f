/** A declared table with its own state: `useTable` + `TableView`, for screens that need nothing else. */
import type { TableDeclaration } from '../../../../config/tables/types';
import { TableView, type RowExtraActions } from './table-view';
import { useTable, type UseTableOptions } from './use-table';

export interface DataTableProps extends UseTableOptions {
  table: TableDeclaration;
  captionParams?: Record<string, string | number>;
  extraActions?: RowExtraActions;
}

export function DataTable({ table, captionParams, extraActions, ...options }: DataTableProps) {
  const state = useTable(table, options);
  return <TableView state={state} captionParams={captionParams} extraActions={extraActions} />;
}
