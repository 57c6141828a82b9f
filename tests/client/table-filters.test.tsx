/**
 * The table engine's filters added for the operator console (issue 26), on a fixture declaration: a
 * choice read from a declared call (`source-select`: `{ value, label }` from named fields, or a list of
 * strings) and a typed value (`text`: sent after the pause, a decimal with a dot, nothing while invalid).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/catalogues/tables';
import type { TableDeclaration } from '../../config/tables/types';
import { queryClient } from '../../src/client/api/query-client';
import { QueryProvider } from '../../src/client/components/query-provider';
import { DataTable } from '../../src/client/engine/table';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

const table = {
  name: 'prova-filtri',
  caption: 'opQueueTitle',
  scope: 'user',
  source: { path: '/prova_lista', rows: 'results' },
  paging: { mode: 'server', pageSizes: [10], defaultPageSize: 10 },
  filters: [
    {
      kind: 'source-select',
      param: 'cliente',
      label: 'opColCustomer',
      source: { path: '/prova_scelte' },
      rows: 'clienti',
      valueField: 'id',
      labelField: 'nome',
    },
    {
      kind: 'source-select',
      param: 'azione',
      label: 'opColAction',
      source: { path: '/prova_scelte' },
      rows: 'azioni',
    },
    { kind: 'text', param: 'importo_min', label: 'opFilterAmountMin', format: 'decimal', debounceMs: 50 },
  ],
  columns: [{ kind: 'text', field: 'nome', label: 'opColCustomer' }],
  minWidth: 400,
  empty: { text: 'opQueueEmpty', placement: 'block' },
  failure: { show: 'server-error' },
  testIds: { row: 'prova-row' },
} as const satisfies TableDeclaration;

function api(): RecordedCall[] {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://portale.test');
    if (parsed.pathname === '/api/prova_scelte') {
      return jsonResponse(200, {
        clienti: [
          { id: 1, nome: 'Acme' },
          { id: 2, nome: 'Beta' },
        ],
        azioni: ['approva', 'rifiuta'],
      });
    }
    if (parsed.pathname === '/api/prova_lista') {
      return jsonResponse(200, { count: 1, results: [{ id: 1, nome: 'riga' }] });
    }
    return undefined;
  });
}

const listQueries = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/prova_lista?'))
    .map((call) => new URL(call.url, 'http://portale.test').searchParams);

beforeEach(() => {
  logInAs('utente');
  queryClient.clear();
});

afterEach(() => queryClient.clear());

describe('filters read from a call and typed', () => {
  it('offers the choices of the declared call and sends the chosen value', async () => {
    const calls = api();
    await renderInRouter(
      <QueryProvider>
        <DataTable table={table} />
      </QueryProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('prova-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: messages.opColCustomer }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beta' }));
    await waitFor(() => expect(listQueries(calls).at(-1)?.get('cliente')).toBe('2'));

    fireEvent.click(screen.getByRole('combobox', { name: messages.opColAction }));
    fireEvent.click(await screen.findByRole('option', { name: 'rifiuta' }));
    await waitFor(() => expect(listQueries(calls).at(-1)?.get('azione')).toBe('rifiuta'));
  });

  it('sends a typed amount after the pause, with a dot, and nothing while it is invalid', async () => {
    const calls = api();
    await renderInRouter(
      <QueryProvider>
        <DataTable table={table} />
      </QueryProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('prova-row')).toHaveLength(1));
    const box = screen.getByRole('textbox', { name: messages.opFilterAmountMin });
    fireEvent.change(box, { target: { value: '12,5x' } });
    expect(await screen.findByText(messages.tableFilterInvalid)).toBeTruthy();
    fireEvent.change(box, { target: { value: '12,50' } });
    await waitFor(() => expect(listQueries(calls).at(-1)?.get('importo_min')).toBe('12.50'));
    expect(listQueries(calls).some((query) => query.get('importo_min')?.includes('x'))).toBe(false);
  });
});
