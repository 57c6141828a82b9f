import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  buildHeaders,
  configureApiClient,
  customerHeaderValue,
  filenameFromContentDisposition,
} from '../../src/client/api/client';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse } from './helpers';

let pathname = '/menu';
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
  pathname = '/menu';
  onUnauthorized.mockReset();
  configureApiClient({ location: () => pathname, onUnauthorized });
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

  it('sends Act-For only while the route is under /backoffice-refazi', () => {
    logIn('acme', 42);
    expect(buildHeaders().has('Act-For')).toBe(false);
    pathname = '/backoffice-refazi';
    expect(buildHeaders().get('Act-For')).toBe('42');
    pathname = '/backoffice-refazi/office-consulenti';
    expect(buildHeaders().get('Act-For')).toBe('42');
    pathname = '/backoffice-refazione';
    expect(buildHeaders().has('Act-For')).toBe(false);
  });

  it('lets a back-office call force Act-For, and sends none without a company acted for', () => {
    logIn('acme', 42);
    expect(buildHeaders({ backOffice: true }).get('Act-For')).toBe('42');
    logIn('acme', null);
    pathname = '/backoffice-refazi';
    expect(buildHeaders().has('Act-For')).toBe(false);
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
