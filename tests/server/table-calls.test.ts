/**
 * Every table declaration of config/tables is bound to the server's calls (issue 25): its list call, row
 * actions, downloads, detail calls and pickers are routes the app serves with that method; every column
 * (and detail field, list column, tone, total, row datum) names a field the call's 200 answer declares;
 * every query parameter the table sends (fixed ones, screen parameters, filters, search, paging) is one the
 * call accepts. Read from the app's own OpenAPI document, so a declaration naming a call or a field the
 * server does not have fails here, not in a user's browser. A new table in config/ is checked with no edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../config/tables';
import type { TableCall, TableColumn, TableDeclaration } from '../../config/tables/types';
import { buildTestApp, json, type TestApp } from './helpers';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
};
type Operation = {
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

let t: TestApp;
let doc: OpenApi;

beforeAll(async () => {
  t = await buildTestApp('pglite', { demo: false }, { sharedEmpty: true });
  doc = json<OpenApi>(await t.request({ method: 'GET', url: '/api/openapi.json' }));
});
afterAll(async () => t?.close());

/** `/chiavi_pubbliche/{id}` of a declaration -> the OpenAPI path `/api/chiavi_pubbliche/{…}`, whatever its name. */
function operationOf(call: TableCall): { path: string; operation: Operation } | null {
  const method = (call.method ?? 'GET').toLowerCase();
  const wanted = `/api${call.path}`.split('/');
  for (const [path, operations] of Object.entries(doc.paths)) {
    const parts = path.split('/');
    if (parts.length !== wanted.length) continue;
    const same = parts.every(
      (part, i) => part === wanted[i] || (/^\{.+\}$/.test(part) && /^\{.+\}$/.test(wanted[i]!)),
    );
    if (same && operations[method]) return { path, operation: operations[method]! };
  }
  return null;
}

function resolve(schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let i = 0; current?.$ref && i < 20; i += 1) {
    const name = decodeURIComponent(current.$ref.replace('#/components/schemas/', ''));
    current = doc.components.schemas[name];
  }
  return current;
}

/** The object shapes a schema may be (anyOf/oneOf/allOf flattened, nulls left out). */
function shapes(schema: Schema | undefined): Schema[] {
  const resolved = resolve(schema);
  if (!resolved) return [];
  const parts = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  if (parts.length) return parts.flatMap(shapes);
  return [resolved];
}

/** Whether `field` (dotted for nested objects) is declared by the row schema. */
function declares(schema: Schema | undefined, field: string): boolean {
  const [head, ...rest] = field.split('.');
  return shapes(schema).some((shape) => {
    if (shape.additionalProperties && typeof shape.additionalProperties === 'object' && !shape.properties)
      return true; // a map: any key
    const property = shape.properties?.[head!];
    if (!property) return false;
    return rest.length === 0 || declares(property, rest.join('.'));
  });
}

function answerOf(operation: Operation): Schema | undefined {
  const ok = operation.responses?.['200'] ?? operation.responses?.['201'];
  const content = ok?.content ?? {};
  return content['application/json']?.schema ?? Object.values(content)[0]?.schema;
}

/** The rows' item schema: the answer's `rows` field, or the answer itself, as a list. */
function rowSchema(table: TableDeclaration, answer: Schema | undefined): Schema | undefined {
  const list = table.source.rows
    ? shapes(answer)
        .map((shape) => shape.properties?.[table.source.rows!])
        .find(Boolean)
    : answer;
  return shapes(list).find((shape) => shape.items)?.items;
}

function columnFields(columns: readonly TableColumn[], at: string): Array<[string, string]> {
  return columns.flatMap((column, i): Array<[string, string]> => {
    const where = `${at}[${i}]`;
    const own: Array<[string, string]> = [[where, column.field]];
    if (column.kind === 'status' && column.fallbackField)
      own.push([`${where}.fallbackField`, column.fallbackField]);
    if (column.kind === 'detail') {
      own.length = 0; // an action column: its field is a label, its fields are the row's
      own.push(...columnFields(column.fields, `${where}.fields`));
      if (column.html) own.push([`${where}.html`, column.html]);
      if (column.list) own.push([`${where}.list`, column.list.field]);
    }
    if (column.kind === 'download') own.length = 0;
    return own;
  });
}

