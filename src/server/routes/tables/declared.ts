/**
 * Table calls generated from their declarations (issue 25), as the showcase calls are
 * (routes/showcases/declared.ts): every table whose source names a dataset (./datasets.ts) is served at
 * `GET /api{source.path}`, gated by its own route (`source.route`, else the route of the registry page of
 * kind `table` that shows it, config/pages.ts), answering `{ count, results }` with only the declared
 * columns (and the row key), paged as the declaration says (server paging), searched in the dataset's
 * search columns with the declared search parameter, sorted by `source.sort` or by `ordering` (a sortable
 * declared column, `-` first for descending).
 *
 * Company tables are registered by the back-office plugin (routes/backoffice), which fails closed
 * (referent, managed company of `Act-For`); user tables beside the other calls of the logged user.
 *
 * A declaration naming an unknown dataset, a column or sort the dataset lacks, a scope other than the
 * dataset's, a route the server does not know, no route at all, a path already served, or no server
 * paging stops buildApp with a message naming it.
 */
import { sql } from 'kysely';
import type { TableColumn, TableDeclaration } from '../../../../config/tables/types';
import { actingCompany } from '../../plugins/access';
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { romeDate } from '../../services/calendar';
import { pageSlice, pagingDescription, pagingQueryProperties } from '../../services/paging';
import { formatCents } from '../../../shared/money';
import { columnSchema, findDataset, type Dataset, type DatasetColumn } from './datasets';

/** A table as the server reads it, with the route that shows it (resolved by `declaredTables`). */
export interface DeclaredTable {
  readonly table: TableDeclaration;
  /** The route of the page showing it; undefined: none found (the start refuses a dataset source). */
  readonly route: string | undefined;
}

const PATH = /^(\/[a-z0-9_-]+)+$/;
const SEARCH_SCHEMA = { type: 'string', maxLength: 100 } as const;

/**
 * The tables with a dataset source, each with its gating route: `source.route`, else the route of the
 * page of kind `table` showing it.
 */
export function declaredTables(
  tables: readonly TableDeclaration[],
  pages: readonly { readonly kind: string; readonly route: string; readonly table?: TableDeclaration }[],
): DeclaredTable[] {
  const seen = new Set<string>();
  const found: DeclaredTable[] = [];
  for (const table of tables) {
    if (table.source.dataset === undefined || seen.has(table.name)) continue;
    seen.add(table.name);
    const page = pages.find((entry) => entry.kind === 'table' && entry.table?.name === table.name);
    found.push({ table, route: table.source.route ?? page?.route });
  }
  return found;
}

/** The fields a table reads from its rows: its columns (and the detail's), and its row key. */
function readFields(table: TableDeclaration): string[] {
  const fields = new Set<string>(table.rowKey ?? ['id']);
  const visit = (columns: readonly TableColumn[]) => {
    for (const column of columns) {
      fields.add(column.field);
      if (column.kind === 'detail') visit(column.fields);
    }
  };
  visit(table.columns);
  return [...fields];
}

function wireValue(column: DatasetColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'money':
      return formatCents(BigInt(value as string | number | bigint));
    case 'integer':
      return Number(value);
    case 'boolean':
      return Boolean(value);
    case 'date-time':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    default:
      return String(value);
  }
}

