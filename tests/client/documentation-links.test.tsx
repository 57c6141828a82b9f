/**
 * site-documentazione with the installation's content (issue 24): only the declared groups the
 * installation gave links to are shown, `group_to_show` opens one with its links; with none at all the
 * page says so in Italian instead of showing empty groups; a group whose list failed stays, saying so.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentationGroups } from '../../config/content-pages';
import { messages } from '../../src/shared/catalogues/account';
import { textOf } from '../../config/texts';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { ContentPageScreen } from '../../src/client/engine/content/content-page';
import { jsonResponse, logInAs, renderInRouter, stubApi } from './helpers';

configure({ asyncUtilTimeout: 4000 });

const link = (id: number, group: string) => ({
  id,
  slug_name: `documento_${id}`,
  nome: `Documento ${id}`,
  descrizione: `Descrizione ${id}`,
  url: `https://documenti.example.com/${group}/${id}.pdf`,
});

/** The documentation calls answered from `byGroup` (a group left out: an empty list). */
function documentationApi(byGroup: Record<string, (() => Response) | unknown[]>) {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://portale.test');
    if (parsed.pathname !== '/api/static_links/documentazione') return undefined;
    const answer = byGroup[parsed.searchParams.get('group') ?? ''] ?? [];
    return typeof answer === 'function' ? (answer as () => Response)() : jsonResponse(200, answer);
  });
}

async function showPage(groupToShow?: string) {
  logInAs();
  return renderInRouter(<ContentPageScreen route="site-documentazione" groupToShow={groupToShow} />, {
    path: '/infos/site-documentazione',
  });
}

beforeEach(() => {
  emitSessionEnd();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('site-documentazione', () => {
  it('shows only the groups with links; group_to_show opens its links', async () => {
    const calls = documentationApi({
      'fringe-app': [link(1, 'fringe-app'), link(2, 'fringe-app')],
      'rimb-spese': [link(3, 'rimb-spese')],
    });
    await showPage('fringe-app');
    const accordion = await screen.findByTestId('doc-groups');
    // Every declared group was asked for, once.
    expect(
      calls.map((call) => new URL(call.url, 'http://portale.test').searchParams.get('group')).sort(),
    ).toEqual(documentationGroups.map((group) => group.slug).sort());
    const shown = documentationGroups.filter((group) => ['fringe-app', 'rimb-spese'].includes(group.slug));
    expect(
      within(accordion)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(shown.map((group) => textOf(messages, group.title)));
    expect(screen.queryByTestId('doc-group-rimb-bollette')).toBeNull();
    const open = await screen.findByTestId('doc-links-fringe-app');
    expect(
      within(open)
        .getAllByRole('link')
        .map((anchor) => anchor.getAttribute('href')),
    ).toEqual([link(1, 'fringe-app').url, link(2, 'fringe-app').url]);
    expect(screen.queryByText(messages.contentDocumentationEmpty)).toBeNull();
  });

  it('with no documentation at all: the Italian empty state, no empty group', async () => {
    documentationApi({});
    await showPage('fringe-app');
    expect((await screen.findByTestId('doc-groups-empty')).textContent).toBe(
      messages.contentDocumentationEmpty,
    );
    expect(screen.queryByTestId('doc-groups')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('keeps a group whose list failed, and says so when it is opened', async () => {
    documentationApi({ 'rimb-bollette': () => jsonResponse(500, { detail: 'errore' }) });
    await showPage('rimb-bollette');
    const group = await screen.findByTestId('doc-group-rimb-bollette');
    await waitFor(() => expect(within(group).getByRole('alert').textContent).toBe(messages.contentLoadError));
    expect(screen.queryByTestId('doc-groups-empty')).toBeNull();
  });
});
