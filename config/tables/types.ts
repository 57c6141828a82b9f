/**
 * The shape of a table declaration (read by `src/client/engine/table` and, for paging, by the
 * server's `services/paging.ts`). Plain data: texts are message keys of `messages-tables.it.ts`,
 * statuses name a set of `status-sets.ts`, links name a route of `routes.ts`. Field names are the
 * wire's; a dotted name (`fonte.nome`) reads a nested field.
 */
import type { TableMessageKey } from '../messages-tables.it';
import type { RouteName } from '../routes';
import type { StatusSetName } from '../status-sets';

/** `user`: the logged user's data; `company`: the company acted for (sent as `Act-For`). */
export type TableScope = 'user' | 'company';

export type QueryLiteral = string | number | boolean;

/** A condition on a row (`field`) or on the query the table was asked with (`query`). */
export type TableCondition =
  | { readonly field: string; readonly equals: QueryLiteral | null }
  | { readonly field: string; readonly notEquals: QueryLiteral | null }
  | { readonly field: string; readonly in: readonly QueryLiteral[] }
  | { readonly query: string; readonly equals: QueryLiteral }
  | { readonly all: readonly TableCondition[] };

/** A call: `{name}` in the path is filled from the row (row actions) or the query. */
export interface TableCall {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** Read again after the call: these tables, and other queries by the head of their key. */
  readonly refresh?: { readonly tables?: readonly string[]; readonly queries?: readonly string[] };
}

/** A text with `{placeholders}` filled from row fields (formatted as their column shows them). */
export interface RowText {
  readonly text: TableMessageKey;
  readonly params: Readonly<Record<string, string>>;
}

/** Where the list is read: `/api{path}` with the query; the rows are the answer or its `rows` field. */
export interface TableSource extends TableCall {
  /** Fixed query parameters. */
  readonly query?: Readonly<Record<string, QueryLiteral>>;
  /** Parameters the screen passes at render (`<DataTable params={...}>`), e.g. the inbox mode. */
  readonly params?: readonly string[];
  /** Field of the answer holding the rows (a paged answer: `results`); absent: the answer is the list. */
  readonly rows?: string;
  /** Field of the answer holding the total count (server paging); default `count`. */
  readonly count?: string;
  /**
   * A dataset of the server (src/server/routes/tables/datasets.ts): the server then generates
   * `GET /api{path}` for this table, answering `{ count, results }` with its columns only (`rows:
   * 'results'`, server paging), gated by `route`.
   */
  readonly dataset?: string;
  /** The route gating the generated call; default the route of the registry page showing the table. */
  readonly route?: string;
  /** The generated call's order: a column (`-` first for descending); default the dataset's. */
  readonly sort?: string;
}

export interface PagerTextKeys {
  readonly pageSize: TableMessageKey;
  /** `{n}`: the count. */
  readonly total: TableMessageKey;
  readonly pages: TableMessageKey;
  /** `{n}`: the page. */
  readonly page: TableMessageKey;
  readonly previous: TableMessageKey;
  readonly next: TableMessageKey;
}

/** The page sizes of the spec for a list and the default; shared by the portal and the server. */
export interface PageSizes {
  readonly pageSizes: readonly number[];
  readonly defaultPageSize: number;
}

export type TablePaging =
  | { readonly mode: 'none' }
  | (PageSizes & {
      /** `server`: `page`/`page_size` on the call, `count` in the answer; `client`: sliced here. */
      readonly mode: 'server' | 'client';
      readonly texts?: Partial<PagerTextKeys>;
    });

export interface TableSearch {
  readonly param: string;
  readonly label: TableMessageKey;
  /** Fewer characters (but some) do not search; the box says how many are needed. */
  readonly minChars: number;
  readonly debounceMs: number;
  readonly maxLength?: number;
}