/** A search text as a LIKE pattern matching it anywhere, its wildcards taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Registers the calls of the declared tables of `scope`; anything wrong stops the start. */
export function registerTableCalls(
  app: WireApp,
  tables: readonly DeclaredTable[],
  scope: 'user' | 'company',
): void {
  for (const { table, route } of tables) {
    const what = `Tabella «${table.name}»`;
    const source = table.source;
    const dataset: Dataset | undefined = findDataset(source.dataset ?? '');
    if (!dataset) throw new Error(`${what}: il dataset «${source.dataset}» non esiste.`);
    if (dataset.scope !== table.scope) {
      throw new Error(
        `${what}: il dataset «${source.dataset}» è di ambito ${dataset.scope}, la tabella ${table.scope}.`,
      );
    }
    if (table.scope !== scope) continue;
    if (route === undefined) {
      throw new Error(
        `${what}: nessuna route la mostra (source.route o una pagina di tipo table in config/pages.ts).`,
      );
    }
    if (!Object.hasOwn(app.routeRules, route)) {
      throw new Error(`${what}: la route «${route}» non è dichiarata (config/routes.ts).`);
    }
    if (!PATH.test(source.path)) throw new Error(`${what}: percorso «${source.path}» non valido.`);
    if (
      (source.method ?? 'GET') !== 'GET' ||
      source.rows !== 'results' ||
      (source.count ?? 'count') !== 'count'
    ) {
      throw new Error(
        `${what}: una tabella con dataset legge GET, le righe da «results» e il totale da «count».`,
      );
    }
    if (table.paging.mode !== 'server') {
      throw new Error(`${what}: una tabella con dataset è paginata dal server (paging.mode «server»).`);
    }
    const paging = table.paging;
    const fields = readFields(table);
    for (const field of fields) {
      if (!Object.hasOwn(dataset.columns, field)) {
        throw new Error(`${what}: la colonna «${field}» non è del dataset «${source.dataset}».`);
      }
    }
    const sortable = dataset.sort.filter((name) => fields.includes(name));
    const defaultSort = source.sort ?? dataset.defaultSort;
    if (!dataset.sort.includes(defaultSort.replace(/^-/, ''))) {
      throw new Error(`${what}: il dataset «${source.dataset}» non ordina per «${defaultSort}».`);
    }
    const search = table.search?.param;
    if (search !== undefined && dataset.search.length === 0) {
      throw new Error(`${what}: il dataset «${source.dataset}» non ha ricerca.`);
    }
    const reserved = new Set(['page', 'page_size', 'ordering', ...(search ? [search] : [])]);
    for (const key of [...Object.keys(source.query ?? {}), ...(source.params ?? [])]) {
      throw new Error(`${what}: il parametro «${key}» non è letto dal dataset «${source.dataset}».`);
    }
    for (const filter of table.filters ?? []) {
      const params = filter.kind === 'year-range' ? [filter.fromParam, filter.toParam] : [filter.param];
      for (const param of params) {
        if (!reserved.has(param)) {
          throw new Error(`${what}: il filtro «${param}» non è letto dal dataset «${source.dataset}».`);
        }
      }
    }
    const url = `/api${source.path}`;
    if (app.hasRoute({ method: 'GET', url })) {
      throw new Error(`${what}: GET ${url} è già servita da un’altra chiamata.`);
    }

    const properties: Record<string, object> = {
      ...pagingQueryProperties(paging),
      ...(search !== undefined ? { [search]: SEARCH_SCHEMA } : {}),
      ...(sortable.length > 0
        ? { ordering: { type: 'string', enum: sortable.flatMap((name) => [name, `-${name}`]) } }
        : {}),
    };
    const rowSchema = {
      type: 'object',
      required: fields,
      properties: Object.fromEntries(fields.map((field) => [field, columnSchema(dataset.columns[field]!)])),
      additionalProperties: false,
    };
    const datasetName = source.dataset!;
    app.route({
      method: 'GET',
      url,
      config: { route },
      schema: {
        summary: dataset.summary,
        description:
          `Generata dalla tabella «${table.name}» (dataset \`${datasetName}\`): ` +
          (scope === 'company'
            ? 'le righe dell’azienda per cui opera il referente (Act-For). '
            : 'le righe dell’utente. ') +
          `${pagingDescription(paging)}` +
          (search !== undefined ? ` \`${search}\`: cerca in ${dataset.search.join(', ')}.` : '') +
          (sortable.length > 0
            ? ` \`ordering\`: ordine (\`-\` decrescente), predefinito \`${defaultSort}\`.`
            : ''),
        tags: [scope === 'company' ? 'back office' : 'tabelle'],
        querystring: { type: 'object', properties, additionalProperties: false },
        response: {
          200: {
            type: 'object',
            required: ['count', 'results'],
            properties: {
              count: { type: 'integer', minimum: 0 },
              results: { type: 'array', items: rowSchema },
            },
            additionalProperties: false,
          },
          ...errorResponses(400, 401, 403, 429),
        },
      },
      handler: async (request) => {
        const { userId } = requireAuth(request);
        const owner = scope === 'company' ? actingCompany(request) : userId;
        const query = (request.query ?? {}) as Record<string, unknown>;
        const slice = pageSlice(query as { page?: number; page_size?: number }, paging);
        const day = romeDate();
        const text = search !== undefined && typeof query[search] === 'string' ? query[search].trim() : '';
        const where =
          text === ''
            ? sql``
            : sql` AND (${sql.join(
                dataset.search.map(
                  (name) => sql`${dataset.columns[name]!.sql(day)} ILIKE ${likePattern(text)}`,
                ),
                sql` OR `,
              )})`;
        const ordering = typeof query.ordering === 'string' ? query.ordering : defaultSort;
        const sortName = ordering.replace(/^-/, '');
        const direction = ordering.startsWith('-') ? sql`DESC` : sql`ASC`;
        const order = sql`${dataset.columns[sortName]!.sql(day)} ${direction} NULLS LAST, ${dataset.tieBreaker} ${direction}`;
        const from = dataset.from(owner);
        const selected = sql.join(
          fields.map((field) => sql`${dataset.columns[field]!.sql(day)} AS ${sql.ref(field)}`),
        );
        const [counted, rows] = await Promise.all([
          sql<{ n: string | number }>`SELECT count(*) AS n ${from}${where}`.execute(app.db),
          sql<Record<string, unknown>>`SELECT ${selected} ${from}${where} ORDER BY ${order}
            LIMIT ${slice.limit} OFFSET ${slice.offset}`.execute(app.db),
        ]);
        return {
          count: Number(counted.rows[0]?.n ?? 0),
          results: rows.rows.map((row) =>
            Object.fromEntries(
              fields.map((field) => [field, wireValue(dataset.columns[field]!, row[field])]),
            ),
          ),
        } as never;
      },
    });
  }
}
