/** Consent after login (spec 000 §4 Consent, §5 Consent): privacy first, then the code of conduct. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { bodyOf, jsonResponse, labelled, logInAs, startPortal, type FetchHandler } from './helpers';

beforeEach(() => logInAs('utente'));

function consentHandler(read: Response): FetchHandler {
  return (url, init) => {
    if (url !== '/api/user_privacy') return undefined;
    if ((init.method ?? 'GET') === 'GET') return read;
    return jsonResponse(200, JSON.parse(init.body as string));
  };
}

const posts = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter((call) => call.url === '/api/user_privacy' && call.init.method === 'POST');

describe('consent modals', () => {
  it('404: privacy first (service consent and signature required), then the code of conduct, then saves all', async () => {
    const { calls } = startPortal(
      '/menu',
      consentHandler(jsonResponse(404, { detail: 'Risorsa non trovata.' })),
    );
    const privacy = await screen.findByRole('dialog');
    expect(within(privacy).getByText(messages.consentPrivacyTitle)).toBeTruthy();
    expect(screen.queryByText(messages.consentConductTitle)).toBeNull();
    // No close button, Esc does nothing.
    expect(within(privacy).queryByRole('button', { name: /chiudi/i })).toBeNull();
    fireEvent.keyDown(privacy, { key: 'Escape' });
    // The home's "Le tue condizioni" box links the privacy notice too: the modal is looked for by name.
    expect(screen.getByRole('dialog', { name: messages.consentPrivacyTitle })).toBeTruthy();

    const next = within(privacy).getByRole('button', { name: messages.proceed }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    const service = within(privacy).getByLabelText(labelled(messages.consentServiceLabel));
    fireEvent.blur(service);
    expect(within(privacy).getByText(messages.consentServiceRequired)).toBeTruthy();
    fireEvent.click(service);
    expect(next.disabled).toBe(true);
    const signature = within(privacy).getByLabelText(labelled(messages.consentSignatureLabel));
    expect(within(privacy).getByText(/Mario Rossi/)).toBeTruthy();
    fireEvent.change(signature, { target: { value: '   ' } });
    fireEvent.blur(signature);
    expect(within(privacy).getByText(messages.consentSignatureRequired)).toBeTruthy();
    fireEvent.change(signature, { target: { value: ' Mario Rossi ' } });
    fireEvent.click(within(privacy).getByLabelText(labelled(messages.consentPersonalLabel)));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);

    const conduct = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: messages.consentPrivacyTitle })).toBeNull(),
    );
    expect(within(conduct).getByText(messages.consentConductTitle)).toBeTruthy();
    expect(within(conduct).getAllByRole('listitem')).toHaveLength(10);
    expect(posts(calls)).toHaveLength(0);
    const accept = within(conduct).getByRole('button', {
      name: messages.consentConfirm,
    }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.click(within(conduct).getByLabelText(labelled(messages.consentConductLabel)));
    fireEvent.click(accept);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toHaveLength(1);
    expect(JSON.parse(posts(calls)[0]!.init.body as string)).toEqual({
      privacy_servizio: true,
      privacy_dati_personali: true,
      decalogo_sicurezza: true,
      signature: 'Mario Rossi',
    });
  });

  it('privacy given but not the code of conduct: only the code-of-conduct modal', async () => {
    const given = {
      privacy_servizio: true,
      privacy_dati_personali: false,
      decalogo_sicurezza: false,
      signature: 'Mario Rossi',
    };
    const { calls } = startPortal('/menu', consentHandler(jsonResponse(200, given)));
    const conduct = await screen.findByRole('dialog');
    expect(within(conduct).getByText(messages.consentConductTitle)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: messages.consentPrivacyTitle })).toBeNull();
    fireEvent.click(within(conduct).getByLabelText(labelled(messages.consentConductLabel)));
    fireEvent.click(within(conduct).getByRole('button', { name: messages.consentConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(posts(calls), '/api/user_privacy')).toEqual({ ...given, decalogo_sicurezza: true });
  });

  it('code of conduct already accepted: submitting privacy saves at once', async () => {
    const { calls } = startPortal(
      '/menu',
      consentHandler(
        jsonResponse(200, {
          privacy_servizio: false,
          privacy_dati_personali: false,
          decalogo_sicurezza: true,
          signature: 'Mario Rossi',
        }),
      ),
    );
    const privacy = await screen.findByRole('dialog');
    fireEvent.click(within(privacy).getByLabelText(labelled(messages.consentServiceLabel)));
    fireEvent.change(within(privacy).getByLabelText(labelled(messages.consentSignatureLabel)), {
      target: { value: 'Mario Rossi' },
    });
    fireEvent.click(within(privacy).getByRole('button', { name: messages.consentConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(messages.consentConductTitle)).toBeNull();
    expect(bodyOf(posts(calls), '/api/user_privacy')).toEqual({
      privacy_servizio: true,
      privacy_dati_personali: false,
      decalogo_sicurezza: true,
      signature: 'Mario Rossi',
    });
  });

  it('shows nothing when both are given', async () => {
    const { calls } = startPortal('/menu');
    await screen.findByText(/Benvenuto, Mario/);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user_privacy')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the user leave the portal instead', async () => {
    const { router } = startPortal('/menu', consentHandler(jsonResponse(404, { detail: 'x' })));
    const privacy = await screen.findByRole('dialog');
    fireEvent.click(within(privacy).getByRole('button', { name: messages.consentExit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/acme'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
