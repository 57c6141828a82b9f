/**
 * Piattapasto screen (issue 17; spec 002 §4.1, §5, §7): the main menu disabled until the settings load
 * and when the supplier is unknown (logged), the incomplete-settings alert with the upload disabled,
 * the settings modal's fields by supplier and its body, .csv only, the upload as `csv_ordine`, the
 * review with Confirm / Cancel (body `id_ordine`), and the order history whose failure shows the
 * empty list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/catalogues/tables';
import { formMessages } from '../../src/shared/catalogues/forms';
import { queryClient } from '../../src/client/api/query-client';
import { PiattapastoScreen } from '../../src/client/features/backoffice/piattapasto/piattapasto-screen';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

const COMPLETE = {
  valore_buono: '8.00',
  iva_buono: 4,
  codice_cliente: 'RP-1',
  fornitore: 'repas',
  completo: true,
};
const UPLOADED = {
  order_id: 12,
  data: [{ riga: 2, nome: 'Mario Rossi', email: 'mario.rossi@example.com', nbuoni: 20, val_buoni: '160.00' }],
  nbuoni_totali: 20,
  importo_totale: '160.00',
  righe_ignorate: 4,
};

describe('PiattapastoScreen', () => {
  let calls: RecordedCall[];
  let settings: Record<string, unknown> | null;
  let history: 'ok' | 'fail';
  let release: (() => void) | null;

  beforeEach(() => {
    queryClient.clear();
    logInAs('ref_aziendale');
    useSessionStore.setState((state) => ({
      sessionInfos: { ...state.sessionInfos, act_for: { id: 3, nome: 'Acme S.p.A.' } },
    }));
    settings = COMPLETE;
    history = 'ok';
    release = null;
    calls = stubApi((url, init) => {
      if (url.startsWith('/api/aziende_referente')) return jsonResponse(200, []);
      if (url === '/api/piattapasto_impostazioni' && (init.method ?? 'GET') === 'GET') {
        return settings ? jsonResponse(200, settings) : jsonResponse(500, { detail: 'guasto' });
      }
      if (url === '/api/piattapasto_impostazioni') return jsonResponse(200, COMPLETE);
      if (url === '/api/piattapasto_carica_ordine') return jsonResponse(201, UPLOADED);
      if (url === '/api/piattapasto_conferma_ordine' || url === '/api/piattapasto_annulla_ordine') {
        return new Response(null, { status: 204 });
      }
      if (url.startsWith('/api/piattapasto_storico_ordini')) {
        return history === 'ok'
          ? jsonResponse(200, { count: 0, results: [] })
          : jsonResponse(500, { detail: 'Errore interno.' });
      }
      return undefined;
    });
  });
  afterEach(() => {
    queryClient.clear();
    vi.restoreAllMocks();
    release?.();
  });

  const render = () =>
    renderInRouter(<PiattapastoScreen />, { path: '/backoffice-refazi/office-piattapasto' });
  const menuButtons = () =>
    within(screen.getByTestId('piatta-menu')).getAllByRole('button') as HTMLButtonElement[];

  it('the menu waits for the settings; an unknown supplier keeps it disabled and is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    settings = { ...COMPLETE, fornitore: 'edenred' };
    await render();
    expect(menuButtons().every((b) => b.disabled)).toBe(true);
    await screen.findByText(/edenred/);
    expect(menuButtons().every((b) => b.disabled)).toBe(true);
    expect(warn).toHaveBeenCalledWith('Piattapasto: fornitore sconosciuto', 'edenred');
    expect(screen.queryByTestId('piatta-file')).toBeNull();
  });

  it('a settings load failure: the configuration error, the menu stays disabled', async () => {
    settings = null;
    await render();
    await screen.findByText(messages.piattaConfigError);
    expect(menuButtons().every((b) => b.disabled)).toBe(true);
  });

  it('incomplete settings: the alert, the file chooser and the upload disabled', async () => {
    settings = {
      ...COMPLETE,
      codice_cliente: null,
      fornitore: 'pellegrini',
      iva_buono: null,
      completo: false,
    };
    await render();
    await screen.findByTestId('piatta-incomplete');
    expect(menuButtons().every((b) => !b.disabled)).toBe(true);
    expect((screen.getByTestId('piatta-file') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('piatta-upload') as HTMLButtonElement).disabled).toBe(true);
  });

  it('settings modal: client code hidden for toduba, VAT only for repas and only 0 or 4; the body sent', async () => {
    await render();
    await waitFor(() => expect(menuButtons()[0]!.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('piatta-open-settings'));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByLabelText(new RegExp(messages.piattaFieldValue.replace(/[()€]/g, '.')));
    // Shown and typed the Italian way (issue 28); a letter is undone.
    expect((value as HTMLInputElement).value).toBe('8,00');
    fireEvent.change(value, { target: { value: '8,0x' } });
    expect((value as HTMLInputElement).value).toBe('8,00');
    fireEvent.change(value, { target: { value: '9,5' } });
    fireEvent.blur(value);
    expect((value as HTMLInputElement).value).toBe('9,50');
    expect(within(dialog).getByTestId('piatta-codice-cliente')).toBeTruthy();
    const vat = within(dialog).getByTestId('piatta-iva-buono');
    fireEvent.change(vat, { target: { value: '4.25' } });
    expect((vat as HTMLInputElement).value).toBe('4');
    fireEvent.change(vat, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('piatta-settings-save'));
    await within(dialog).findByText(messages.piattaFieldVatInvalid);
    expect(calls.some((c) => c.url === '/api/piattapasto_impostazioni' && c.init.method === 'POST')).toBe(
      false,
    );
    fireEvent.change(vat, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('piatta-settings-save'));
    await screen.findByText(formMessages.formSettingsSaved);
    const post = calls.find((c) => c.url === '/api/piattapasto_impostazioni' && c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({
      valore_buono: '9.50',
      fornitore: 'repas',
      codice_cliente: 'RP-1',
      iva_buono: 0,
    });
    expect(new Headers(post.init.headers).get('act-for')).toBe('3');
  });

  it('settings modal for toduba: neither client code nor VAT, both sent as null', async () => {
    settings = { ...COMPLETE, fornitore: 'toduba', codice_cliente: null, iva_buono: null };
    await render();
    await waitFor(() => expect(menuButtons()[0]!.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('piatta-open-settings'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('piatta-codice-cliente')).toBeNull();
    expect(within(dialog).queryByTestId('piatta-iva-buono')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('piatta-settings-save'));
    await screen.findByText(formMessages.formSettingsSaved);
    const post = calls.find((c) => c.url === '/api/piattapasto_impostazioni' && c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toMatchObject({ codice_cliente: null, iva_buono: null });
  });

  it('.csv only; the upload as csv_ordine, the review, then Confirm with id_ordine', async () => {
    await render();
    await screen.findByTestId('piatta-file');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'ordine.xlsx')] } });
    await screen.findByText(messages.piattaUploadOnlyCsv);
    expect((screen.getByTestId('piatta-upload') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { files: [new File(['Nome;Email;N;C'], 'ordine.csv')] } });
    await waitFor(() =>
      expect((screen.getByTestId('piatta-upload') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('piatta-upload'));
    await screen.findByTestId('piatta-review');
    const sent = calls.find((c) => c.url === '/api/piattapasto_carica_ordine')!;
    expect((sent.init.body as FormData).get('csv_ordine')).toBeInstanceOf(File);
    expect(screen.getAllByTestId('piatta-review-row')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('piatta-confirm'));
    await screen.findByText(messages.piattaConfirmed);
    const confirm = calls.find((c) => c.url === '/api/piattapasto_conferma_ordine')!;
    expect(JSON.parse(String(confirm.init.body))).toEqual({ id_ordine: 12 });
    // Then the order status is shown.
    await screen.findByRole('table', { name: messages.piattaOrdersCaption });
  });

  it('Cancel deletes the uploaded order (DELETE with id_ordine)', async () => {
    await render();
    await screen.findByTestId('piatta-file');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'ordine.csv')] } });
    await waitFor(() =>
      expect((screen.getByTestId('piatta-upload') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('piatta-upload'));
    await screen.findByTestId('piatta-review');
    fireEvent.click(screen.getByTestId('piatta-cancel'));
    await screen.findByText(messages.piattaCancelled);
    const cancel = calls.find((c) => c.url === '/api/piattapasto_annulla_ordine')!;
    expect(cancel.init.method).toBe('DELETE');
    expect(JSON.parse(String(cancel.init.body))).toEqual({ id_ordine: 12 });
    expect(screen.queryByTestId('piatta-review')).toBeNull();
  });

  it('order history failure yields an empty list', async () => {
    history = 'fail';
    await render();
    await waitFor(() => expect(menuButtons()[2]!.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('piatta-view-status'));
    await screen.findByText(messages.piattaOrdersEmpty);
    expect(screen.queryByText('Errore interno.')).toBeNull();
    expect(
      calls.some(
        (c) => c.url.startsWith('/api/piattapasto_storico_ordini?') && c.url.includes('page_size=5'),
      ),
    ).toBe(true);
  });
});
