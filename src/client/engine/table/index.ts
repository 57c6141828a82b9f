/**
 * The table engine: renders a declaration of `config/tables` (see config/tables/types.ts). Screens use
 * `DataTable`, or `useTable` + `TableView` when they also read the answer (the history's chart);
 * route loaders prefetch with `tableQueryOptions`; `refreshTables` reads tables again after a change.
 */
export { DataTable, type DataTableProps } from './data-table';
export { TableView, type RowExtraActions, type TableViewProps } from './table-view';
export { useTable, type ControlledPaging, type TableState, type UseTableOptions } from './use-table';
export {
  firstTablePageQueryOptions,
  refreshTables,
  tableQueryOptions,
  tableQueryPrefix,
  type TableRequest,
} from './query';
export { actionPath, cellText, hasTone, holds, nestRows, readField, statusEntry, type Row } from './values';
