/** Movement history (spec 000 §2, §3, §4 Other, §5 Export dates, §6): user and company views. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { tableMessages } from '../../config/messages-tables.it';
import { queryClient } from '../../src/client/api/query-client';
import { QueryProvider } from '../../src/client/components/query-provider';
import type {
  MovementEntity,
  MovementFilters,
  MovementRow,
} from '../../src/client/features/movements/movements-api';
import { MovementsScreen } from '../../src/client/features/movements/movements-screen';
import { Route as DashRoute } from '../../src/client/routes/_authenticated/dashmovimenti';
import { useSessionStore } from '../../src/client/stores/session';
import { dayjs } from '../../src/shared/dates';
import { formatWireEuro } from '../../src/shared/money';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

function row(id: number, idKind: number, over: Partial<MovementRow> = {}): MovementRow {
  return {
    id,
    id_kind: idKind,
    kind: `kind ${idKind}`,
    id_acquisto: 500 + id,
    stato_acquisto: null,
    oggetto: `Oggetto ${id}`,
    soggetto: `Soggetto ${id}`,
    created: '2026-03-04T10:11:12',
    AVERE: null,
    DARE: '10.00',
    ...over,
  };
}

const ALL_KINDS = Array.from({ length: 14 }, (_, i) => row(i + 1, i + 1));

interface ApiOptions {
  rows?: MovementRow[];
  creditFails?: boolean;
  /** Held download: resolved by the test. */
  download?: Promise<Response>;
}

function movementsApi({ rows = ALL_KINDS, creditFails = false, download }: ApiOptions = {}) {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://portale.test');
    const path = parsed.pathname;
    if (path.startsWith('/api/get_storico_transazioni/')) {
      if (parsed.searchParams.get('download') === 'true' && download) return undefined;
      const page = Number(parsed.searchParams.get('page') ?? 1);
      const size = Number(parsed.searchParams.get('page_size') ?? 25);
      return jsonResponse(200, {
        date_start: parsed.searchParams.get('date_start') ?? '2025-03-22',
        date_stop: parsed.searchParams.get('date_stop') ?? '2026-03-22',
        count: rows.length,
        results: rows.slice((page - 1) * size, page * size),
        totals: { AVERE: '1234.50', DARE: '140.00' },
        monthly: rows.length ? [{ month: '2026-03', AVERE: '1234.50', DARE: '140.00' }] : [],
        ...(path.endsWith('/azienda') ? { saldo_aziendale: '9000.00' } : {}),
      });
    }
    if (path === '/api/pdoppiaapi/credito_utente' && creditFails)
      return jsonResponse(403, { detail: 'Non consentito.' });
    if (path === '/api/crediti_lista') {
      const today = dayjs();
      return jsonResponse(200, [
        line(1, today.add(3, 'day').format('YYYY-MM-DD')),
        line(2, today.add(60, 'day').format('YYYY-MM-DD')),
        // Expired yesterday: the server says so, with nothing spendable.
        {
          ...line(3, today.subtract(1, 'day').format('YYYY-MM-DD')),
          stato: 'scaduta',
          credito_spendibile: '0.00',
        },
      ]);
    }
    if (path === '/api/acquisti_annullati') {
      const page = Number(parsed.searchParams.get('page'));
      const size = Number(parsed.searchParams.get('page_size'));
      const all = Array.from({ length: 23 }, (_, i) => ({
        kind: 5,
        id: i + 1,
        oggetto: i === 0 ? '' : `Buono ${i + 1}`,
        created: '2026-02-01T08:00:00',
        importo_unitario: '25.00',
      }));
      return jsonResponse(200, { count: all.length, results: all.slice((page - 1) * size, page * size) });
    }
    if (path === '/api/get_status_conto_anticipi') return jsonResponse(200, { saldo_anticipi: '-50.00' });
    if (path === '/api/aziende_referente')
      return jsonResponse(200, [
        { id_azienda: 7, nome: 'Acme S.p.A.' },
        { id_azienda: 9, nome: 'Beta S.r.l.' },
      ]);
    return undefined;
  });
}

