/**
 * The tables whose declarations name a dataset (issue 25; ./declared.ts): the built-in ones
 * (config/tables), the installation's (config/extensions `tables`, and the tables of its registry pages)
 * and a test's. Company tables are served by the back-office plugin (routes/backoffice), user tables by
 * this plugin.
 */
import { pages } from '../../../../config/pages';
import { extensionTables, tables } from '../../../../config/tables';
import type { TableDeclaration } from '../../../../config/tables/types';
import type { WireApp } from '../../plugins/schemas';
import { declaredTables, registerTableCalls, type DeclaredTable } from './declared';

/** Every declared table with a dataset source, with the route gating its call. */
export function datasetTables(extra: readonly TableDeclaration[] = []): DeclaredTable[] {
  const pageTables = pages.flatMap((page) => (page.kind === 'table' ? [page.table] : []));
  return declaredTables(
    [
      ...extra,
      ...Object.values(tables as Record<string, TableDeclaration>),
      ...Object.values(extensionTables),
      ...pageTables,
    ],
    pages,
  );
}

export interface TableRoutesOptions {
  readonly tables: readonly DeclaredTable[];
}

/** The generated calls of the user's tables (the company's are the back-office plugin's). */
export default async function tableRoutes(app: WireApp, options: TableRoutesOptions): Promise<void> {
  registerTableCalls(app, options.tables, 'user');
}
