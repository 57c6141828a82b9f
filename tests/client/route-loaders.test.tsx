/**
 * Route loaders (issue 25): preloading a route (what hovering its link does) fills the query cache with
 * the page's first data, under the keys of the factories its screen reads, and a page's own error answer
 * does not make the preload fail (the screen shows it).
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../config/routes';
import { movementsUserTable } from '../../config/tables/movements-user';
import { queryClient } from '../../src/client/api/query-client';
import {
  creditQueryOptions,
  fuelBonusQueryOptions,
  purchaseDetailQueryOptions,
} from '../../src/client/api/query-options';
import { createAppRouter } from '../../src/client/app/router';
import { firstTablePageQueryOptions } from '../../src/client/engine/table/query';
import {
  cutsQueryOptions,
  pinQueryOptions,
  supplierQueryOptions,
} from '../../src/client/features/sellers/sellers-api';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse, stubApi, type RecordedCall } from './helpers';

/** Every permission a route names: the preloaded pages are not refused by the guard. */
const everyPermission = [
  ...new Set(
    Object.values(routes).flatMap((rule) => {
      const permission = 'permission' in rule ? rule.permission : undefined;
      if (permission === undefined) return [];
      return typeof permission === 'string' ? [permission] : [...permission.anyOf];
    }),
  ),
];

const fuelCard = {
  id_prodotto: 3,
  nome: 'Carta carburante',
  importo: '50.00',
  immagine: null,
};
const movements = { count: 1, results: [{ id_acquisto: 11, importo: '-20.00' }] };
const consortium = { id: 9, nome: 'Consorzio Uno' };
const cuts = { tagli: ['10.00', '25.00'] };
const pin = { pin: '123456' };

function startRouter(path = '/menu') {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  return router;
}

let calls: RecordedCall[];

beforeEach(() => {
  queryClient.clear();
  useSessionStore.setState({
    token: 'tok',
    isLogged: true,
    customer: 'acme',
    user: demoUser('utente'),
    userPerms: everyPermission,
    sessionInfos: emptySessionInfos(),
  });
  calls = stubApi((url) => {
    if (url === '/api/bonus_benzina') return jsonResponse(200, fuelCard);
    if (url.startsWith('/api/get_storico_transazioni/utente')) return jsonResponse(200, movements);
    if (url === '/api/dettaglio_acquisto/77') return jsonResponse(404, { detail: 'Acquisto non trovato' });
    if (url === '/api/info_fornitore/9') return jsonResponse(200, consortium);
    if (url === '/api/tagli_buoni') return jsonResponse(200, cuts);
    if (url === '/api/pin_identificativo') return jsonResponse(200, pin);
    return undefined;
  });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('route loaders fill the query cache on preload (issue 25)', () => {
  it('bonus-benzina: the fuel card and the credit', async () => {
    const router = startRouter();
    await router.preloadRoute({
      to: '/$group/$page',
      params: { group: 'bonus-benzina', page: 'bonus-benzina' },
    });
    expect(queryClient.getQueryData(fuelBonusQueryOptions().queryKey)).toEqual(fuelCard);
    // The raw answer (the factory's `select` applies when the screen reads it).
    expect(queryClient.getQueryData(creditQueryOptions().queryKey)).toEqual({
      crediti: { totale: '1500.00', art51c3: '800.00' },
    });
    expect(calls.filter((call) => call.url === '/api/bonus_benzina')).toHaveLength(1);
  });

  it('dashmovimenti: the first page of the history, under the key of the table the screen reads', async () => {
    const router = startRouter();
    await router.preloadRoute({ to: '/dashmovimenti' });
    const first = firstTablePageQueryOptions(movementsUserTable);
    expect(first).not.toBeNull();
    expect(queryClient.getQueryData(first!.queryKey)).toEqual(movements);
  });

  it('vetrina-consorzio: the consortium, the amounts on offer and the PIN', async () => {
    const router = startRouter();
    await router.preloadRoute({
      to: '/$group/$section/$param',
      params: { group: 'sellers', section: 'vetrina-consorzio', param: '9' },
    });
    expect(queryClient.getQueryData(supplierQueryOptions('9').queryKey)).toEqual(consortium);
    expect(queryClient.getQueryData(cutsQueryOptions().queryKey)).toEqual(cuts);
    expect(queryClient.getQueryData(pinQueryOptions().queryKey)).toEqual(pin);
  });

  it('an answer the page shows as its own error does not fail the preload', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = startRouter();
    await expect(
      router.preloadRoute({ to: '/$group/$page', params: { group: 'acquisti', page: '77' } }),
    ).resolves.not.toThrow();
    const state = queryClient.getQueryState(purchaseDetailQueryOptions(77).queryKey);
    expect(state?.status).toBe('error');
    expect(calls.filter((call) => call.url === '/api/dettaglio_acquisto/77')).toHaveLength(1);
    warn.mockRestore();
  });
});