function line(id: number, expiry: string) {
  return {
    id,
    data_decorrenza: '2026-01-01',
    data_scadenza: expiry,
    fonte: { id: 1, nome: `Fonte ${id}` },
    stato: 'attiva',
    credito_iniziale: '1000.00',
    credito_spendibile: '400.00',
    credito_contabile: '600.00',
    is_art51c3: false,
  };
}

function Screen({ entity = 'utente', initial = {} }: { entity?: MovementEntity; initial?: MovementFilters }) {
  const [filters, setFilters] = useState<MovementFilters>(initial);
  return (
    <QueryProvider>
      <MovementsScreen
        entity={entity}
        filters={filters}
        onFiltersChange={(changed) => setFilters((previous) => ({ ...previous, ...changed }))}
      />
    </QueryProvider>
  );
}

const storico = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/get_storico_transazioni/'))
    .map((call) => new URL(call.url, 'http://portale.test'));

const movementRows = () => screen.getAllByTestId('movement-row');

beforeEach(() => {
  logInAs();
  queryClient.clear();
});

afterEach(() => {
  queryClient.clear();
});

describe('route search', () => {
  it('keeps valid dates and the search text, drops anything else', () => {
    const validate = DashRoute.options.validateSearch as (search: Record<string, unknown>) => unknown;
    expect(validate({ date_start: '2026-01-31', date_stop: '2026-02-30', search: '  buono ' })).toEqual({
      date_start: '2026-01-31',
      search: 'buono',
    });
    expect(validate({ date_start: 'ieri', search: '' })).toEqual({});
  });
});

