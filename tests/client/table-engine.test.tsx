/**
 * The table engine on a table declared only in a test fixture (tests/fixtures/tables): no screen code,
 * and it pages, searches, shows statuses, opens the detail, runs a confirmed row action with its
 * toasts, refreshes, and says when the list is empty or cannot be loaded.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatTableMessage, messages } from '../../src/shared/catalogues/tables';
import { queryClient } from '../../src/client/api/query-client';
import { QueryProvider } from '../../src/client/components/query-provider';
import { DataTable } from '../../src/client/engine/table';
import { useSessionStore } from '../../src/client/stores/session';
import { provaImportazioniTable } from '../fixtures/tables/prova-importazioni';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

interface Job {
  id: number;
  created: string;
  input_filename: string;
  status: string;
  importo: string | null;
  note: string | null;
}

const STATUSES = [
  'VALIDATION_COMPLETED',
  'IMPORTED_SUCCESSFULLY',
  'IMPORT_FAILED',
  'STATO_NUOVO',
  'IN_QUEUE',
  'VALIDATION_COMPLETED',
  'REJECTED_BY_BACKOFFICE',
];

const jobs = (): Job[] =>
  STATUSES.map((status, i) => ({
    id: i + 1,
    created: `2026-03-0${i + 1}T08:30:00`,
    input_filename: i === 5 ? 'abcdef.xlsx' : `dipendenti-${i + 1}.xlsx`,
    status,
    importo: i === 0 ? '1234.5' : null,
    note: i === 0 ? 'Due righe con anomalie' : null,
  }));

interface Options {
  rows?: Job[];
  listStatus?: number;
  cancelStatus?: number;
}

function api({ rows = jobs(), listStatus = 200, cancelStatus = 200 }: Options = {}) {
  return stubApi((url, init) => {
    const parsed = new URL(url, 'http://portale.test');
    if (parsed.pathname === '/api/prova_importazioni') {
      if (listStatus !== 200) return jsonResponse(listStatus, { detail: 'Servizio non disponibile.' });
      const search = parsed.searchParams.get('search') ?? '';
      const status = parsed.searchParams.get('status');
      const found = rows.filter(
        (row) => row.input_filename.includes(search) && (status === null || row.status === status),
      );
      const page = Number(parsed.searchParams.get('page'));
      const size = Number(parsed.searchParams.get('page_size'));
      return jsonResponse(200, { count: found.length, results: found.slice((page - 1) * size, page * size) });
    }
    const cancel = /^\/api\/prova_importazioni\/(\d+)\/annulla$/.exec(parsed.pathname);
    if (cancel && init.method === 'POST') {
      if (cancelStatus !== 200)
        return jsonResponse(cancelStatus, { detail: 'Stato cambiato nel frattempo.' });
      const row = rows.find((item) => item.id === Number(cancel[1]));
      if (row) row.status = 'CANCELLED_BY_COMPANY_REFERENT';
      return jsonResponse(200, { id: Number(cancel[1]) });
    }
    return undefined;
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/prova_importazioni?'))
    .map((call) => ({
      query: new URL(call.url, 'http://portale.test').searchParams,
      actFor: (call.init.headers as Headers).get('Act-For'),
    }));

const rows = () => screen.getAllByTestId('prova-row');

async function show() {
  await renderInRouter(
    <QueryProvider>
      <DataTable table={provaImportazioniTable} />
    </QueryProvider>,
  );
}

beforeEach(() => {
  logInAs('ref_aziendale');
  useSessionStore.getState().setActFor({ id: 7, nome: 'Acme S.p.A.' });
  queryClient.clear();
});

afterEach(() => {
  queryClient.clear();
});

describe('a table declared only in a fixture', () => {
  it('pages on the server for the company acted for, with statuses from the import-job set', async () => {
    const calls = api();
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const first = listCalls(calls)[0]!;
    expect(first.query.toString()).toBe('page=1&page_size=5');
    expect(first.actFor).toBe('7');
    expect(screen.getByRole('region', { name: messages.importJobsTitle })).toBeTruthy();
    expect(screen.getByTestId('prova-total').textContent).toBe(formatTableMessage('tableTotal', { n: 7 }));

    const cells = (n: number) => within(rows()[n] as HTMLElement).getAllByRole('cell');
    expect(cells(0)[0]?.textContent).toBe('01-03-2026 08:30:00');
    expect(cells(0)[3]?.textContent).toBe('1.234,50\u00a0€');
    // IMPORTED_SUCCESSFULLY and IMPORT_FAILED share the text, told apart by the variant (002 §4.2).
    const success = within(cells(1)[2] as HTMLElement).getByText(messages.importAccepted);
    const failed = within(cells(2)[2] as HTMLElement).getByText(messages.importAccepted);
    expect(success.closest('[data-status]')?.getAttribute('data-status')).toBe('IMPORTED_SUCCESSFULLY');
    expect(success.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('green');
    expect(failed.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
    // Any other value is shown raw.
    expect(cells(3)[2]?.textContent).toBe('STATO_NUOVO');

    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 2 }) }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls(calls).at(-1)?.query.toString()).toBe('page=2&page_size=5');
  });

  it('searches after the pause, and only from the declared minimum of characters', async () => {
    const calls = api();
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 2 }) }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const box = screen.getByRole('searchbox', { name: messages.search });
    fireEvent.change(box, { target: { value: 'ab' } });
    expect(await screen.findByText(formatTableMessage('tableSearchMin', { n: 3 }))).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listCalls(calls).some((call) => call.query.has('search'))).toBe(false);

    fireEvent.change(box, { target: { value: 'abc' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    // A new search starts from page 1.
    expect(listCalls(calls).at(-1)?.query.toString()).toBe('page=1&page_size=5&search=abc');
    expect(screen.queryByText(formatTableMessage('tableSearchMin', { n: 3 }))).toBeNull();
  });

  it('filters by a select', async () => {
    const calls = api();
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('combobox', { name: messages.status }));
    fireEvent.click(await screen.findByRole('option', { name: messages.importValidationCompleted }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls(calls).at(-1)?.query.get('status')).toBe('VALIDATION_COMPLETED');
  });

  it('opens the detail modal with the declared fields', async () => {
    api();
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(
      within(rows()[0] as HTMLElement).getByRole('button', {
        name: formatTableMessage('importDetailLabel', { file: 'dipendenti-1.xlsx' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: messages.detail });
    expect(within(dialog).getByText('Due righe con anomalie')).toBeTruthy();
    expect(within(dialog).getByText('dipendenti-1.xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the row action where its condition holds, asks first, calls, toasts and reads again', async () => {
    const calls = api();
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const offered = rows().map(
      (row) => within(row).queryByRole('button', { name: messages.importCancel }) !== null,
    );
    expect(offered).toEqual([true, false, false, false, false]);

    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: messages.importCancel }));
    let dialog = await screen.findByRole('dialog', { name: messages.importCancel });
    expect(
      within(dialog).getByText(formatTableMessage('importCancelText', { file: 'dipendenti-1.xlsx' })),
    ).toBeTruthy();
    // Cancelled: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.url.includes('/annulla'))).toBe(false);

    const before = listCalls(calls).length;
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: messages.importCancel }));
    dialog = await screen.findByRole('dialog', { name: messages.importCancel });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.confirm }));
    expect(await screen.findByText(messages.importCancelDone)).toBeTruthy();
    const post = calls.find((call) => call.url === '/api/prova_importazioni/1/annulla');
    expect(post?.init.method).toBe('POST');
    expect((post?.init.headers as Headers).get('Act-For')).toBe('7');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(within(rows()[0] as HTMLElement).getByText(messages.importCancelled)).toBeTruthy(),
    );
    expect(
      within(rows()[0] as HTMLElement).queryByRole('button', { name: messages.importCancel }),
    ).toBeNull();
  });

  it('says so in a toast when the action fails', async () => {
    api({ cancelStatus: 409 });
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: messages.importCancel }));
    const dialog = await screen.findByRole('dialog', { name: messages.importCancel });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.confirm }));
    expect(await screen.findByText(messages.importCancelFailed)).toBeTruthy();
    expect(await screen.findByText('Stato cambiato nel frattempo.')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText(messages.importValidationCompleted)).toBeTruthy();
  });

  it('reads the list again with the toolbar refresh', async () => {
    const calls = api();
    await show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: messages.updateReload }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
  });

  it('shows the empty text, and no table, when there is nothing', async () => {
    api({ rows: [] });
    await show();
    expect((await screen.findByTestId('prova-empty')).textContent).toContain(messages.importEmpty);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server error in an alert when the list cannot be loaded', async () => {
    api({ listStatus: 403 });
    await show();
    const text = await screen.findByText('Servizio non disponibile.');
    expect(text.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('prova-row')).toBeNull();
  });
});
