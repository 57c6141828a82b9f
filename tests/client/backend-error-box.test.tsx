import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages.it';
import { ApiError } from '../../src/client/api/client';
import { flattenBackendError, showBackendError } from '../../src/client/components/backend-error-box';
import { renderWithMantine } from './helpers';

describe('flattenBackendError', () => {
  it('keeps a plain string as the only message', () => {
    expect(flattenBackendError('Token scaduto.')).toEqual(['Token scaduto.']);
  });

  it('takes every item of every field, arrays flattened, in order', () => {
    expect(
      flattenBackendError({
        importo: ['Importo non valido.', 'Importo troppo alto.'],
        non_field_errors: ['Credito insufficiente.'],
        detail: 'Richiesta rifiutata.',
      }),
    ).toEqual([
      'Importo non valido.',
      'Importo troppo alto.',
      'Credito insufficiente.',
      'Richiesta rifiutata.',
    ]);
  });

  it('flattens nested objects and arrays of arrays', () => {
    expect(flattenBackendError({ beneficiario: { cod_fisc: [['Codice fiscale errato']] } })).toEqual([
      'Codice fiscale errato',
    ]);
  });

  it('unwraps an ApiError and falls back to the generic text when there is nothing to say', () => {
    expect(flattenBackendError(new ApiError(400, { detail: 'No.' }))).toEqual(['No.']);
    expect(flattenBackendError({})).toEqual([messages.genericError]);
    expect(flattenBackendError(null)).toEqual([messages.genericError]);
  });
});

describe('showBackendError', () => {
  it('opens a modal titled "Errore." with the intro and every message, and runs onClose once', async () => {
    renderWithMantine(<p>pagina</p>);
    const onClose = vi.fn();
    const opened = showBackendError(
      { email: ['E-mail non valida.'], non_field_errors: ['Riprovare.'] },
      onClose,
    );

    const dialog = await screen.findByRole('dialog');
    await expect(opened).resolves.toMatch(/^backend-error-/);
    expect(within(dialog).getByText(messages.backendErrorTitle)).toBeTruthy();
    expect(within(dialog).getByText(messages.backendErrorIntro)).toBeTruthy();
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['E-mail non valida.', 'Riprovare.']);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a plain string answer as a single message', async () => {
    renderWithMantine(<p>pagina</p>);
    void showBackendError('Servizio non disponibile.');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('backend-error-message').textContent).toBe('Servizio non disponibile.');
  });
});
