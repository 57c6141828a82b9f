/**
 * Key generation on the encryption keys page (route office-cifratura-chain; issue 28): generating a
 * 3072-bit pair takes seconds, so a live region says what is happening until the key is registered.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-tables.it';
import { KeysScreen } from '../../src/client/features/backoffice/keys-screen';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, renderInRouter, stubApi } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('key generation progress', () => {
  it('says the pair is being generated, then registered, in a live region', async () => {
    logInAs('ref_aziendale');
    useSessionStore.setState((state) => ({
      userPerms: ['menu', 'home-refazi', 'office-cifratura-chain'],
      sessionInfos: { ...state.sessionInfos, act_for: { id: 7, nome: 'Acme S.p.A.' } },
    }));
    let generated: (pair: CryptoKeyPair) => void = () => undefined;
    let registered: (response: Response) => void = () => undefined;
    vi.spyOn(crypto.subtle, 'generateKey').mockImplementation(
      () =>
        new Promise<CryptoKeyPair>((resolve) => {
          generated = resolve;
        }) as never,
    );
    vi.spyOn(crypto.subtle, 'exportKey').mockResolvedValue(new Uint8Array([1, 2, 3]).buffer as never);
    stubApi((url, init) =>
      url === '/api/chiavi_pubbliche' && init.method === 'POST'
        ? new Promise<Response>((resolve) => {
            registered = resolve;
          })
        : undefined,
    );
    await renderInRouter(<KeysScreen />, { path: '/backoffice-refazi/office-cifratura-chain' });
    const progress = screen.getByTestId('key-progress');
    expect(progress.getAttribute('role')).toBe('status');
    expect(progress.getAttribute('aria-live')).toBe('polite');
    expect(progress.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: messages.boKeysGenerate }));
    await waitFor(() => expect(progress.textContent).toBe(messages.boKeysGenerating));
    expect(messages.boKeysGenerating).toMatch(/alcuni secondi/);

    generated({ publicKey: {} as CryptoKey, privateKey: {} as CryptoKey });
    await waitFor(() => expect(progress.textContent).toBe(messages.boKeysRegistering));

    registered(jsonResponse(201, { id: 41, chiave_pubblica: 'AQID', api_user_name: null }));
    await screen.findByTestId('key-generated');
    expect(progress.textContent).toBe('');
  });
});
