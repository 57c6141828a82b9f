/**
 * What expires next (issue 28): the home's credit card, the shell's credit popover and the movement
 * page's credit-status modal show, per credit line with credit left, «120,00 € scadono il 31-12-2026»
 * (GET crediti_in_scadenza, soonest first), and an empty state when nothing expires.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/catalogues/account';
import { HomeScreen } from '../../src/client/features/home/home-screen';
import { openCreditStatus } from '../../src/client/features/movements/credit-status-modal';
import { CreditPopover } from '../../src/client/features/shell/credit-popover';
import { jsonResponse, logInAs, renderInRouter, renderWithMantine, stubApi } from './helpers';

const SCADENZE = [
  {
    id_linea: 3,
    importo: '120.00',
    data_scadenza: '2026-12-31',
    giorni: 33,
    fonte: { id: 3, nome: 'Art. 51 c.3' },
  },
  {
    id_linea: 5,
    importo: '1500.00',
    data_scadenza: '2027-06-30',
    giorni: 214,
    fonte: { id: 1, nome: 'Welfare da accordo' },
  },
];

/** The text as the money formatter writes it (a no-break space before €). */
const normalized = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

function api(scadenze: unknown[]) {
  return stubApi((url) => {
    if (url === '/api/crediti_in_scadenza') return jsonResponse(200, { scadenze });
    if (url === '/api/carosello_get_playlist') return jsonResponse(200, []);
    if (url === '/api/info_popup') return jsonResponse(200, { popup_content: '' });
    if (url.startsWith('/api/crediti_lista')) return jsonResponse(200, []);
    return undefined;
  });
}

function Home() {
  const [subsection, setSubsection] = useState<string | undefined>();
  return <HomeScreen subsection={subsection} onSubsectionChange={setSubsection} />;
}

beforeEach(() => logInAs());
afterEach(() => vi.unstubAllGlobals());

describe('credit expiry forecast', () => {
  it('the home lists what expires next, soonest first, the Italian way', async () => {
    api(SCADENZE);
    await renderInRouter(<Home />, { path: '/menu', extraPaths: [] });
    const lines = await screen.findAllByTestId('credit-expiry-line');
    expect(lines.map((line) => normalized(line.textContent))).toEqual([
      '120,00 € scadono il 31-12-2026',
      '1.500,00 € scadono il 30-06-2027',
    ]);
    expect(screen.getByText(messages.creditExpiryTitle)).toBeTruthy();
  });

  it('the home says so when nothing expires', async () => {
    api([]);
    await renderInRouter(<Home />, { path: '/menu', extraPaths: [] });
    expect(await screen.findByText(messages.creditExpiryNone)).toBeTruthy();
    expect(screen.queryByTestId('credit-expiry-line')).toBeNull();
  });

  it('the credit popover shows the forecast once opened', async () => {
    const calls = api(SCADENZE.slice(0, 1));
    await renderInRouter(<CreditPopover />);
    expect(calls.some((call) => call.url === '/api/crediti_in_scadenza')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: messages.navMyCredit }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(normalized(within(dialog).getByTestId('credit-expiry-line').textContent)).toBe(
        '120,00 € scadono il 31-12-2026',
      ),
    );
  });

  it('the credit-status modal of the movement page shows it above the lines', async () => {
    api(SCADENZE);
    renderWithMantine(<></>);
    await openCreditStatus();
    const dialog = await screen.findByRole('dialog', { name: messages.movCreditStatus });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('credit-expiry-line')
          .map((line) => normalized(line.textContent)),
      ).toEqual(['120,00 € scadono il 31-12-2026', '1.500,00 € scadono il 30-06-2027']),
    );
  });
});
