/**
 * The conventions disclaimer and the home's conditions (spec 000 §2, 002 §2.1; issue 28): once the
 * disclaimer is accepted, or the server says it was in an earlier session, the home says "Accettate".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { messages } from '../../src/shared/catalogues/account';
import { UserConditions } from '../../src/client/features/home/user-conditions';
import { DisclaimerGate } from '../../src/client/features/sellers/disclaimer-modal';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, renderInRouter, stubApi } from './helpers';

function Page() {
  const state = useSessionStore();
  return (
    <>
      <DisclaimerGate />
      <UserConditions session={state} />
    </>
  );
}

const specialStatus = () =>
  within(screen.getByTestId('condition-special')).getByTestId('condition-status').textContent;

beforeEach(() => {
  logInAs();
  useSessionStore.setState({ userPerms: ['menu', 'home-fornitori'] });
});

describe('special agreements on the home', () => {
  it('says "accepted" as soon as the disclaimer is accepted', async () => {
    let agreed = false;
    stubApi((url, init) => {
      if (url === '/api/user_privacy') return jsonResponse(200, { privacy_servizio: true });
      if (url !== '/api/conv_special_agreed') return undefined;
      if (init.method === 'POST') agreed = true;
      return jsonResponse(200, { conv_special_agreed: agreed });
    });
    await renderInRouter(<Page />, { path: '/sellers/home-fornitori' });
    const dialog = await screen.findByRole('dialog');
    expect(specialStatus()).toBe(messages.conditionsNotAccepted);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: formMessages.formSellersDisclaimerAccept }));
    await waitFor(() => expect(specialStatus()).toBe(messages.conditionsAccepted));
    expect(useSessionStore.getState().sessionInfos.conv_special_agreed).toBe(true);
  });

  it('says "accepted" when the server says it was accepted in an earlier session', async () => {
    stubApi((url) => {
      if (url === '/api/user_privacy') return jsonResponse(200, { privacy_servizio: true });
      if (url === '/api/conv_special_agreed') return jsonResponse(200, { conv_special_agreed: true });
      return undefined;
    });
    await renderInRouter(<Page />, { path: '/sellers/home-fornitori' });
    await waitFor(() => expect(specialStatus()).toBe(messages.conditionsAccepted));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