describe('user history', () => {
  it('sends the filters, and the debounced search, with the request', async () => {
    const calls = movementsApi();
    await renderInRouter(<Screen initial={{ date_start: '2026-01-01', date_stop: '2026-03-31' }} />, {
      path: '/dashmovimenti',
    });
    await waitFor(() => expect(movementRows()).toHaveLength(14));
    const first = storico(calls)[0];
    expect(first?.pathname).toBe('/api/get_storico_transazioni/utente');
    expect(first?.searchParams.get('date_start')).toBe('2026-01-01');
    expect(first?.searchParams.get('date_stop')).toBe('2026-03-31');
    expect(first?.searchParams.get('page_size')).toBe('25');
    expect(first?.searchParams.get('search')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: messages.search }), {
      target: { value: 'buono' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(storico(calls).some((url) => url.searchParams.get('search') === 'buono')).toBe(false);
    await waitFor(
      () => expect(storico(calls).some((url) => url.searchParams.get('search') === 'buono')).toBe(true),
      { timeout: 2000 },
    );
    const last = storico(calls).at(-1);
    expect(last?.searchParams.get('date_start')).toBe('2026-01-01');
    expect(last?.searchParams.get('page')).toBe('1');
  });

  it('shows the totals row, ***** for an empty object and the date format', async () => {
    movementsApi({ rows: [row(1, 5, { oggetto: '', AVERE: '1234.50', DARE: null }), row(2, 6)] });
    await renderInRouter(<Screen />, { path: '/dashmovimenti' });
    await waitFor(() => expect(movementRows()).toHaveLength(2));
    const [first] = movementRows();
    expect(within(first as HTMLElement).getByText(messages.movHidden)).toBeTruthy();
    expect(within(first as HTMLElement).getByText('04-03-2026 10:11:12')).toBeTruthy();
    const totals = screen.getByTestId('movement-totals');
    expect(within(totals).getByText(messages.movTotals)).toBeTruthy();
    expect(screen.getByTestId('total-avere').textContent).toBe('1.234,50\u00a0€');
    expect(screen.getByTestId('total-dare').textContent).toBe('140,00\u00a0€');
    // The chart's figures are readable as a table too.
    expect(within(await screen.findByTestId('chart-table')).getByText('mar 2026')).toBeTruthy();
  });

  it('offers replay only on kinds 1, 3, 7, 13, 14, towards the form with id_acq_replay', async () => {
    movementsApi();
    const { router } = await renderInRouter(<Screen />, {
      path: '/dashmovimenti',
      extraPaths: ['/base-request/rimb-spese/501'],
    });
    await waitFor(() => expect(movementRows()).toHaveLength(14));
    const withReplay = movementRows()
      .filter((tr) => within(tr).queryByTestId('movement-replay'))
      .map((tr) => Number(tr.getAttribute('data-kind')));
    expect(withReplay).toEqual([1, 3, 7, 13, 14]);
    const hrefs = screen.getAllByTestId('movement-replay').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/base-request/rimb-spese/501',
      '/base-request/rimb-interessi/503',
      '/base-request/conv-previdenza-integrativa/507',
      '/base-request/rimb-bollette/513',
      '/base-request/rimb-aff-mutui/514',
    ]);
    fireEvent.click(screen.getAllByTestId('movement-replay')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/base-request/rimb-spese/501'));
  });

  it('replays towards the form the server names for the purchase (issue 25), not the form of its kind', async () => {
    movementsApi({
      rows: [
        // Two requests of kind 1 sent through two forms; a kind-1 row the server offers no replay for.
        row(1, 1, { modulo_replay: 'conv-ondemand' }),
        row(2, 1, { modulo_replay: 'rimb-spese' }),
        row(3, 1, { modulo_replay: null }),
        // A form this portal does not declare: no button rather than another form.
        row(4, 1, { modulo_replay: 'rimb-ritirato' }),
        row(5, 13, { modulo_replay: 'rimb-bollette' }),
      ],
    });
    const { router } = await renderInRouter(<Screen />, {
      path: '/dashmovimenti',
      extraPaths: ['/base-request/conv-ondemand/501'],
    });
    await waitFor(() => expect(movementRows()).toHaveLength(5));
    const hrefs = movementRows().map(
      (tr) => within(tr).queryByTestId('movement-replay')?.getAttribute('href') ?? null,
    );
    expect(hrefs).toEqual([
      '/base-request/conv-ondemand/501',
      '/base-request/rimb-spese/502',
      null,
      null,
      '/base-request/rimb-bollette/505',
    ]);
    fireEvent.click(screen.getAllByTestId('movement-replay')[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/base-request/conv-ondemand/501'));
  });

  it('links the detail of a purchase that delivered a code (issue 13), and only of those', async () => {
    movementsApi({
      rows: [
        row(1, 5, { codice_consegnato: true }),
        row(2, 5, { codice_consegnato: false }),
        row(3, 12, { codice_consegnato: true }),
        row(4, 1),
      ],
    });
    const { router } = await renderInRouter(<Screen />, {
      path: '/dashmovimenti',
      extraPaths: ['/acquisti/501'],
    });
    await waitFor(() => expect(movementRows()).toHaveLength(4));
    const links = screen.getAllByTestId('movement-delivered-code');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/acquisti/501', '/acquisti/503']);
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      "Vedi il codice dell'acquisto 501",
      "Vedi il codice dell'acquisto 503",
    ]);
    expect(links[0]?.textContent).toBe(tableMessages.movDeliveredCode);
    fireEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acquisti/501'));
  });

  it('refreshes the credit on entry and updates the navbar copy', async () => {
    const calls = movementsApi();
    useSessionStore.setState((state) => ({
      user: state.user && { ...state.user, user_credito: { totale: '1.00', art51c3: '0.00', per_fonte: {} } },
    }));
    await renderInRouter(<Screen />, { path: '/dashmovimenti' });
    expect((await screen.findByTestId('credit-total')).textContent).toBe('1.500,00\u00a0€');
    expect(screen.getByTestId('credit-art51c3').getAttribute('data-credit-tone')).toBe('positive');
    expect(calls.some((call) => call.url === '/api/pdoppiaapi/credito_utente')).toBe(true);
    await waitFor(() => expect(useSessionStore.getState().user?.user_credito.totale).toBe('1500.00'));
  });

  it('says so when the credit cannot be loaded', async () => {
    movementsApi({ creditFails: true });
    await renderInRouter(<Screen />, { path: '/dashmovimenti' });
    expect(await screen.findByText(messages.creditLoadFailed)).toBeTruthy();
    expect(messages.creditLoadFailed).toBe(
      "Non è stato possibile caricare i dati. Contattare l'assistenza se il problema persite.",
    );
  });

  it('shows an empty state for an empty period', async () => {
    movementsApi({ rows: [] });
    await renderInRouter(<Screen />, { path: '/dashmovimenti' });
    expect((await screen.findByTestId('movements-empty')).textContent).toContain(messages.movEmpty);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the download button disabled with a loader while the file comes', async () => {
    let finish: (response: Response) => void = () => undefined;
    const download = new Promise<Response>((resolve) => {
      finish = resolve;
    });
    const calls = movementsApi({ download });
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('download=true')) {
        calls.push({ url, init: init ?? {} });
        return download;
      }
      return answer!(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:movimenti');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await renderInRouter(<Screen initial={{ search: 'buono' }} />, { path: '/dashmovimenti' });
    await waitFor(() => expect(movementRows()).toHaveLength(14));
    const button = screen.getByRole('button', { name: messages.movDownload });
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(button.getAttribute('data-loading')).toBe('true');
    const sent = calls.find((call) => call.url.includes('download=true'));
    expect(sent?.url).toContain('search=buono');

    await act(async () => {
      finish(
        new Response('xlsx', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="movimenti.xlsx"' },
        }),
      );
      await download;
    });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('movimenti.xlsx');
  });
});

