/**
 * The page registry (config/pages.ts) served by the generic route `$group/$page`: pages declared only here
 * (through the installation overlay, config/extensions: a route, its page) are found by their path, gated by
 * their route, drawn by the kind's screen with no route file, and preloading one fills the query cache with
 * its first data (the showcase's grid, the content page's calls). A showcase page whose path has a parameter
 * (`/prova/vetrina-prova/$negozio`) is found at a concrete path by the generic three-segment route and drawn,
 * gated and preloaded with the parameter.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages.it';
import { findPageByPath } from '../../config/pages';
import { queryClient } from '../../src/client/api/query-client';
import { emitSessionEnd } from '../../src/client/api/session-events';
import {
  firstShowcasePageQueryOptions,
  showcaseHeaderQueryOptions,
} from '../../src/client/engine/showcase/query';
import { useSessionStore } from '../../src/client/stores/session';
import { negoziProva, vetrinaProva } from '../fixtures/showcases/vetrina-prova';
import { jsonResponse, logInAs, startPortal, type FetchHandler } from './helpers';

configure({ asyncUtilTimeout: 8000 });

vi.mock('../../config/extensions', async () => {
  const [{ noExtensions }, { literal }, { negoziProva: showcase, vetrinaProva }] = await Promise.all([
    import('../../config/extensions/types'),
    import('../../config/texts'),
    import('../fixtures/showcases/vetrina-prova'),
  ]);
  const rule = (name: string) =>
    ({ path: `/prova/${name}`, group: 'root', access: 'login', permission: name }) as const;
  return {
    extensions: {
      ...noExtensions,
      routes: {
        'negozi-prova': rule('negozi-prova'),
        'pagina-prova': rule('pagina-prova'),
        'vetrina-prova': { ...rule('vetrina-prova'), path: '/prova/vetrina-prova/$negozio' },
      },
      pages: [
        {
          kind: 'showcase',
          route: 'negozi-prova',
          title: literal('Negozi di prova'),
          intro: literal('I negozi della prova, da una dichiarazione sola.'),
          showcase,
        },
        {
          kind: 'showcase',
          route: 'vetrina-prova',
          title: literal('Vetrina del negozio'),
          showcase: vetrinaProva,
        },
      ],
      contentPages: [
        {
          route: 'pagina-prova',
          title: literal('Pagina di prova'),
          blocks: [
            {
              kind: 'articles',
              text: {
                version: '2026-02',
                effectiveFrom: '2026-02-01',
                articles: [{ title: 'Primo articolo', paragraphs: ['Il testo della pagina di prova.'] }],
              },
            },
            { kind: 'videos' },
          ],
        },
      ],
    },
  };
});

const NEGOZI = { elenco: [{ id: 7, nome: 'Negozio Sette', logo: '/sette.png' }] };

const PRODOTTI = {
  count: 1,
  results: [{ codice: 'P1', nome: 'Buono del Sette', prezzo: '10.00', marca: 'Negozio Sette' }],
};
const NEGOZIO = {
  nome: 'Negozio Sette in vetrina',
  logo: '/sette.png',
  testo: '<p>Il negozio numero sette</p>',
};

const handler: FetchHandler = (url) => {
  const path = new URL(url, 'http://portale.test').pathname;
  if (path === '/api/prova_negozi') return jsonResponse(200, NEGOZI);
  if (path === '/api/prova_vetrina/7/prodotti') return jsonResponse(200, PRODOTTI);
  if (path === '/api/prova_vetrina/7') return jsonResponse(200, NEGOZIO);
  if (path === '/api/static_links/tutorial') return jsonResponse(200, []);
  return undefined;
};

function signIn(perms: string[]) {
  logInAs();
  useSessionStore.setState({ userPerms: ['menu', ...perms] });
}

beforeEach(() => {
  emitSessionEnd();
  queryClient.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page registry', () => {
  it('finds a page declared only by the overlay by its path', () => {
    const page = findPageByPath('/prova/negozi-prova');
    expect(page?.kind).toBe('showcase');
    expect(page?.kind === 'showcase' && page.showcase).toBe(negoziProva);
    expect(findPageByPath('/prova/pagina-prova')?.kind).toBe('content');
  });

  it('draws a showcase page by the generic route, with no route file', async () => {
    signIn(['negozi-prova']);
    const { router, calls } = startPortal('/prova/negozi-prova', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Negozi di prova' })).toBeTruthy();
    expect(screen.getByText('I negozi della prova, da una dichiarazione sola.')).toBeTruthy();
    expect(await screen.findByText('Negozio Sette')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/prova/negozi-prova');
    // The loader's call and the grid's are one (same cache key).
    expect(calls.filter((call) => call.url.startsWith('/api/prova_negozi'))).toHaveLength(1);
  });

  it('draws a content page by the generic route', async () => {
    signIn(['pagina-prova']);
    startPortal('/prova/pagina-prova', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina di prova' })).toBeTruthy();
    expect(screen.getByText('Il testo della pagina di prova.')).toBeTruthy();
    expect(screen.getByTestId('content-page-pagina-prova')).toBeTruthy();
  });

  it('fetches a page’s first data when the page is preloaded (a badge hovered)', async () => {
    signIn(['negozi-prova', 'pagina-prova']);
    const { router, calls } = startPortal('/menu', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    await router.preloadRoute({ to: '/$group/$page', params: { group: 'prova', page: 'negozi-prova' } });
    expect(queryClient.getQueryData(firstShowcasePageQueryOptions(negoziProva).queryKey)).toEqual(NEGOZI);
    await router.preloadRoute({ to: '/$group/$page', params: { group: 'prova', page: 'pagina-prova' } });
    expect(calls.some((call) => call.url === '/api/static_links/tutorial')).toBe(true);
    // Preloading shows nothing: the menu is still the page.
    expect(router.state.location.pathname).toBe('/menu');
  });

  it('gates a registry page by its route and shows the not-found page for a path with none', async () => {
    signIn([]);
    const { router } = startPortal('/prova/negozi-prova', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(screen.queryByText('Negozio Sette')).toBeNull();

    signIn(['negozi-prova']);
    startPortal('/prova/nessuna-pagina', handler);
    expect(await screen.findByText(messages.pageNotFound)).toBeTruthy();
  });

  it('finds a page whose path has a parameter by a concrete path', () => {
    const page = findPageByPath('/prova/vetrina-prova/7');
    expect(page?.kind === 'showcase' && page.showcase).toBe(vetrinaProva);
    expect(findPageByPath('/prova/vetrina-prova')).toBeUndefined();
  });

  it('draws a page with a path parameter by the generic route, with the parameter', async () => {
    signIn(['vetrina-prova']);
    const { router, calls } = startPortal('/prova/vetrina-prova/7', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vetrina del negozio' })).toBeTruthy();
    expect(await screen.findByText('Buono del Sette')).toBeTruthy();
    // The header is the parameter's (`/prova_vetrina/{negozio}`).
    expect(await screen.findByText('Negozio Sette in vetrina')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/prova/vetrina-prova/7');
    // The loader's calls and the grid's are one each (same cache keys, with the parameter).
    expect(calls.filter((call) => call.url.startsWith('/api/prova_vetrina/7/prodotti'))).toHaveLength(1);
    expect(
      calls.filter((call) => new URL(call.url, 'http://x').pathname === '/api/prova_vetrina/7'),
    ).toHaveLength(1);
  });

  it('gates a page with a path parameter by its route', async () => {
    signIn(['negozi-prova']);
    const { router, calls } = startPortal('/prova/vetrina-prova/7', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(screen.queryByText('Buono del Sette')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/prova_vetrina'))).toBe(false);

    signIn(['vetrina-prova']);
    startPortal('/prova/vetrina-prova/7/8', handler);
    expect(await screen.findByText(messages.pageNotFound)).toBeTruthy();
  });

  it('fetches the data of a page with a path parameter when it is preloaded', async () => {
    signIn(['vetrina-prova']);
    const { router } = startPortal('/menu', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    await router.preloadRoute({
      to: '/$group/$section/$param',
      params: { group: 'prova', section: 'vetrina-prova', param: '7' },
    });
    const params = { negozio: '7' };
    expect(queryClient.getQueryData(firstShowcasePageQueryOptions(vetrinaProva, params).queryKey)).toEqual(
      PRODOTTI,
    );
    expect(queryClient.getQueryData(showcaseHeaderQueryOptions(vetrinaProva, params).queryKey)).toEqual(
      NEGOZIO,
    );
    expect(router.state.location.pathname).toBe('/menu');
  });
});