export type TableFilter =
  | {
      readonly kind: 'select';
      readonly param: string;
      readonly label: TableMessageKey;
      readonly options: ReadonlyArray<{ readonly value: string; readonly label: TableMessageKey }>;
      /** Absent: the first choice is "all" (no parameter sent). */
      readonly defaultValue?: string;
    }
  | {
      readonly kind: 'year-range';
      readonly fromParam: string;
      readonly toParam: string;
      readonly firstYear: number;
      readonly label: TableMessageKey;
    }
  | {
      /** A user of the company acted for, chosen from `source` (a list of `{ id, label }`). */
      readonly kind: 'user-picker';
      readonly param: string;
      readonly label: TableMessageKey;
      readonly source: TableCall;
      readonly valueField: string;
      /** The option's text: these fields joined by a space (e.g. surname and name). */
      readonly labelField: string | readonly string[];
      /** A boolean field: when true the option says so with `markLabel` (a ceased employee: "Cessato"). */
      readonly mark?: { readonly field: string; readonly label: TableMessageKey };
      /** A field shown after the text, telling namesakes apart (the employee's e-mail). */
      readonly detailField?: string;
    }
  | {
      /**
       * A choice read from a declared call (e.g. the customers an operator serves): the list is the answer
       * or its `rows` field; each item gives `valueField` and `labelField`, or is itself the value and the
       * text (a list of strings). The first choice is "all".
       */
      readonly kind: 'source-select';
      readonly param: string;
      readonly label: TableMessageKey;
      readonly source: TableCall;
      readonly rows?: string;
      readonly valueField?: string;
      readonly labelField?: string;
    }
  | {
      /**
       * A typed value, sent after a pause (`debounceMs`). `decimal`: an amount in euro, sent with a dot
       * (what is typed with a comma too); `integer`: digits only. Anything else typed is not sent.
       */
      readonly kind: 'text';
      readonly param: string;
      readonly label: TableMessageKey;
      readonly format?: 'decimal' | 'integer';
      readonly maxLength?: number;
      readonly debounceMs: number;
    }
  | {
      /** One year, from `firstYear` to the current year plus `yearsAhead`; the first choice is "all". */
      readonly kind: 'year';
      readonly param: string;
      readonly label: TableMessageKey;
      readonly firstYear: number;
      readonly yearsAhead: number;
    };

interface ColumnBase {
  readonly field: string;
  readonly label: TableMessageKey;
  /** The header is read by screen readers only (action columns). */
  readonly hiddenLabel?: boolean;
  /** On phones the cell sits on the card's first line (date, state), unlabelled. */
  readonly cardHeader?: boolean;
  /** Bold in rows matching `TableDeclaration.emphasis`. */
  readonly emphasis?: boolean;
  /** Text shown when the value is empty (null, undefined, blank). */
  readonly empty?: TableMessageKey;
  /** Longer texts are cut to this many characters (the whole text stays in the cell's title). */
  readonly maxChars?: number;
}