/** Every call a declaration makes, with where it is declared. */
function callsOf(table: TableDeclaration): Array<[string, TableCall]> {
  const calls: Array<[string, TableCall]> = [['source', table.source]];
  const columns = (list: readonly TableColumn[], at: string) =>
    list.forEach((column, i) => {
      if (column.kind === 'download') calls.push([`${at}[${i}].call`, column.call]);
      if (column.kind === 'detail') {
        if (column.onOpen) calls.push([`${at}[${i}].onOpen`, column.onOpen.call]);
        columns(column.fields, `${at}[${i}].fields`);
      }
    });
  columns(table.columns, 'columns');
  (table.rowActions ?? []).forEach(
    (action, i) => action.kind === 'call' && calls.push([`rowActions[${i}]`, action.call]),
  );
  for (const filter of table.filters ?? [])
    if (filter.kind === 'user-picker' || filter.kind === 'source-select')
      calls.push(['filter.source', filter.source]);
  if (table.toolbar?.upload) calls.push(['toolbar.upload', table.toolbar.upload.call]);
  return calls;
}

/** The query parameters the engine sends on the list call. */
function sentParameters(table: TableDeclaration): string[] {
  const names = [...Object.keys(table.source.query ?? {}), ...(table.source.params ?? [])];
  if (table.paging.mode === 'server') names.push('page', 'page_size');
  if (table.search) names.push(table.search.param);
  for (const filter of table.filters ?? []) {
    if (filter.kind === 'year-range') names.push(filter.fromParam, filter.toParam);
    else names.push(filter.param);
  }
  if (table.toolbar?.download) names.push(...Object.keys(table.toolbar.download.query));
  return names;
}

describe.each(Object.entries(tables))('table %s and the server', (_name, table: TableDeclaration) => {
  it('makes only calls the server serves, with the declared method', () => {
    const missing = callsOf(table)
      .filter(([, call]) => operationOf(call) === null)
      .map(([where, call]) => `${where}: ${call.method ?? 'GET'} /api${call.path}`);
    expect(missing).toEqual([]);
  });

  it('shows only fields its call answers', () => {
    const { operation } = operationOf(table.source)!;
    const answer = answerOf(operation);
    const rows = rowSchema(table, answer);
    expect(rows, 'the answer’s rows are declared as a list').toBeDefined();
    const fields: Array<[string, string]> = [
      ...columnFields(table.columns, 'columns'),
      ...(table.tones ?? []).map((tone, i): [string, string] => [`tones[${i}]`, tone.field]),
      ...Object.entries(table.rowData ?? {}).map(([name, field]): [string, string] => [
        `rowData.${name}`,
        field,
      ]),
      ...(table.rowKey ?? []).map((field): [string, string] => ['rowKey', field]),
      ...(table.nested ? [['nested.parentField', table.nested.parentField] as [string, string]] : []),
    ];
    const undeclared = fields
      .filter(([, field]) => !declares(rows, field))
      .map(([where, field]) => `${where}: ${field}`);
    expect(undeclared).toEqual([]);
    // Totals and the count are fields of the answer itself.
    const totals = table.columns.flatMap((column) =>
      column.kind === 'euro' && column.total ? [column.total] : [],
    );
    if (table.paging.mode === 'server') totals.push(table.source.count ?? 'count');
    expect(totals.filter((field) => !declares(answer, field))).toEqual([]);
  });

  it('sends only query parameters its call accepts', () => {
    const { operation } = operationOf(table.source)!;
    const accepted = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
    expect(sentParameters(table).filter((name) => !accepted.has(name))).toEqual([]);
  });
});

describe('the binding check itself', () => {
  it('fails a declaration naming a call, a field or a parameter the server does not have', () => {
    const table = Object.values(tables)[0] as TableDeclaration;
    expect(operationOf({ path: '/chiamata_inesistente' })).toBeNull();
    const rows = rowSchema(table, answerOf(operationOf(table.source)!.operation));
    expect(declares(rows, 'campo_inesistente')).toBe(false);
    expect(
      declares(rows, table.columns.find((c) => c.kind !== 'detail' && c.kind !== 'download')!.field),
    ).toBe(true);
  });
});
