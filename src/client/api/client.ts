/**
 * The one HTTP client of the portal (ARCHITECTURE.md §5, spec 000 §7).
 *
 * Every call goes through `apiRequest`: base `/api` (or `VITE_API_BASE`), the `Authorization`,
 * `Customer` and `Act-For` headers, JSON or blob answers, one error type (`ApiError`) and the
 * 401 rule. The session is read through a provider that the session store registers, so this
 * module does not import it. `Act-For` is sent only by a call that asks for a company (`actFor`):
 * the query names its company (and keys its cache by it), the page being shown does not decide.
 */
import { messages } from '../../shared/catalogues/first-paint';
import { DEFAULT_CUSTOMER } from '../../../config/skins';

export interface ApiSessionSnapshot {
  token: string | null;
  isLogged: boolean;
  customer: string;
  /** `session_infos.act_for.id`: the company a back-office query asks for by default. */
  actForId: number | null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** JSON-encoded unless it is a FormData (multipart) or a Blob. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` on purchase-creating calls. */
  idempotencyKey?: string;
  /** The company this call asks for, sent as `Act-For` (company-scoped calls); absent: none. */
  actFor?: number | null;
  /** Do not run the 401 rule (the logout call itself). */
  skipUnauthorizedHandler?: boolean;
}

export interface BlobAnswer {
  blob: Blob;
  filename: string;
}

/** Any non-2xx answer (status 0: the server could not be reached). `data` is the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown) {
    super(`API ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export const BACK_OFFICE_BASE = '/backoffice-refazi';

const defaultSession = (): ApiSessionSnapshot => ({
  token: null,
  isLogged: false,
  customer: DEFAULT_CUSTOMER,
  actForId: null,
});

let sessionProvider: () => ApiSessionSnapshot = defaultSession;
let unauthorizedHandler: (() => void) | null = null;

export interface ApiClientConfig {
  session?: () => ApiSessionSnapshot;
  /** The 401 rule: called once per 401 answer received while logged in. */
  onUnauthorized?: (() => void) | null;
}

/**
 * The calls in flight that carry the session's token (issue 28): aborted together when the user logs
 * out, before the logout call revokes the token, so that none of them comes back 401 (an error the
 * browser's console logs). The logout call itself, made after, is not among them.
 */
let sessionCalls = new AbortController();

export function abortSessionCalls(): void {
  sessionCalls.abort(new DOMException('Session ended', 'AbortError'));
  sessionCalls = new AbortController();
}

/** One signal that aborts when any of `signals` does (AbortSignal.any where the browser has it). */
function eitherSignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** True for the error of an aborted call (a cancelled query, a logout). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function configureApiClient(config: ApiClientConfig): void {
  if (config.session) sessionProvider = config.session;
  if (config.onUnauthorized !== undefined) unauthorizedHandler = config.onUnauthorized;
}

export function apiBase(): string {
  const fromEnv = import.meta.env.VITE_API_BASE as string | undefined;
  return (fromEnv && fromEnv.trim() !== '' ? fromEnv : '/api').replace(/\/+$/, '');
}

/** `userportal` → `Userportal`, `acme` → `Acme` (spec 000 §7). */
export function customerHeaderValue(customer: string): string {
  const name = customer.trim() || DEFAULT_CUSTOMER;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function isBackOfficePath(pathname: string): boolean {
  return pathname === BACK_OFFICE_BASE || pathname.startsWith(`${BACK_OFFICE_BASE}/`);
}

/** The company acted for now (`session_infos.act_for.id`): the default company of a back-office query. */
export function currentActFor(): number | null {
  return sessionProvider().actForId;
}

/** The headers every call carries, computed from the session and the call's own company. */
export function buildHeaders(options: Pick<ApiRequestOptions, 'actFor' | 'idempotencyKey'> = {}): Headers {
  const session = sessionProvider();
  const headers = new Headers({ Accept: 'application/json' });
  headers.set('Customer', customerHeaderValue(session.customer));
  if (session.token) headers.set('Authorization', `Token ${session.token}`);
  if (options.actFor != null) headers.set('Act-For', String(options.actFor));
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  return headers;
}

/**
 * For a call that cannot go through `apiRequest` (the document upload uses XMLHttpRequest for its
 * progress events): its URL, the headers every call carries, and `answered(status)`, which applies
 * the same 401 rule to its answer.
 */
export function prepareExternalRequest(path: string): {
  url: string;
  headers: Headers;
  answered(status: number): void;
} {
  const headers = buildHeaders();
  const wasLogged = sessionProvider().isLogged;
  return {
    url: buildUrl(path),
    headers,
    answered(status) {
      if (status === 401 && wasLogged && sessionProvider().isLogged) unauthorizedHandler?.();
    },
  };
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const suffix = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${apiBase()}${suffix}${search ? `?${search}` : ''}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readErrorData(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return { detail: response.statusText || messages.genericError };
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { detail: text };
  }
}

export function apiRequest<T>(
  path: string,
  options?: ApiRequestOptions & { responseType?: 'json' },
): Promise<T>;
export function apiRequest(
  path: string,
  options: ApiRequestOptions & { responseType: 'blob' },
): Promise<BlobAnswer>;
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T | BlobAnswer> {
  const { method = 'GET', body, query, responseType = 'json', signal } = options;
  // Headers are computed before the first await: a call started right before a logout still
  // carries the token it was made with.
  const headers = buildHeaders(options);
  const wasLogged = sessionProvider().isLogged;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  const encoded = encodeBody(body, headers);
  if (encoded !== undefined) init.body = encoded;
  const signals = [signal, headers.has('Authorization') ? sessionCalls.signal : undefined].filter(
    (item): item is AbortSignal => item !== undefined,
  );
  if (signals.length > 0) init.signal = signals.length === 1 ? signals[0] : eitherSignal(signals);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, { detail: messages.networkError });
  }

  if (!response.ok) {
    const data = await readErrorData(response);
    if (
      response.status === 401 &&
      wasLogged &&
      !options.skipUnauthorizedHandler &&
      sessionProvider().isLogged
    ) {
      unauthorizedHandler?.();
    }
    throw new ApiError(response.status, data);
  }

  if (responseType === 'blob') {
    // The name parsing is loaded with the first download, not with the login page.
    const [blob, { filenameFromContentDisposition }] = await Promise.all([
      response.blob(),
      import('./download-name'),
    ]);
    return { blob, filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')) };
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