export type TableColumn =
  | (ColumnBase & {
      readonly kind: 'text';
      /** The value links to a route, its parameters from row fields (a blank value stays plain text). */
      readonly link?: {
        readonly route: RouteName;
        readonly params: Readonly<Record<string, string>>;
        /** Accessible name of the link. */
        readonly ariaLabel?: RowText;
      };
      /**
       * A code kept on one line (never broken mid-code: a narrow cell scrolls sideways) with a button
       * copying it: its accessible name (`label`, e.g. "Copia il codice {code}") and what it says once
       * copied (`done`).
       */
      readonly copy?: { readonly label: RowText; readonly done: TableMessageKey };
    })
  | (ColumnBase & {
      readonly kind: 'date' | 'date-time';
      /** A sentence around the date: `{date}` is the value as the column writes it (e.g. "entro il {date}"). */
      readonly text?: TableMessageKey;
    })
  | (ColumnBase & {
      readonly kind: 'euro';
      /** Field of the answer with this column's total, shown in the footer. */
      readonly total?: string;
      readonly totalTestId?: string;
    })
  | (ColumnBase & {
      readonly kind: 'boolean';
      readonly trueLabel: TableMessageKey;
      readonly falseLabel: TableMessageKey;
      /** Icons instead of words (the words stay for screen readers and the tooltip). */
      readonly icons?: 'mail' | 'check';
      readonly testId?: string;
    })
  | (ColumnBase & {
      readonly kind: 'status';
      readonly set: StatusSetName;
      /** Plain text instead of a badge. */
      readonly plain?: boolean;
      /** A value outside the set shows this field of the row (else the value itself). */
      readonly fallbackField?: string;
    })
  | (ColumnBase & {
      readonly kind: 'download';
      /** `{name}` filled from the row; the file is saved with the server's name. */
      readonly call: TableCall;
      /** Query parameters from row fields (e.g. `{ uid: 'uid' }`). */
      readonly query?: Readonly<Record<string, string>>;
      readonly linkLabel: TableMessageKey;
      /** The button reads the field's value (a file name) instead of `linkLabel`; an empty value shows no button. */
      readonly showValue?: boolean;
      /** Accessible name of the button (the row's file or plan). */
      readonly ariaLabel?: RowText;
      /** A failure shows this toast instead of the backend error box. */
      readonly failure?: TableMessageKey;
      /** The button shows only on rows matching this (e.g. an open payout batch). */
      readonly when?: TableCondition;
    })
  | (ColumnBase & {
      readonly kind: 'detail';
      readonly buttonLabel: TableMessageKey;
      /** The button shows only on rows matching this (e.g. a note that is not empty). */
      readonly when?: TableCondition;
      /** Accessible name of the button. */
      readonly ariaLabel?: RowText;
      readonly title: TableMessageKey;
      readonly fields: readonly TableColumn[];
      /** A field holding HTML, shown sanitized under the fields. */
      readonly html?: string;
      readonly htmlTestId?: string;
      /** A list field of the row shown as a small table under the fields (e.g. a voucher's movements). */
      readonly list?: {
        readonly field: string;
        readonly caption: TableMessageKey;
        readonly columns: readonly TableColumn[];
        readonly empty: TableMessageKey;
        readonly testId?: string;
      };
      /** A call made when the detail opens, when the condition holds (e.g. mark read). */
      readonly onOpen?: { readonly call: TableCall; readonly when?: TableCondition };
    });

export type ColumnKind = TableColumn['kind'];

/** A route chosen by the value of a row's field (`routes[String(value)]`). */
export interface RouteByField {
  readonly field: string;
  readonly routes: Readonly<Record<string, RouteName>>;
}

export type TableRowAction =
  | {
      readonly kind: 'call';
      readonly label: TableMessageKey;
      readonly call: TableCall;
      readonly when?: TableCondition;
      /** Asked first: title, text, confirm button. */
      readonly confirm?: {
        readonly title: TableMessageKey;
        readonly text: RowText;
        readonly confirmLabel: TableMessageKey;
        /** The button that declines (default `cancel`, "Annulla"). */
        readonly cancelLabel?: TableMessageKey;
      };
      readonly success: TableMessageKey;
      readonly failure: TableMessageKey;
      readonly color?: 'red' | 'brand';
    }
  | {
      readonly kind: 'navigate';
      readonly label: TableMessageKey;
      /** Accessible name of the button. */
      readonly ariaLabel?: RowText;
      /**
       * The route, fixed or chosen by a field of the row (a row with no route has no button). Several
       * choices: the first whose field the row has (any value, null too) decides, so a field a server
       * may not send comes before the one that stands in for it.
       */
      readonly route: RouteName | RouteByField | readonly RouteByField[];
      /** Route parameters from row fields. */
      readonly params?: Readonly<Record<string, string>>;
      readonly when?: TableCondition;
      readonly icon?: 'repeat';
      readonly testId?: string;
    };