describe('modals', () => {
  it('credit status marks the lines expiring within 10 days with text, and an expired line as such', async () => {
    movementsApi();
    await renderInRouter(<Screen />, { path: '/dashmovimenti' });
    fireEvent.click(await screen.findByRole('button', { name: messages.movCreditStatus }));
    const dialog = await screen.findByRole('dialog', { name: messages.movCreditStatus });
    await waitFor(() => expect(within(dialog).getAllByTestId('credit-line')).toHaveLength(3));
    const [soon, later, expired] = within(dialog).getAllByTestId('credit-line') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(soon.getAttribute('data-expiring')).toBe('true');
    expect(within(soon).getByText(messages.movCreditExpiring)).toBeTruthy();
    expect(within(soon).getByText('01-01-2026')).toBeTruthy();
    expect(within(soon).getByText('Fonte 1')).toBeTruthy();
    expect(later.getAttribute('data-expiring')).toBe('false');
    expect(within(later).queryByText(messages.movCreditExpiring)).toBeNull();
    // Valid lines say «Attivo»; the expired one says «Scaduto» (not by colour only), is greyed, and
    // shows the 0,00 € the server counts as spendable.
    expect(within(soon).getByText(tableMessages.creditLineActive)).toBeTruthy();
    expect(within(expired).getByText(tableMessages.tableExpired)).toBeTruthy();
    expect(within(later).queryByText(tableMessages.tableExpired)).toBeNull();
    expect(expired.getAttribute('data-expired')).toBe('true');
    expect(soon.getAttribute('data-expired')).toBe('false');
    expect(expired.getAttribute('data-expiring')).toBe('false');
    const spendable = Array.from(expired.querySelectorAll('td')).find(
      (cell) => cell.getAttribute('data-label') === messages.movCreditSpendable,
    );
    expect(spendable?.textContent).toBe(formatWireEuro('0.00'));
  });

  it('cancelled purchases page on the server, 10 by default', async () => {
    const calls = movementsApi();
    await renderInRouter(<Screen />, { path: '/dashmovimenti' });
    fireEvent.click(await screen.findByRole('button', { name: messages.movCancelled }));
    const dialog = await screen.findByRole('dialog', { name: messages.movCancelled });
    await waitFor(() => expect(within(dialog).getAllByTestId('cancelled-row')).toHaveLength(10));
    expect(within(dialog).getByText(messages.movHidden)).toBeTruthy();
    const asked = () =>
      calls
        .filter((call) => call.url.startsWith('/api/acquisti_annullati'))
        .map((call) => new URL(call.url, 'http://portale.test').search);
    expect(asked()[0]).toBe('?page=1&page_size=10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('cancelled-row')).toHaveLength(3));
    expect(asked()).toContain('?page=3&page_size=10');
    fireEvent.click(within(dialog).getByRole('combobox', { name: tableMessages.tableRowsPerPage }));
    fireEvent.click(within(dialog).getByRole('option', { name: '25' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('cancelled-row')).toHaveLength(23));
    expect(asked()).toContain('?page=1&page_size=25');
  });
});

describe('company view (referent)', () => {
  beforeEach(() => {
    logInAs('ref_aziendale');
    useSessionStore.getState().setActFor({ id: 7, nome: 'Acme S.p.A.' });
  });

  it('shows the company balances, the employee column and no replay', async () => {
    const calls = movementsApi();
    await renderInRouter(<Screen entity="azienda" />, { path: '/backoffice-refazi/office-transactionsdash' });
    await waitFor(() => expect(movementRows()).toHaveLength(14));
    expect(screen.getByTestId('company-balance').textContent).toBe('9.000,00\u00a0€');
    expect((await screen.findByTestId('advances-balance')).getAttribute('data-credit-tone')).toBe('negative');
    expect(screen.queryByTestId('movement-replay')).toBeNull();
    expect(screen.getByRole('columnheader', { name: messages.movColEmployee })).toBeTruthy();
    const call = calls.find((c) => c.url.startsWith('/api/get_storico_transazioni/azienda'));
    expect((call?.init.headers as Headers).get('Act-For')).toBe('7');
  });

  it('the company switcher sets act_for and reloads for that company, one call each', async () => {
    const calls = movementsApi();
    await renderInRouter(<Screen entity="azienda" />, { path: '/backoffice-refazi/office-transactionsdash' });
    await waitFor(() => expect(movementRows()).toHaveLength(14));
    await screen.findByTestId('advances-balance');
    const before = calls.length;
    fireEvent.click(screen.getByRole('combobox', { name: messages.profileCompany }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beta S.r.l.' }));
    expect(useSessionStore.getState().sessionInfos.act_for).toEqual({ id: 9, nome: 'Beta S.r.l.' });
    const companyCalls = () =>
      calls
        .slice(before)
        .filter(
          (c) =>
            c.url.startsWith('/api/get_storico_transazioni/azienda') ||
            c.url.startsWith('/api/get_status_conto_anticipi'),
        )
        .map((c) => `${c.url.split('?')[0]} ${(c.init.headers as Headers).get('Act-For')}`)
        .sort();
    await waitFor(() => expect(companyCalls()).toHaveLength(2));
    await waitFor(() => expect(movementRows()).toHaveLength(14));
    expect(await screen.findByTestId('advances-balance')).toBeTruthy();
    // Settled: no call repeated, none for the previous company.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(companyCalls()).toEqual([
      '/api/get_status_conto_anticipi 9',
      '/api/get_storico_transazioni/azienda 9',
    ]);
  });

  it('validates the payroll export dates', async () => {
    const calls = movementsApi();
    await renderInRouter(<Screen entity="azienda" />, { path: '/backoffice-refazi/office-transactionsdash' });
    const section = await screen.findByTestId('payroll-export');
    // The exports section is titled in Italian (issue 28: it said "Download").
    expect(screen.getByRole('heading', { name: 'Esportazioni' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Download' })).toBeNull();
    expect(within(section).getByText(messages.movExperimental)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: messages.movExportDownload }));
    expect(await within(section).findByText('Inserire una data di inizio export')).toBeTruthy();
    expect(within(section).getByText('Inserire una data di fine export')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/export_wfbridge_fine_mese'))).toBe(false);
  });
});
