/**
 * The page registry (config/pages.ts) served by the generic route `$group/$page`: pages declared only here
 * (through the installation overlay, config/extensions: a route, its page) are found by their path, gated by
 * their route, drawn by the kind's screen with no route file, and preloading one fills the query cache with
 * its first data (the showcase's grid, the content page's calls).
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages.it';
import { findPageByPath } from '../../config/pages';
import { queryClient } from '../../src/client/api/query-client';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { firstShowcasePageQueryOptions } from '../../src/client/engine/showcase/query';
import { useSessionStore } from '../../src/client/stores/session';
import { negoziProva } from '../fixtures/showcases/vetrina-prova';
import { jsonResponse, logInAs, startPortal, type FetchHandler } from './helpers';

configure({ asyncUtilTimeout: 8000 });

vi.mock('../../config/extensions', async () => {
  const [{ noExtensions }, { literal }, { negoziProva: showcase }] = await Promise.all([
    import('../../config/extensions/types'),
    import('../../config/texts'),
    import('../fixtures/showcases/vetrina-prova'),
  ]);
  const rule = (name: string) =>
    ({ path: `/prova/${name}`, group: 'root', access: 'login', permission: name }) as const;
  return {
    extensions: {
      ...noExtensions,
      routes: { 'negozi-prova': rule('negozi-prova'), 'pagina-prova': rule('pagina-prova') },
      pages: [
        {
          kind: 'showcase',
          route: 'negozi-prova',
          title: literal('Negozi di prova'),
          intro: literal('I negozi della prova, da una dichiarazione sola.'),
          showcase,
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

const handler: FetchHandler = (url) => {
  const path = new URL(url, 'http://portale.test').pathname;
  if (path === '/api/prova_negozi') return jsonResponse(200, NEGOZI);
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
});
