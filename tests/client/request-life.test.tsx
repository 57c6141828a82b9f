/**
 * A request's whole life for the employee (issue 26): "Le mie richieste" (the declared `my-requests`
 * table, its expected payment day, the link to each request) and one request's page (header, expected
 * payment, the documents asked with the upload area, the timeline, the attached documents, the error).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MieRichieste, RichiestaUtente } from '../../schemas/wire-types.gen';
import { formatTableMessage, messages } from '../../src/shared/catalogues/tables';
import { MyRequestsScreen } from '../../src/client/features/requests/my-requests-screen';
import { RequestScreen } from '../../src/client/features/requests/request-screen';
import { jsonResponse, logInAs, renderInRouter, stubApi } from './helpers';

const list: MieRichieste = {
  count: 2,
  results: [
    {
      id_acquisto: 16,
      inviata_il: '2026-11-13T11:00:00.000Z',
      oggetto: 'Canone di affitto',
      tipo: 'Rimborso Affitto/Mutuo',
      importo: '1234.50',
      stato: 'approvata',
      entro_il: '2026-12-15',
    },
    {
      id_acquisto: 8,
      inviata_il: '2026-05-02T11:00:00.000Z',
      oggetto: 'Bolletta energia elettrica',
      tipo: 'Rimborso Bollette',
      importo: '120.00',
      stato: 'pagata',
      entro_il: null,
    },
  ],
};

const asked: RichiestaUtente = {
  id_acquisto: 16,
  inviata_il: '2026-11-13T11:00:00.000Z',
  oggetto: 'Canone di affitto',
  tipo: 'Rimborso Affitto/Mutuo',
  importo: '80.00',
  stato: 'documenti_richiesti',
  entro_il: '2026-12-15',
  pagata_il: null,
  storia: [
    { evento: 'inviata', data: '2026-11-13T11:00:00.000Z', nota: null },
    { evento: 'in_verifica', data: '2026-11-20T09:00:00.000Z', nota: null },
    { evento: 'documenti_richiesti', data: '2026-11-20T09:05:00.000Z', nota: 'Manca la fattura' },
  ],
  documenti_richiesti: 'Manca la fattura',
  documenti: [
    { id: 29, nome_file: 'contratto.pdf', mime: 'application/pdf', caricato_il: '2026-11-13T11:00:00.000Z' },
  ],
};

beforeEach(() => logInAs());
afterEach(() => vi.unstubAllGlobals());

describe('Le mie richieste', () => {
  it('pages through the server and shows the stage, the expected payment and a link to each request', async () => {
    const calls = stubApi((url) =>
      url.startsWith('/api/mie_richieste') ? jsonResponse(200, list) : undefined,
    );
    await renderInRouter(<MyRequestsScreen />, { path: '/richieste/' });
    await waitFor(() => expect(screen.getAllByTestId('my-request-row')).toHaveLength(2));
    expect(calls.find((call) => call.url.startsWith('/api/mie_richieste'))?.url).toBe(
      '/api/mie_richieste?page=1&page_size=10',
    );
    const [first, second] = screen.getAllByTestId('my-request-row') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('13-11-2026');
    expect(first.textContent?.replace(/\s/g, ' ')).toContain('1.234,50 €');
    expect(first.textContent).toContain(messages.requestApproved);
    expect(first.textContent).toContain('entro il 15-12-2026');
    expect(second.textContent).not.toContain('entro il');
    expect(within(first).getByTestId('my-request-open').getAttribute('href')).toBe('/richieste/16');
  });

  it('says so when there is no request', async () => {
    stubApi((url) =>
      url.startsWith('/api/mie_richieste') ? jsonResponse(200, { count: 0, results: [] }) : undefined,
    );
    await renderInRouter(<MyRequestsScreen />, { path: '/richieste/' });
    expect(await screen.findByText(messages.myRequestsEmpty)).toBeTruthy();
  });
});

describe('the request page', () => {
  it('shows the header, the expected payment, what was asked, the timeline and the documents', async () => {
    stubApi((url) => {
      if (url === '/api/richiesta/16') return jsonResponse(200, asked);
      if (url.startsWith('/api/file_kind_list/')) return jsonResponse(200, [{ id: 1, nome: 'Fattura' }]);
      return undefined;
    });
    await renderInRouter(<RequestScreen requestId={16} />, { path: '/richieste/16' });
    expect((await screen.findByTestId('request-stage')).textContent).toBe(messages.requestDocumentsAsked);
    expect(screen.getByTestId('request-amount').textContent?.replace(/\s/g, ' ')).toContain('80,00 €');
    expect(screen.getByTestId('request-payment-by').textContent).toBe(
      formatTableMessage('requestPaymentBy', { date: '15-12-2026' }),
    );
    expect(screen.getByTestId('request-documents-note').textContent).toBe('Manca la fattura');
    const steps = [...document.querySelectorAll('[data-step]')].map((step) => step.getAttribute('data-step'));
    expect(steps).toEqual(['inviata', 'in_verifica', 'documenti_richiesti']);
    expect(screen.getByText(messages.requestInReview)).toBeTruthy();
    expect(screen.getByText('contratto.pdf')).toBeTruthy();
    // Nothing uploaded yet: nothing is sent.
    fireEvent.click(screen.getByTestId('request-documents-send'));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.requestDocumentsNone);
  });

  it('shows the day it was paid, and the server’s words when the request cannot be read', async () => {
    stubApi((url) => {
      if (url === '/api/richiesta/8')
        return jsonResponse(200, {
          ...asked,
          id_acquisto: 8,
          stato: 'pagata',
          entro_il: null,
          pagata_il: '2026-05-09',
          documenti_richiesti: null,
        });
      if (url === '/api/richiesta/99') return jsonResponse(404, { detail: 'Risorsa non trovata.' });
      return undefined;
    });
    const paid = await renderInRouter(<RequestScreen requestId={8} />, { path: '/richieste/8' });
    expect((await screen.findByTestId('request-paid-on')).textContent).toBe(
      formatTableMessage('requestPaidOn', { date: '09-05-2026' }),
    );
    expect(screen.queryByTestId('request-documents-asked')).toBeNull();
    paid.unmount();
    await renderInRouter(<RequestScreen requestId={99} />, { path: '/richieste/99' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.requestLoadError);
    expect(alert.textContent).toContain('Risorsa non trovata.');
  });
});
