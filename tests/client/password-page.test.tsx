/** Password page (spec 000 §2, §5): auth_method, the spec's validation texts, bad link, new expiry. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { bodyOf, jsonResponse, labelled, resetSession, startPortal } from './helpers';

beforeEach(() => resetSession('userportal'));

const save = () => screen.getByRole('button', { name: messages.passwordSubmit }) as HTMLButtonElement;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(labelled(label)), { target: { value } });

describe('password page', () => {
  it('checks the new password with the spec texts and the tax code, then shows the new expiry', async () => {
    const { calls } = startPortal('/password-lost/acme/hash123', (url, init) =>
      url === '/api/password_lost_reset/hash123'
        ? (init.method ?? 'GET') === 'GET'
          ? jsonResponse(200, { auth_method: 'cod_fisc' })
          : jsonResponse(200, { pass_expiry_date: '2027-02-20' })
        : undefined,
    );
    expect(await screen.findByText(messages.passwordLostTitle)).toBeTruthy();
    await screen.findByLabelText(labelled(messages.profileTaxCode));
    expect(screen.queryByLabelText(labelled(messages.loginCodeLabel))).toBeNull();
    expect(save().disabled).toBe(true);

    type(messages.passwordNew, 'Ab1');
    expect(
      screen.getByText('La nuova password deve avere tra 8 e 32 caratteri, hai digitato 3 caratteri.'),
    ).toBeTruthy();
    type(messages.passwordNew, 'abcdefgh1');
    expect(
      screen.getByText(
        'La password deve contenere almeno un carattere maiuscolo uno minuscolo ed un numero.',
      ),
    ).toBeTruthy();
    type(messages.passwordNew, 'Welfare2027');
    type(messages.passwordConfirm, 'Welfare2028');
    expect(screen.getByText('Le due password non coincidono')).toBeTruthy();
    type(messages.passwordConfirm, 'Welfare2027');
    expect(screen.queryByText('Le due password non coincidono')).toBeNull();
    expect(save().disabled).toBe(true);

    type(messages.profileTaxCode, 'rssmra80a01h501');
    expect(
      screen.getByText('Verifica che siano presenti tutti i 16 caratteri e che non vi siano spazi'),
    ).toBeTruthy();
    type(messages.profileTaxCode, 'RSSMRA80 01H501U');
    expect(save().disabled).toBe(true);
    type(messages.profileTaxCode, 'rssmra80a01h501u');
    expect(save().disabled).toBe(false);
    fireEvent.click(save());

    expect(await screen.findByText('La password è stata aggiornata. Scadrà il 20-02-2027.')).toBeTruthy();
    expect(
      bodyOf(
        calls.filter((c) => c.init.method === 'POST'),
        '/api/password_lost_reset/hash123',
      ),
    ).toEqual({
      new_passwd: 'Welfare2027',
      passwd_confirm: 'Welfare2027',
      cod_fisc: 'RSSMRA80A01H501U',
    });
    expect(screen.getByRole('link', { name: messages.loginGoToLogin }).getAttribute('href')).toBe(
      '/login/acme',
    );
  });

  it('asks for the 6-digit code when auth_method is otp (expired mode)', async () => {
    const { calls } = startPortal('/password-expired/acme/h9', (url, init) =>
      url === '/api/password_expired_reset/h9'
        ? (init.method ?? 'GET') === 'GET'
          ? jsonResponse(200, { auth_method: 'otp' })
          : jsonResponse(200, { pass_expiry_date: '2027-03-01' })
        : undefined,
    );
    expect(await screen.findByText(messages.passwordExpiredTitle)).toBeTruthy();
    await screen.findByLabelText(labelled(messages.loginCodeLabel));
    expect(screen.queryByLabelText(labelled(messages.profileTaxCode))).toBeNull();
    type(messages.passwordNew, 'Welfare2027');
    type(messages.passwordConfirm, 'Welfare2027');
    expect(save().disabled).toBe(true);
    type(messages.loginCodeLabel, '12345');
    expect(save().disabled).toBe(true);
    type(messages.loginCodeLabel, '123456');
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(await screen.findByText(/Scadrà il 01-03-2027/)).toBeTruthy();
    expect(
      bodyOf(
        calls.filter((c) => c.init.method === 'POST'),
        '/api/password_expired_reset/h9',
      ),
    ).toEqual({
      new_passwd: 'Welfare2027',
      passwd_confirm: 'Welfare2027',
      otp: '123456',
    });
  });

  it('shows the server message and the advice about the link when the link is bad', async () => {
    startPortal('/password-lost/acme/vecchio', (url) =>
      url === '/api/password_lost_reset/vecchio'
        ? jsonResponse(404, { detail: messages.apiPasswordLinkInvalid })
        : undefined,
    );
    expect(await screen.findByText(messages.apiPasswordLinkInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordBadLink)).toBeTruthy();
    expect(screen.queryByLabelText(labelled(messages.passwordNew))).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: messages.loginGoToLogin }).getAttribute('href')).toBe(
        '/login/acme',
      ),
    );
  });
});
