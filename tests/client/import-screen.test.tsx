/**
 * Bulk import screen (issue 17; spec 002 §2.10, §4.2, §7, §8): the upload modal (Carica disabled
 * without a file, "Seleziona un file!", controls disabled while uploading, file cleared after, the
 * toasts), the table (status labels, file names that download, "Visualizza" only with a note, "Annulla"
 * only in VALIDATION_COMPLETED or VALIDATION_COMPLETED_WITH_WARNINGS (issue 28) after "Sei sicuro...?" with "Sì, annulla" / "No"), the info panel.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/catalogues/tables';
import { formMessages } from '../../src/shared/catalogues/forms';
import { queryClient } from '../../src/client/api/query-client';
import { ImportScreen } from '../../src/client/features/backoffice/import-screen';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

const JOBS = [
  {
    id: 3,
    status: 'VALIDATION_COMPLETED',
    input_filename: 'ok.xlsx',
    output_filename: 'esito_ok.xlsx',
    note: '2 righe valide.',
    created: '2026-03-01T09:00:00Z',
  },
  {
    id: 2,
    status: 'VALIDATION_FAILED',
    input_filename: 'ko.xlsx',
    output_filename: 'esito_ko.xlsx',
    note: '',
    created: '2026-02-01T09:00:00Z',
  },
  {
    id: 1,
    status: 'IMPORTED_SUCCESSFULLY',
    input_filename: 'vecchio.xlsx',
    output_filename: null,
    note: '',
    created: '2026-01-01T09:00:00Z',
  },
  {
    id: 5,
    status: 'VALIDATION_COMPLETED_WITH_WARNINGS',
    input_filename: 'anomalie.xlsx',
    output_filename: 'esito_anomalie.xlsx',
    note: '',
    created: '2025-12-01T09:00:00Z',
  },
];

describe('ImportScreen', () => {
  let calls: RecordedCall[];
  let uploadStatus: number;
  let release: (() => void) | null;

  beforeEach(() => {
    queryClient.clear();
    logInAs('ref_aziendale');
    useSessionStore.setState((state) => ({
      sessionInfos: { ...state.sessionInfos, act_for: { id: 3, nome: 'Acme S.p.A.' } },
    }));
    uploadStatus = 201;
    release = null;
    calls = stubApi((url, init) => {
      if (url.startsWith('/api/aziende_referente')) return jsonResponse(200, []);
      if (url === '/api/importtools' && init.method === 'POST') {
        return new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              uploadStatus === 201
                ? jsonResponse(201, { id: 4, status: 'IN_QUEUE' })
                : jsonResponse(400, { detail: 'I file .xls non si possono leggere.' }),
            );
        });
      }
      if (url === '/api/importtools') return jsonResponse(200, JOBS);
      if (url === '/api/importtools/3/annulla') return new Response(null, { status: 204 });
      if (url === '/api/importtools/5/annulla') return new Response(null, { status: 204 });
      return undefined;
    });
  });
  afterEach(() => queryClient.clear());

  const render = () =>
    renderInRouter(<ImportScreen />, { path: '/backoffice-refazi/office-import-anagrafiche-crediti' });

  it('shows the imports: §4.2 labels, file names as downloads, Visualizza only with a note, Annulla only when completed', async () => {
    await render();
    const rows = await screen.findAllByTestId('import-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText(messages.importValidationCompleted)).toBeTruthy();
    expect(within(rows[1]!).getByText(messages.importValidationFailed)).toBeTruthy();
    expect(within(rows[2]!).getByText(messages.importAccepted)).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Scarica il file esito_ok.xlsx' })).toBeTruthy();
    expect(within(rows[0]!).getByText('ok.xlsx')).toBeTruthy();
    // No output file, no button.
    expect(
      within(rows[2]!)
        .getAllByRole('button', { name: /Scarica il file/ })
        .map((b) => b.textContent),
    ).toEqual(['vecchio.xlsx']);
    expect(within(rows[0]!).getByText(messages.boImportNoteShow)).toBeTruthy();
    expect(within(rows[1]!).queryByText(messages.boImportNoteShow)).toBeNull();
    expect(within(rows[0]!).getByText(messages.cancel)).toBeTruthy();
    expect(within(rows[1]!).queryByText(messages.cancel)).toBeNull();
    expect(within(rows[2]!).queryByText(messages.cancel)).toBeNull();
    expect(within(rows[3]!).getByText(messages.importValidationWarnings)).toBeTruthy();
    expect(within(rows[3]!).getByText(messages.cancel)).toBeTruthy();
    expect(new Headers(calls.find((c) => c.url === '/api/importtools')?.init.headers).get('Act-For')).toBe(
      '3',
    );

    fireEvent.click(within(rows[0]!).getByText(messages.boImportNoteShow));
    const note = await screen.findByRole('dialog', { name: messages.boImportNoteTitle });
    expect(within(note).getByText('2 righe valide.')).toBeTruthy();
  });

  it('cancels after "Sei sicuro di voler annullare questo import?" with Sì, annulla / No, then the toast', async () => {
    await render();
    const rows = await screen.findAllByTestId('import-row');
    fireEvent.click(within(rows[0]!).getByText(messages.cancel));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.boImportCancelText)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: messages.no })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.boImportCancelYes }));
    expect(await screen.findByText(messages.boImportCancelled)).toBeTruthy();
    const post = calls.find((c) => c.url === '/api/importtools/3/annulla');
    expect(post?.init.method).toBe('POST');
    expect(new Headers(post?.init.headers).get('Act-For')).toBe('3');
  });

  it('cancels an import validated with anomalies (issue 28)', async () => {
    await render();
    const rows = await screen.findAllByTestId('import-row');
    fireEvent.click(within(rows[3]!).getByText(messages.cancel));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.boImportCancelYes }));
    expect(await screen.findByText(messages.boImportCancelled)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/importtools/5/annulla')?.init.method).toBe('POST');
  });

  it('uploads in the modal: Carica disabled without a file, controls disabled while uploading, file cleared, toast', async () => {
    await render();
    fireEvent.click(await screen.findByRole('button', { name: messages.tableUpload }));
    const dialog = await screen.findByRole('dialog', { name: messages.boImportUploadTitle });
    const carica = within(dialog).getByRole('button', { name: formMessages.formUploadSend });
    expect((carica as HTMLButtonElement).disabled).toBe(true);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    // Only .xlsx is offered (the server refuses .xls), with the hint on saving an .xls as .xlsx.
    expect(input.accept.split(',')).toContain('.xlsx');
    expect(input.accept.split(',')).not.toContain('.xls');
    expect(input.accept).not.toContain('application/vnd.ms-excel');
    expect(screen.getByText(messages.boImportXlsHint)).toBeTruthy();
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'dipendenti.xlsx');
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect((carica as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(carica);
    await waitFor(() => expect(release).not.toBeNull());
    expect(
      (within(dialog).getByRole('button', { name: messages.cancel }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((within(dialog).getByLabelText(messages.boImportFileLabel) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const post = calls.find((c) => c.url === '/api/importtools' && c.init.method === 'POST');
    expect((post?.init.body as FormData).get('csv_ordine')).toBeInstanceOf(File);
    expect(new Headers(post?.init.headers).get('Act-For')).toBe('3');
    release!();
    expect(await screen.findByText(messages.boImportDone)).toBeTruthy();
    expect(screen.getByText(messages.boImportDoneTitle)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: messages.boImportUploadTitle })).toBeNull(),
    );
    // Open again: the file was cleared.
    fireEvent.click(screen.getByRole('button', { name: messages.tableUpload }));
    const again = await screen.findByRole('dialog', { name: messages.boImportUploadTitle });
    expect(
      (within(again).getByRole('button', { name: formMessages.formUploadSend }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('says "Seleziona un file!" when the file is removed, and shows the §8 failure toast with the server text', async () => {
    uploadStatus = 400;
    await render();
    fireEvent.click(await screen.findByRole('button', { name: messages.tableUpload }));
    const dialog = await screen.findByRole('dialog', { name: messages.boImportUploadTitle });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'vecchio.xls')] } });
    fireEvent.change(input, { target: { files: [] } });
    expect(await within(dialog).findByText(messages.boImportSelectFile)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'vecchio.xls')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: formMessages.formUploadSend }));
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(
      await screen.findByText(`${messages.boImportFailed} I file .xls non si possono leggere.`),
    ).toBeTruthy();
    expect(screen.getByText(messages.boImportFailedTitle)).toBeTruthy();
  });

  it('opens the info panel with the 14 columns and links the manual PDF', async () => {
    await render();
    const toggle = await screen.findByTestId('import-info-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Codice Fiscale')).toBeTruthy();
    const manual = screen.getByRole('link', { name: messages.boImportManual });
    expect(manual.getAttribute('href')).toMatch(/\/docs\/manuale-import-crediti\.pdf$/);
  });
});
