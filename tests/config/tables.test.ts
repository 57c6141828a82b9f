/**
 * config/tables and config/status-sets: every declaration (and the test fixtures') is consistent and
 * every reference resolves: message keys, status sets, route names, tables named for refresh.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-tables.it';
import { isRouteName } from '../../config/routes';
import { isStatusSetName, statusSets } from '../../config/status-sets';
import { tables } from '../../config/tables';
import type {
  RouteByField,
  TableCall,
  TableColumn,
  TableCondition,
  TableDeclaration,
} from '../../config/tables/types';
import { provaImportazioniTable } from '../fixtures/tables/prova-importazioni';

const declared: Array<[string, TableDeclaration]> = [
  ...Object.entries(tables),
  ['prova-importazioni (fixture)', provaImportazioniTable],
];
const tableNames = new Set<string>(Object.values(tables).map((table) => table.name));

/** Every message key a declaration names, with where. */
function messageKeys(table: TableDeclaration): Array<[string, string]> {
  const keys: Array<[string, string]> = [['caption', table.caption]];
  const column = (item: TableColumn, at: string) => {
    keys.push([`${at}.label`, item.label]);
    if (item.empty) keys.push([`${at}.empty`, item.empty]);
    if (item.kind === 'boolean') keys.push([`${at}.true`, item.trueLabel], [`${at}.false`, item.falseLabel]);
    if (item.kind === 'download') keys.push([`${at}.linkLabel`, item.linkLabel]);
    if (item.kind === 'detail') {
      keys.push([`${at}.buttonLabel`, item.buttonLabel], [`${at}.title`, item.title]);
      if (item.ariaLabel) keys.push([`${at}.ariaLabel`, item.ariaLabel.text]);
      item.fields.forEach((field, i) => column(field, `${at}.fields[${i}]`));
    }
  };
  table.columns.forEach((item, i) => column(item, `columns[${i}]`));
  (table.rowActions ?? []).forEach((action, i) => {
    keys.push([`rowActions[${i}].label`, action.label]);
    if (action.kind === 'call') {
      keys.push([`rowActions[${i}].success`, action.success], [`rowActions[${i}].failure`, action.failure]);
      if (action.confirm) {
        keys.push(
          [`rowActions[${i}].confirm.title`, action.confirm.title],
          [`rowActions[${i}].confirm.text`, action.confirm.text.text],
          [`rowActions[${i}].confirm.confirmLabel`, action.confirm.confirmLabel],
        );
      }
    } else if (action.ariaLabel) keys.push([`rowActions[${i}].ariaLabel`, action.ariaLabel.text]);
  });
  if (table.search) keys.push(['search.label', table.search.label]);
  for (const filter of table.filters ?? []) {
    keys.push(['filter.label', filter.label]);
    if (filter.kind === 'select')
      for (const option of filter.options) keys.push(['filter.option', option.label]);
  }
  (table.tones ?? []).forEach((tone, i) => tone.label && keys.push([`tones[${i}].label`, tone.label]));
  if (table.paging.mode !== 'none') {
    for (const [name, key] of Object.entries(table.paging.texts ?? {}))
      keys.push([`paging.texts.${name}`, key]);
  }
  if (table.toolbar?.download) keys.push(['toolbar.download.label', table.toolbar.download.label]);
  if (table.toolbar?.upload) {
    const upload = table.toolbar.upload;
    keys.push(
      ['toolbar.upload.label', upload.label],
      ['.success', upload.success],
      ['.failure', upload.failure],
    );
  }
  keys.push(['empty.text', table.empty.text]);
  if (table.empty.help) keys.push(['empty.help', table.empty.help]);
  if (table.failure.show === 'text') keys.push(['failure.text', table.failure.text]);
  if (table.note) keys.push(['note.text', table.note.text]);
  if (table.totalsLabel) keys.push(['totalsLabel', table.totalsLabel]);
  return keys;
}