/**
 * A row tone: `expired` when the date field is before today, `expiring` within `withinDays`; `match`
 * when the row matches `when` (no date: e.g. an empty stock), its badge and sentence in the column of `field`.
 */
export interface TableTone {
  readonly tone: 'expired' | 'expiring' | 'match';
  readonly field: string;
  readonly withinDays?: number;
  /** Only rows matching this take the tone (e.g. the epoch date of a schedule row). */
  readonly when?: TableCondition;
  /** The row's colour (default: grey when expired, yellow when expiring). */
  readonly color?: 'red' | 'gray' | 'yellow';
  /** A badge with this text in the column of `field` (not by colour only). */
  readonly label?: TableMessageKey;
  /** A sentence from the row in the column of `field`, in place of its value (e.g. "Credito scaduto il {date}."). */
  readonly text?: RowText;
}

export interface TableToolbar {
  readonly refresh?: boolean;
  /** The same call with these parameters answers a file (e.g. `{ download: true }`). */
  readonly download?: {
    readonly query: Readonly<Record<string, QueryLiteral>>;
    readonly label: TableMessageKey;
  };
  /** A file sent as multipart field `field`; the list is read again afterwards. */
  readonly upload?: {
    readonly call: TableCall;
    readonly field: string;
    readonly accept?: string;
    readonly label: TableMessageKey;
    readonly success: TableMessageKey;
    readonly failure: TableMessageKey;
  };
}

export interface TableDeclaration {
  readonly name: string;
  /** Accessible name of the table and of its scroll region. */
  readonly caption: TableMessageKey;
  readonly scope: TableScope;
  readonly source: TableSource;
  readonly paging: TablePaging;
  readonly search?: TableSearch;
  readonly filters?: readonly TableFilter[];
  readonly columns: readonly TableColumn[];
  readonly rowActions?: readonly TableRowAction[];
  readonly tones?: readonly TableTone[];
  /** Children follow their parent (rows whose `parentField` is the parent's `idField`). */
  readonly nested?: { readonly parentField: string; readonly idField?: string };
  readonly toolbar?: TableToolbar;
  /** Rows matching this are emphasised (bold columns with `emphasis`). */
  readonly emphasis?: TableCondition;
  /** Row attributes `data-<name>` from row fields (for styles and tests). */
  readonly rowData?: Readonly<Record<string, string>>;
  /** Key of a row; default `id`. */
  readonly rowKey?: readonly string[];
  readonly striped?: boolean;
  /** Width below which the desktop table scrolls sideways (px). */
  readonly minWidth: number;
  readonly skeletonRows?: number;
  /** Nothing is asked until this filter has a value; meanwhile the text is shown (the user picker). */
  readonly requires?: { readonly param: string; readonly text: TableMessageKey };
  readonly empty: {
    readonly text: TableMessageKey;
    readonly help?: TableMessageKey;
    /** `row`: a row inside the table (the header stays); `block`: a notice instead of the table. */
    readonly placement: 'row' | 'block';
  };
  /** What a load failure shows: the server's error in an alert, a fixed text, or the empty state. */
  readonly failure:
    | { readonly show: 'server-error' }
    | { readonly show: 'text'; readonly text: TableMessageKey }
    | { readonly show: 'empty' };
  /** A note above the rows when there are some (`{n}`-style params are literal values). */
  readonly note?: {
    readonly text: TableMessageKey;
    readonly params?: Readonly<Record<string, QueryLiteral>>;
  };
  /** Footer row label when a column declares a total. */
  readonly totalsLabel?: TableMessageKey;
  /** Test ids of the parts (existing end-to-end tests read them). */
  readonly testIds?: {
    readonly row?: string;
    readonly skeleton?: string;
    readonly empty?: string;
    readonly total?: string;
    readonly totals?: string;
  };
}
