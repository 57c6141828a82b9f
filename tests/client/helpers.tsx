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
import { OverlayHost } from '../../src/client/components/overlay-host';

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
