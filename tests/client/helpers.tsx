/** Test helpers: a Mantine provider for tests and a memory router around a component. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { App } from '../../src/client/app/app';
import { createAppRouter } from '../../src/client/app/router';
import { connectApiClient } from '../../src/client/app/session-expiry';
import { OverlayHost } from '../../src/client/components/overlay-host';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';

export function renderWithMantine(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      {ui}
      <OverlayHost preload={false} />
    </MantineProvider>,
  );
}

/**
 * Renders `ui` at `path` inside a small memory router that also knows `extraPaths` (each shows
 * its own path), so that links and navigations can be observed through `router.state.location`.
 */
export async function renderInRouter(
  ui: ReactNode,
  { path = '/', extraPaths = ['/menu'] }: { path?: string; extraPaths?: string[] } = {},
) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({ getParentRoute: () => rootRoute, path, component: () => <>{ui}</> });
  const others = extraPaths
    .filter((extra) => extra !== path)
    .map((extra) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: extra,
        component: () => <p>{`pagina ${extra}`}</p>,
      }),
    );
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, ...others]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <OverlayHost preload={false} />
    </MantineProvider>,
  );
  await router.load();
  return { ...result, router, queryClient };
}

/** A JSON `Response` for fetch mocks. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const demoUser = (profile: 'utente' | 'ref_aziendale' = 'utente') => ({
  user_anag: {
    nome: 'Mario',
    cognome: 'Rossi',
    email: 'mario.rossi@example.com',
    cod_fisc: 'RSSMRA80A01H501U',
    covip_fondo: null,
    previdenza_is_ok: true,
  },
  user_credito: { totale: '1500.00', art51c3: '800.00', per_fonte: {} },
  user_azi: { id: 7, nome: 'Acme S.p.A.', cognome: '' },
  profile,
  threshold_ok: true,
  ollipay_status: { profile: null, reg_status: false },
  session_infos: {
    conv_special_agreed: true,
    eurete_cond_agreed: false,
    show_user_info_popup: false,
    act_for: null,
  },
});

/** A label matcher: the text at the start (Mantine adds " *" to required fields). */
export function labelled(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

export interface RecordedCall {
  url: string;
  init: RequestInit;
}

/** The JSON body of the first call to `url`. */
export function bodyOf(calls: RecordedCall[], url: string): unknown {
  const call = calls.find((c) => c.url === url);
  return call?.init.body ? JSON.parse(call.init.body as string) : undefined;
}

/**
 * Stubs fetch: `handler` answers first; then the shell's usual calls (skins 404, credit,
 * notification counts, a consent already given); anything else is a 404.
 */
export function stubApi(handler: FetchHandler = () => undefined): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const answer = handler(url, init);
      if (answer) return answer;
      if (url.startsWith('/api/getapiuserskin/')) return jsonResponse(404, { detail: 'no skin' });
      if (url === '/api/pdoppiaapi/credito_utente')
        return jsonResponse(200, { crediti: { totale: '1500.00', art51c3: '800.00' } });
      if (url === '/api/info_notifiche')
        return jsonResponse(200, { inviati: 0, ricevuti: 0, ricevuti_new: 0 });
      if (url === '/api/user_privacy' && (init.method ?? 'GET') === 'GET')
        return jsonResponse(200, {
          privacy_servizio: true,
          privacy_dati_personali: false,
          decalogo_sicurezza: true,
          signature: 'Mario Rossi',
        });
      if (url === '/api/logout') return jsonResponse(200, { detail: 'ok' });
      return jsonResponse(404, { detail: `non previsto: ${url}` });
    }),
  );
  return calls;
}

/** The whole portal (router, skins, overlays) at `path`, with fetch stubbed by `stubApi(handler)`. */
export function startPortal(path: string, handler?: FetchHandler) {
  const calls = stubApi(handler);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  connectApiClient(router);
  const result = render(<App router={router} mantineEnv="test" />);
  return { ...result, router, calls };
}

/** A fresh session store (logged out, customer `customer`). */
export function resetSession(customer = 'acme') {
  useSessionStore.setState({
    token: null,
    isLogged: false,
    user: null,
    userPerms: [],
    customer,
    sessionInfos: emptySessionInfos(),
  });
}

/** A logged-in session store. */
export function logInAs(profile: 'utente' | 'ref_aziendale' = 'utente', customer = 'acme') {
  useSessionStore.setState({
    token: 'tok',
    isLogged: true,
    customer,
    user: demoUser(profile),
    userPerms: ['menu', 'user-profile'],
    sessionInfos: emptySessionInfos(),
  });
}