function calls(table: TableDeclaration): TableCall[] {
  const found: TableCall[] = [table.source];
  for (const column of table.columns) {
    if (column.kind === 'download') found.push(column.call);
    if (column.kind === 'detail' && column.onOpen) found.push(column.onOpen.call);
  }
  for (const action of table.rowActions ?? []) if (action.kind === 'call') found.push(action.call);
  if (table.toolbar?.upload) found.push(table.toolbar.upload.call);
  for (const filter of table.filters ?? [])
    if (filter.kind === 'user-picker' || filter.kind === 'source-select') found.push(filter.source);
  return found;
}

function queryNames(condition: TableCondition | undefined): string[] {
  if (!condition) return [];
  if ('all' in condition) return condition.all.flatMap(queryNames);
  return 'query' in condition ? [condition.query] : [];
}

describe.each(declared)('table %s', (_name, table) => {
  it('names only message keys of the catalogue', () => {
    const missing = messageKeys(table).filter(([, key]) => !Object.hasOwn(messages, key));
    expect(missing).toEqual([]);
  });

  it('names only declared status sets, routes and tables', () => {
    const columns = table.columns.flatMap((column) =>
      column.kind === 'detail' ? [column, ...column.fields] : [column],
    );
    for (const column of columns)
      if (column.kind === 'status') expect(isStatusSetName(column.set)).toBe(true);
    for (const action of table.rowActions ?? []) {
      if (action.kind !== 'navigate') continue;
      // Fixed, or chosen by one field or by the first of several the row has.
      const choices: readonly RouteByField[] =
        typeof action.route === 'string' ? [] : 'field' in action.route ? [action.route] : action.route;
      const routes =
        typeof action.route === 'string'
          ? [action.route]
          : choices.flatMap((choice) => Object.values(choice.routes));
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) expect(isRouteName(route)).toBe(true);
    }
    for (const call of calls(table)) {
      expect(call.path).toMatch(/^\/[\w/{}.-]+$/);
      for (const name of call.refresh?.tables ?? []) expect(tableNames.has(name)).toBe(true);
    }
  });

  it('pages with a default among its sizes, and conditions read declared parameters', () => {
    if (table.paging.mode !== 'none') {
      expect(table.paging.pageSizes).toContain(table.paging.defaultPageSize);
      expect([...table.paging.pageSizes].sort((a, b) => a - b)).toEqual([...table.paging.pageSizes]);
    }
    const params = new Set(table.source.params ?? []);
    const conditions = [
      table.emphasis,
      ...(table.rowActions ?? []).map((action) => action.when),
      ...table.columns.map((column) => (column.kind === 'detail' ? column.onOpen?.when : undefined)),
    ];
    for (const name of conditions.flatMap(queryNames)) expect(params.has(name)).toBe(true);
    if (table.search) expect(table.search.minChars).toBeGreaterThanOrEqual(0);
  });

  it('has at most two card-header columns and totals only on euro columns', () => {
    expect(table.columns.filter((column) => column.cardHeader).length).toBeLessThanOrEqual(2);
    for (const column of table.columns) {
      if ('total' in column && column.total) expect(column.kind).toBe('euro');
    }
  });
});

describe('the list of tables', () => {
  it('keys each declaration by its own name, one file per table', () => {
    for (const [key, table] of Object.entries(tables)) expect(table.name).toBe(key);
    const files = readdirSync('config/tables').filter((file) => !['index.ts', 'types.ts'].includes(file));
    expect(files.length).toBe(Object.keys(tables).length);
  });
});

describe('status sets', () => {
  // The values and labels of 002 §4 are in spec-conformance.test.ts.
  it('label every value with a catalogue text', () => {
    for (const set of Object.values(statusSets)) {
      expect(Object.keys(set.values).length).toBeGreaterThan(0);
      for (const entry of Object.values(set.values)) {
        if (typeof entry.label === 'string') expect(Object.hasOwn(messages, entry.label)).toBe(true);
        else expect(entry.label.literal.trim()).not.toBe('');
      }
    }
  });
});
