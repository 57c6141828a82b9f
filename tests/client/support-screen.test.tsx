/**
 * The support page (site-assistenza; issue 28): its "Richieste inviate" tab lists the user's tickets
 * (number, category, the request it refers to, the date as DD-MM-YYYY), or says there are none.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/catalogues/account';
import { queryClient } from '../../src/client/api/query-client';
import { SupportScreen } from '../../src/client/features/support/support-screen';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

const TICKETS = [
  {
    numero_ticket: 1002,
    categoria: 'altre-informazioni',
    nome_categoria: 'Altre informazioni',
    n_richiesta: null,
    created: '2026-11-27T10:00:00.000Z',
  },
  {
    numero_ticket: 1001,
    categoria: 'buoni',
    nome_categoria: 'Buoni Eurete',
    n_richiesta: 4512,
    created: '2026-03-01T09:30:00.000Z',
  },
];

describe('SupportScreen', () => {
  let calls: RecordedCall[];
  let tickets: typeof TICKETS;

  beforeEach(() => {
    queryClient.clear();
    logInAs('utente');
    tickets = TICKETS;
    calls = stubApi((url, init) =>
      url === '/api/supporto' && (init.method ?? 'GET') === 'GET' ? jsonResponse(200, tickets) : undefined,
    );
  });
  afterEach(() => queryClient.clear());

  const render = () => renderInRouter(<SupportScreen />, { path: '/helpdesk/site-assistenza' });

  it('opens on the new request, and lists the sent tickets in the second tab', async () => {
    await render();
    expect(screen.getByRole('heading', { level: 1, name: messages.supportPageTitle })).toBeTruthy();
    expect(screen.getByRole('tab', { name: messages.supportTabNew }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(calls.some((c) => c.url === '/api/supporto')).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: messages.supportTabSent }));
    const rows = await screen.findAllByTestId('support-ticket-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1002', 'Altre informazioni', '-', '27-11-2026'],
      ['1001', 'Buoni Eurete', '4512', '01-03-2026'],
    ]);
    expect(screen.getByRole('region', { name: messages.supportTicketsCaption })).toBeTruthy();
  });

  it('says so when no request was sent yet', async () => {
    tickets = [];
    await render();
    fireEvent.click(screen.getByRole('tab', { name: messages.supportTabSent }));
    expect(await screen.findByText(messages.supportTicketsEmpty)).toBeTruthy();
  });
});
