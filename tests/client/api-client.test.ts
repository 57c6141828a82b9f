import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  buildHeaders,
  configureApiClient,
  customerHeaderValue,
} from '../../src/client/api/client';
import { filenameFromContentDisposition } from '../../src/client/api/download-name';
import { QueryClient } from '@tanstack/react-query';
import { movementsCompanyTable, movementsUserTable } from '../../config/tables';
import { referentCompaniesQueryOptions } from '../../src/client/api/query-options';
import { tableQueryOptions } from '../../src/client/engine/table';
import { advancesQueryOptions } from '../../src/client/features/movements/movements-api';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse } from './helpers';

const onUnauthorized = vi.fn();

function logIn(customer = 'acme', actForId: number | null = null) {
  useSessionStore.setState({
    token: 'tok-123',
    isLogged: true,
    customer,
    user: demoUser('ref_aziendale'),
    userPerms: ['menu'],
    sessionInfos: {
      ...emptySessionInfos(),
      act_for: actForId === null ? null : { id: actForId, nome: 'Acme Servizi' },
    },
  });
}

beforeEach(() => {
  onUnauthorized.mockReset();
  window.history.replaceState(null, '', '/menu');
  configureApiClient({ onUnauthorized });
  useSessionStore.setState({
    token: null,
    isLogged: false,
    user: null,
    userPerms: [],
    customer: 'userportal',
    sessionInfos: emptySessionInfos(),
  });
});

afterEach(() => {
  configureApiClient({ onUnauthorized: null });
});

describe('headers', () => {
  it('capitalises the customer: Userportal for the default, Acme for acme', () => {
    expect(customerHeaderValue('userportal')).toBe('Userportal');
    expect(customerHeaderValue('acme')).toBe('Acme');
    expect(buildHeaders().get('Customer')).toBe('Userportal');
  });

  it('sends no Authorization before login and "Token <token>" after', () => {
    expect(buildHeaders().has('Authorization')).toBe(false);
    logIn();
    const headers = buildHeaders();
    expect(headers.get('Authorization')).toBe('Token tok-123');
    expect(headers.get('Customer')).toBe('Acme');
  });

  it('sends Act-For only for a call that asks for a company, whatever the page shown', () => {
    logIn('acme', 42);
    window.history.replaceState(null, '', '/backoffice-refazi/office-transactionsdash');
    expect(buildHeaders().has('Act-For')).toBe(false);
    expect(buildHeaders({ actFor: null }).has('Act-For')).toBe(false);
    expect(buildHeaders({ actFor: 9 }).get('Act-For')).toBe('9');
    window.history.replaceState(null, '', '/menu');
    expect(buildHeaders({ actFor: 42 }).get('Act-For')).toBe('42');
  });

  it('on a back-office page a user query sends no Act-For, a company query its own company', async () => {
    logIn('acme', 42);
    window.history.replaceState(null, '', '/backoffice-refazi/office-transactionsdash');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse(200, { count: 0, results: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const request = { params: {}, search: '', filters: {}, page: 1, pageSize: 25, companyId: 9 };
    await client.fetchQuery(tableQueryOptions(movementsUserTable, { ...request, companyId: null }));
    await client.fetchQuery(tableQueryOptions(movementsCompanyTable, request));
    await client.fetchQuery(advancesQueryOptions(9));
    await client.fetchQuery(referentCompaniesQueryOptions(7));
    const sent = fetchMock.mock.calls.map(
      ([url, init]) => `${url.split('?')[0]} ${(init.headers as Headers).get('Act-For')}`,
    );
    expect(sent).toEqual([
      '/api/get_storico_transazioni/utente null',
      '/api/get_storico_transazioni/azienda 9',
      '/api/get_status_conto_anticipi 9',
      '/api/aziende_referente 7',
    ]);
    // The company is part of the cache key: another company is another answer.
    expect(tableQueryOptions(movementsCompanyTable, request).queryKey).toContain(9);
    expect(referentCompaniesQueryOptions(7).queryKey).toContain(7);
  });

  it('puts the headers, the query and the JSON body on the wire', async () => {
    logIn('globex');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse(200, { id_acquisto: 9 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await apiRequest<{ id_acquisto: number }>('/acquisto', {
      method: 'POST',
      body: { importo: '10.00' },
      query: { page: 2, filter: undefined, empty: null },
      idempotencyKey: 'key-1',
    });
    expect(answer).toEqual({ id_acquisto: 9 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/acquisto?page=2');
    const headers = init.headers as Headers;
    expect(headers.get('Customer')).toBe('Globex');
    expect(headers.get('Authorization')).toBe('Token tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(init.body).toBe('{"importo":"10.00"}');
  });
});

describe('answers', () => {
  it('turns an error answer into an ApiError carrying status and body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { importo: ['Importo non valido.'] })),
    );
    const error = await apiRequest('/acquisto', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).data).toEqual({ importo: ['Importo non valido.'] });
  });

  it('reports an unreachable server as status 0 with the Italian network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.data).toEqual({ detail: expect.stringContaining('server') });
  });

  it('returns a blob with the file name of Content-Disposition', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('PDF', {
            status: 200,
            headers: {
              'Content-Disposition':
                'attachment; filename="x.pdf"; filename*=UTF-8\'\'ricevuta%20n%C2%B01.pdf',
            },
          }),
      ),
    );
    const answer = await apiRequest('/download_document/5', { responseType: 'blob' });
    expect(answer.filename).toBe('ricevuta n°1.pdf');
    expect(await answer.blob.text()).toBe('PDF');
  });

  it('names a download without Content-Disposition downloaded_file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('x', { status: 200 })),
    );
    const answer = await apiRequest('/download_document/5', { responseType: 'blob' });
    expect(answer.filename).toBe('downloaded_file');
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="estratto conto.xlsx"', 'estratto conto.xlsx'],
    ['attachment; filename=piano_3_crediti.xlsx', 'piano_3_crediti.xlsx'],
    ["attachment; filename*=UTF-8''fattura%E2%82%AC.pdf", 'fattura€.pdf'],
    ["attachment; filename*=utf-8'it'nota.txt; filename=fallback.txt", 'nota.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', 'downloaded_file'],
    ['', 'downloaded_file'],
    [null, 'downloaded_file'],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});

describe('401 rule', () => {
  it('calls the session-expired handler on a 401 while logged in', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { detail: 'Token non valido o scaduto.' })),
    );
    const error = (await apiRequest('/get-logged-user-info').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call it when nobody is logged in (a wrong password is not an expired session)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { detail: 'Credenziali non valide.' })),
    );
    await apiRequest('/api-token-ckey', { method: 'POST', body: {} }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
