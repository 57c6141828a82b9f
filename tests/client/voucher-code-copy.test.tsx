/**
 * stato-voucher (issue 28): a voucher's code is kept on one line with a button that copies it, and the
 * expiry date is a labelled field (on the phone card too, not an unlabelled header).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/catalogues/tables';
import { queryClient } from '../../src/client/api/query-client';
import { StatoVoucherScreen } from '../../src/client/features/sellers/stato-voucher-screen';
import { jsonResponse, logInAs, renderInRouter, stubApi } from './helpers';

const CODE = 'WTCW-5R5Q-QE4D';

const voucher = {
  id_acquisto: 40,
  codice: CODE,
  nome_fornitore: 'Consorzio Cultura Italia',
  data_produzione: '2026-11-28',
  data_scadenza: '2027-11-28',
  credito_iniziale: '50.00',
  credito_residuo: '50.00',
  voucher_status: { is_valid: true, dettaglio: 'Valido' },
  voucher_credito_log: [],
};

describe('stato-voucher: the code', () => {
  let writeText: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    queryClient.clear();
    logInAs('utente');
    writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubApi((url) =>
      url.startsWith('/api/voucher_utente')
        ? jsonResponse(200, { count: 1, next: null, previous: null, results: [voucher] })
        : undefined,
    );
  });
  afterEach(() => queryClient.clear());

  it('keeps the code whole on one line and copies it with its button', async () => {
    await renderInRouter(<StatoVoucherScreen />, { path: '/sellers/stato-voucher' });
    const code = await screen.findByTestId('table-code');
    expect(code.textContent).toBe(CODE);
    expect(code.className).toMatch(/code/);
    const copy = screen.getByRole('button', {
      name: messages.voucherCopyCode.replace('{code}', CODE),
    });
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODE));
    await screen.findByRole('button', { name: messages.voucherCodeCopied });
  });

  it('labels the expiry date on the card', async () => {
    await renderInRouter(<StatoVoucherScreen />, { path: '/sellers/stato-voucher' });
    const date = await screen.findByText('28-11-2027');
    expect(date.closest('td')?.getAttribute('data-label')).toBe(messages.movCreditExpiry);
  });
});
