/**
 * The spec's old names of five screens (config/routes.ts `routeAliases`, issue 28): `/helpform`,
 * `/helpdesk/helpform`, ... land on the screen of the route they name, the address replaced, instead
 * of "Pagina non trovata"; documentazione keeps the group to show.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { routeAliases, routes } from '../../config/routes';
import { queryClient } from '../../src/client/api/query-client';
import { aliasTarget } from '../../src/client/app/route-aliases';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, startPortal } from './helpers';

describe('aliasTarget', () => {
  it('maps every alias, alone or under its group, to its screen', () => {
    for (const [alias, target] of Object.entries(routeAliases)) {
      const path = routes[target].path.replace('/{-$group_to_show}', '');
      expect(aliasTarget(`/${alias}`), alias).toBe(path);
      expect(aliasTarget(`/${routes[target].group}/${alias}`), alias).toBe(path);
      expect(aliasTarget(`/${alias}/`), alias).toBe(path);
    }
    expect(aliasTarget('/infos/documentazione/fringe-app')).toBe('/infos/site-documentazione/fringe-app');
    expect(aliasTarget('/documentazione/fringe-app')).toBe('/infos/site-documentazione/fringe-app');
  });

  it('leaves every other path alone', () => {
    expect(aliasTarget('/helpdesk/site-assistenza')).toBeNull();
    expect(aliasTarget('/infos/site-documentazione/tutorial')).toBeNull();
    expect(aliasTarget('/menu')).toBeNull();
    expect(aliasTarget('/')).toBeNull();
    // Under another group, or with segments the screen does not take: not an alias.
    expect(aliasTarget('/infos/helpform')).toBeNull();
    expect(aliasTarget('/helpform/altro')).toBeNull();
    expect(aliasTarget('/documentazione/a/b')).toBeNull();
  });
});

describe('an old link in the portal', () => {
  beforeEach(() => {
    queryClient.clear();
    logInAs('utente');
    useSessionStore.setState({ userPerms: ['menu', ...Object.values(routeAliases)] });
  });
  afterEach(() => queryClient.clear());

  it.each(Object.entries(routeAliases))('/%s lands on %s', async (alias, target) => {
    const { router } = startPortal(`/${alias}?x=1`, (url) =>
      url.startsWith('/api/') ? jsonResponse(200, []) : undefined,
    );
    const path = routes[target].path.replace('/{-$group_to_show}', '');
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(router.state.location.searchStr).toContain('x=1');
    // The target's own route file, or a generic route drawing the target's page (routes/-generic-page.ts).
    await waitFor(() => {
      const match = router.state.matches.at(-1);
      const found = (match?.context as { found?: { route: string } } | undefined)?.found;
      expect(found ? found.route : match?.routeId).toContain(target);
    });
    expect(screen.queryByText(messages.notFoundTitle)).toBeNull();
  });

  it('keeps the group to show of an old documentazione link', async () => {
    const { router } = startPortal('/infos/documentazione/fringe-app', (url) =>
      url.startsWith('/api/') ? jsonResponse(200, []) : undefined,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/infos/site-documentazione/fringe-app'));
  });
});
