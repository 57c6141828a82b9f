/** Profile change-password modal (spec 000 §2 Profile, §5 New password). */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { ProfileScreen } from '../../src/client/features/profile/profile-screen';
import { demoUser, jsonResponse, labelled, renderWithMantine } from './helpers';

describe('change-password modal', () => {
  it('validates with the spec texts, keeps submit disabled while invalid and shows the new expiry', async () => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
      void init;
      return url === '/api/password_change'
        ? jsonResponse(200, { pass_expiry_date: '2027-02-20' })
        : jsonResponse(404, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithMantine(<ProfileScreen user={demoUser()} />);

    fireEvent.click(screen.getByRole('button', { name: messages.profileChangePassword }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.passwordChangeTitle)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: messages.passwordSubmit }) as HTMLButtonElement;
    const field = (label: string) => within(dialog).getByLabelText(labelled(label));
    expect(submit.disabled).toBe(true);

    fireEvent.change(field(messages.passwordNew), { target: { value: 'Abcdef1' } });
    expect(
      within(dialog).getByText(
        'La nuova password deve avere tra 8 e 32 caratteri, hai digitato 7 caratteri.',
      ),
    ).toBeTruthy();
    fireEvent.change(field(messages.passwordNew), { target: { value: 'ABCDEFGH1' } });
    expect(within(dialog).getByText(messages.passwordComplexity)).toBeTruthy();
    fireEvent.change(field(messages.passwordNew), { target: { value: 'Welfare2027' } });
    fireEvent.change(field(messages.passwordConfirm), { target: { value: 'Welfare202' } });
    expect(within(dialog).getByText('Le due password non coincidono')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    fireEvent.change(field(messages.passwordConfirm), { target: { value: 'Welfare2027' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    expect(
      await within(dialog).findByText('La password è stata aggiornata. Scadrà il 20-02-2027.'),
    ).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/password_change')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(call[1]?.body as string)).toEqual({
      new_passwd: 'Welfare2027',
      passwd_confirm: 'Welfare2027',
    });
  });

  it('shows the server refusal (password used before) in the error box', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { new_passwd: [messages.apiPasswordReused] })),
    );
    renderWithMantine(<ProfileScreen user={demoUser()} />);
    fireEvent.click(screen.getByRole('button', { name: messages.profileChangePassword }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(labelled(messages.passwordNew)), {
      target: { value: 'Welfare2027' },
    });
    fireEvent.change(within(dialog).getByLabelText(labelled(messages.passwordConfirm)), {
      target: { value: 'Welfare2027' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.passwordSubmit }));
    expect(await screen.findByText(messages.apiPasswordReused)).toBeTruthy();
  });
});
