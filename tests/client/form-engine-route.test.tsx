/**
 * The one generic form route (`/base-request/$form_name/{-$id_acq_replay}`): every declared form by
 * its route name, the replay id from the path or from `?id_acq_replay=`, the gating of config/routes.ts,
 * and the not-found page for a name that is no form. The replay links of the movement history
 * (`routePath(kind.replayRoute, {id_acq_replay})`) land here.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages.it';
import { formMessages } from '../../config/messages-forms.it';
import { routePath } from '../../src/client/components/route-link';
import { useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse, logInAs, startPortal, type FetchHandler } from './helpers';

const handler: FetchHandler = (url) => {
  const path = new URL(url, 'http://portale.test').pathname;
  if (path === '/api/get-logged-user-info') return jsonResponse(200, demoUser());
  if (path.startsWith('/api/categorie/'))
    return jsonResponse(200, [{ id: 5, nome: 'Luce e gas', me_stesso: true }]);
  if (path.startsWith('/api/static_links/')) return jsonResponse(200, []);
  if (path.startsWith('/api/file_kind_list/')) return jsonResponse(200, [{ id: 1, nome: 'Fattura' }]);
  if (path === '/api/get_acquisto_full/77')
    return jsonResponse(200, { id_categ_id: 5, acquisto_row: { importo_totale: '61.30' }, note: {} });
  return undefined;
};

function signIn(perms: string[] = ['menu', 'rimb-bollette']) {
  logInAs();
  useSessionStore.setState({ userPerms: perms });
}

async function formOpened() {
  const dialog = await screen.findByRole('dialog', { name: 'Rimborso bollette' }, { timeout: 8000 });
  expect(dialog).toBeTruthy();
  return dialog;
}

describe('the generic form route', () => {
  it('opens a declared form by its route name and path of config/routes.ts', async () => {
    signIn();
    expect(routePath('rimb-bollette')).toBe('/base-request/rimb-bollette');
    const { router, calls } = startPortal('/base-request/rimb-bollette', handler);
    await formOpened();
    expect(router.state.location.pathname).toBe('/base-request/rimb-bollette');
    expect(calls.some((call) => call.url === '/api/categorie/13')).toBe(true);
    expect(calls.some((call) => call.url.startsWith('/api/get_acquisto_full/'))).toBe(false);
  });

  it('replays the purchase of the path parameter (the movement history links)', async () => {
    signIn();
    const path = routePath('rimb-bollette', { id_acq_replay: '77' });
    expect(path).toBe('/base-request/rimb-bollette/77');
    const { calls } = startPortal(path, handler);
    await formOpened();
    expect(calls.some((call) => call.url === '/api/get_acquisto_full/77')).toBe(true);
    expect(await screen.findByDisplayValue('61,30')).toBeTruthy();
  });

  it('replays the purchase of ?id_acq_replay= too', async () => {
    signIn();
    const { calls } = startPortal('/base-request/rimb-bollette?id_acq_replay=77', handler);
    await formOpened();
    expect(calls.some((call) => call.url === '/api/get_acquisto_full/77')).toBe(true);
  });

  it('shows the not-found page for a name that is not a form', async () => {
    signIn();
    startPortal('/base-request/non-un-modulo', handler);
    expect(await screen.findByText(messages.pageNotFound, {}, { timeout: 8000 })).toBeTruthy();
  });

  it('sends a user without the permission back to the menu', async () => {
    signIn(['menu']);
    const { router } = startPortal('/base-request/rimb-bollette', handler);
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'), { timeout: 8000 });
    expect(screen.queryByText(formMessages.formSubmit)).toBeNull();
  });
});
