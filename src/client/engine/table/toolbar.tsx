/**
 * Above the rows: the search box (sent after a pause, once long enough), the filters (select, year
 * range, user picker, a choice read from a call, a typed value) and the toolbar buttons (refresh, download of the same list as a file, upload
 * of a file followed by a refresh, with toasts).
 */
import { Button, FileButton, Group, Select, TextInput } from '@mantine/core';
import { IconDownload, IconRefresh, IconSearch, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import type { TableFilter } from '../../../../config/tables/types';
import { apiRequest } from '../../api/client';
import { flattenBackendError } from '../../components/backend-error-box';
import { withOverlays } from '../../components/overlay-host';
import { useDownload } from '../../components/use-download';
import { tableOptionsQueryOptions, tableQuery, tableUsersQueryOptions } from './query';
import type { TableState } from './use-table';
import { readField } from './values';

const companyOf = (state: TableState) =>
  state.table.scope === 'company' ? { actFor: state.request.companyId } : {};

function UserPicker({
  filter,
  state,
}: {
  filter: Extract<TableFilter, { kind: 'user-picker' }>;
  state: TableState;
}) {
  const users = useQuery(tableUsersQueryOptions(state.table, filter, state.request.companyId));
  const fields = typeof filter.labelField === 'string' ? [filter.labelField] : filter.labelField;
  const data = (users.data ?? []).map((user) => {
    const name = fields.map((field) => String(readField(user, field) ?? '')).join(' ');
    const detail = filter.detailField ? readField(user, filter.detailField) : undefined;
    const label = detail ? `${name} · ${String(detail)}` : name;
    const marked = filter.mark && readField(user, filter.mark.field) === true;
    return {
      value: String(readField(user, filter.valueField)),
      label: marked && filter.mark ? `${label} (${messages[filter.mark.label]})` : label,
    };
  });
  return (
    <Select
      label={messages[filter.label]}
      data={data}
      value={state.filters[filter.param] ?? null}
      onChange={(value) => state.setFilter(filter.param, value ?? undefined)}
      searchable
      clearable
      w={{ base: '100%', xs: 260 }}
    />
  );
}

/** A choice read from a declared call: `{ value, label }` from the declared fields, or a list of strings. */
function SourceSelect({
  filter,
  state,
}: {
  filter: Extract<TableFilter, { kind: 'source-select' }>;
  state: TableState;
}) {
  const options = useQuery(tableOptionsQueryOptions(state.table, filter, state.request.companyId));
  const list = filter.rows ? readField(options.data, filter.rows) : options.data;
  const items = Array.isArray(list) ? (list as unknown[]) : [];
  const data = items.map((item) => ({
    value: String(filter.valueField ? readField(item, filter.valueField) : item),
    label: String(filter.labelField ? readField(item, filter.labelField) : item),
  }));
  return (
    <Select
      label={messages[filter.label]}
      data={[{ value: '', label: messages.tableAll }, ...data]}
      value={state.filters[filter.param] ?? ''}
      onChange={(value) => state.setFilter(filter.param, value || undefined)}
      allowDeselect={false}
      searchable={data.length > 8}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

const TEXT_FORMATS = { decimal: /^\d+(?:\.\d{1,2})?$/, integer: /^\d+$/ } as const;

/** A typed value, sent after the pause when it has the declared format (a comma counts as the dot). */
function TextFilter({
  filter,
  state,
}: {
  filter: Extract<TableFilter, { kind: 'text' }>;
  state: TableState;
}) {
  const [text, setText] = useState(state.filters[filter.param] ?? '');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const value = filter.format === 'decimal' ? text.trim().replace(',', '.') : text.trim();
  const invalid = value !== '' && filter.format !== undefined && !TEXT_FORMATS[filter.format].test(value);
  const typed = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    const sent = filter.format === 'decimal' ? next.trim().replace(',', '.') : next.trim();
    if (sent !== '' && filter.format !== undefined && !TEXT_FORMATS[filter.format].test(sent)) return;
    timer.current = window.setTimeout(
      () => state.setFilter(filter.param, sent || undefined),
      filter.debounceMs,
    );
  };
  return (
    <TextInput
      label={messages[filter.label]}
      value={text}
      inputMode={
        filter.format === 'decimal' ? 'decimal' : filter.format === 'integer' ? 'numeric' : undefined
      }
      maxLength={filter.maxLength}
      onChange={(event) => typed(event.currentTarget.value)}
      error={invalid ? messages.tableFilterInvalid : undefined}
      w={{ base: '100%', xs: 180 }}
    />
  );
}

function FilterInput({ filter, state }: { filter: TableFilter; state: TableState }) {
  if (filter.kind === 'source-select') return <SourceSelect filter={filter} state={state} />;
  if (filter.kind === 'text') return <TextFilter filter={filter} state={state} />;
  if (filter.kind === 'select') {
    const data = filter.options.map((option) => ({ value: option.value, label: messages[option.label] }));
    return (
      <Select
        label={messages[filter.label]}
        data={filter.defaultValue === undefined ? [{ value: '', label: messages.tableAll }, ...data] : data}
        value={state.filters[filter.param] ?? ''}
        onChange={(value) => state.setFilter(filter.param, value || undefined)}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
    );
  }
  if (filter.kind === 'year') {
    const last = new Date().getFullYear() + filter.yearsAhead;
    const years = Array.from({ length: last - filter.firstYear + 1 }, (_, i) => String(last - i));
    return (
      <Select
        label={messages[filter.label]}
        data={[{ value: '', label: messages.tableAll }, ...years]}
        value={state.filters[filter.param] ?? ''}
        onChange={(value) => state.setFilter(filter.param, value || undefined)}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
      />
    );
  }
  if (filter.kind === 'year-range') {
    const thisYear = new Date().getFullYear();
    const years = Array.from({ length: thisYear - filter.firstYear + 1 }, (_, i) => String(thisYear - i));
    return (
      <Group gap="sm" wrap="wrap" role="group" aria-label={messages[filter.label]}>
        <Select
          label={messages.tableYearFrom}
          data={years}
          value={state.filters[filter.fromParam] ?? null}
          onChange={(value) => state.setFilter(filter.fromParam, value ?? undefined)}
          clearable
          w={140}
        />
        <Select
          label={messages.tableYearTo}
          data={years}
          value={state.filters[filter.toParam] ?? null}
          onChange={(value) => state.setFilter(filter.toParam, value ?? undefined)}
          clearable
          w={140}
        />
      </Group>
    );
  }
  return <UserPicker filter={filter} state={state} />;
}

export function TableToolbar({ state }: { state: TableState }) {
  const { table, query } = state;
  const toolbar = table.toolbar;
  const download = useDownload();
  const [uploading, setUploading] = useState(false);
  if (!table.search && !table.filters?.length && !toolbar) return null;

  const upload = async (file: File | null) => {
    const declared = toolbar?.upload;
    if (!file || !declared) return;
    setUploading(true);
    const body = new FormData();
    body.append(declared.field, file);
    const { notifications } = await withOverlays();
    try {
      await apiRequest<unknown>(declared.call.path, {
        method: declared.call.method ?? 'POST',
        body,
        ...companyOf(state),
      });
      notifications.show({ color: 'green', message: messages[declared.success], withCloseButton: true });
      await query.refetch();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: messages[declared.failure],
        message: flattenBackendError(error).join(' '),
        withCloseButton: true,
        autoClose: 15_000,
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-start" wrap="wrap">
        {table.search && (
          <TextInput
            label={messages[table.search.label]}
            type="search"
            value={state.search.text}
            maxLength={table.search.maxLength}
            onChange={(event) => state.search.typed(event.currentTarget.value)}
            description={
              state.search.tooShort
                ? formatTableMessage('tableSearchMin', { n: table.search.minChars })
                : undefined
            }
            leftSection={<IconSearch size={18} aria-hidden="true" />}
            w={{ base: '100%', sm: 320 }}
          />
        )}
        {(table.filters ?? []).map((filter) => (
          <FilterInput
            key={filter.kind === 'year-range' ? filter.fromParam : filter.param}
            filter={filter}
            state={state}
          />
        ))}
      </Group>
      {toolbar && (
        <Group gap="sm">
          {toolbar.refresh && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden="true" />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {messages.updateReload}
            </Button>
          )}
          {toolbar.download && (
            <Button
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              loading={download.running}
              disabled={download.running || state.empty}
              onClick={() =>
                void download.run(() =>
                  apiRequest(table.source.path, {
                    query: {
                      ...tableQuery(table, state.request),
                      page: undefined,
                      page_size: undefined,
                      ...toolbar.download!.query,
                    },
                    responseType: 'blob',
                    ...companyOf(state),
                  }),
                )
              }
            >
              {messages[toolbar.download.label]}
            </Button>
          )}
          {toolbar.upload && (
            <FileButton onChange={(file) => void upload(file)} accept={toolbar.upload.accept}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={uploading}
                  leftSection={<IconUpload size={18} aria-hidden="true" />}
                >
                  {messages[toolbar.upload!.label]}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      )}
    </Group>
  );
}
