/** Upload slots (000 §5 "Files", §7 Documents; 001 §9): the `documents` field of the request forms. */
import { MantineProvider } from '@mantine/core';
import axe from 'axe-core';
import type { FieldProps } from '@rjsf/utils';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findForm } from '../../config/forms';
import type { FormDeclaration } from '../../config/forms/types';
import { formMessages } from '../../config/messages-forms.it';
import { configureApiClient } from '../../src/client/api/client';
import type { FormEngineContext, SlotDocument } from '../../src/client/form-kit';
import { AnchoredSlots, DocumentsField } from '../../src/client/widgets/documents';
import { dayjs, romeToday } from '../../src/shared/dates';

// Not tests/client/helpers.tsx: it pulls the whole portal (router, every route) into this test.
function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface RecordedCall {
  url: string;
  init: RequestInit;
}

/** Stubs fetch: `handler` answers, anything else is a 404. */
function stubApi(handler: (url: string, init: RequestInit) => Response | undefined): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return handler(url, init) ?? jsonResponse(404, { detail: `non previsto: ${url}` });
    }),
  );
  return calls;
}

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAYAAAD/Rn+7AAAAYklEQVR4AezSsQ0AIAgEQOIoOpMr6EyuoDM5i1YwAHxB8SaECvKelrrHy1xFkh8LePsSZKHubQFRC9F7GDAqSkEKRgWi8/yDMMF2piArGkzn+cQq4e0U9MrpHAVVwtvTC34AAAD//54uap4AAAAGSURBVAMAZeiT0bbT1twAAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
);
const PDF_HEAD = new TextEncoder().encode('%PDF-1.7\n');

const ondemand = findForm('conv-ondemand') as FormDeclaration;

const PREVEN_TYPES = [
  { id: 26, nome: 'Preventivo' },
  { id: 27, nome: 'Fattura' },
  { id: 28, nome: 'Scontrino' },
  { id: 29, nome: 'Ricevuta' },
  { id: 30, nome: 'Contratto' },
];
const FAM_TYPES = [
  { id: 16, nome: 'Carta di identità' },
  { id: 20, nome: 'Stato di famiglia' },
  { id: 24, nome: 'Patente' },
];
const EXTRA_TYPES = [
  { id: 2, nome: 'Bonifico' },
  { id: 40, nome: 'Altro documento' },
];

// --- XMLHttpRequest stand-in: the test decides when progress and the answer come -----------------

class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

// --- A small stand-in for the form engine: it keeps the form data and the slots' documents --------

interface HarnessOptions {
  declaration?: FormDeclaration;
  data?: Record<string, unknown>;
  documents?: Record<string, SlotDocument | undefined>;
  errors?: Record<string, string[]>;
  submitting?: boolean;
}

const docChanges: number[][] = [];

function Harness({
  declaration = ondemand,
  data = { me_stesso: true, docs: [] },
  documents = {},
  errors = {},
  submitting = false,
}: HarnessOptions) {
  const [formData, setFormData] = useState<Record<string, unknown>>(data);
  const [slotDocuments, setSlotDocuments] = useState(documents);
  const context: FormEngineContext = {
    declaration,
    formData,
    setFields: (patch) => setFormData((current) => ({ ...current, ...patch })),
    updateFields: (_fields, compute) => setFormData((current) => ({ ...current, ...compute(current) })),
    creditCents: 0,
    categories: [],
    errorsFor: (field) => errors[field] ?? [],
    slotDocuments,
    setSlotDocument: (slot, document) => setSlotDocuments((current) => ({ ...current, [slot]: document })),
    files: {},
    setFiles: () => undefined,
    user: { nome: 'Mario', cognome: 'Rossi', cod_fisc: 'RSSMRA80A01H501U' },
    submitting,
    online: true,
    slotPick: () => undefined,
    setSlotPick: () => undefined,
  };
  const props = {
    registry: { formContext: context },
    formData: formData.docs,
    fieldPathId: { $id: 'root_docs', path: ['docs'] },
    onChange: (value: number[]) => {
      docChanges.push(value);
      setFormData((current) => ({ ...current, docs: value }));
    },
  } as unknown as FieldProps;
  return (
    <>
      <DocumentsField {...props} />
      <button type="button" onClick={() => context.setFields({ me_stesso: !formData.me_stesso })}>
        cambia beneficiario
      </button>
      {/* Where the engine's object template draws the slots declared after the beneficiary. */}
      <AnchoredSlots field="me_stesso" registry={props.registry} />
      <output data-testid="held">
        {Object.keys(slotDocuments)
          .filter((k) => slotDocuments[k])
          .join(',')}
      </output>
      <output data-testid="docs">{JSON.stringify(formData.docs)}</output>
    </>
  );
}

function renderField(options: HarnessOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Harness {...options} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function documentsApi(extra: (url: string, init: RequestInit) => Response | undefined = () => undefined) {
  return stubApi((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/file_kind_list/doc_preven') return jsonResponse(200, PREVEN_TYPES);
    if (url === '/api/file_kind_list/doc_fam') return jsonResponse(200, FAM_TYPES);
    if (url === '/api/file_kind_list/doc_extra') return jsonResponse(200, EXTRA_TYPES);
    return undefined;
  });
}

const slot = (name: string) => screen.getByTestId(`slot-${name}`);
const fileInput = (card: HTMLElement) => card.querySelector('input[type="file"]') as HTMLInputElement;

function chooseFiles(card: HTMLElement, files: File[]) {
  fireEvent.change(fileInput(card), { target: { files } });
}

/** The type select once the types have arrived (it is disabled until then). */
async function typeSelect(card: HTMLElement): Promise<HTMLElement> {
  const select = within(card).getByRole('combobox', { name: /^Tipo documento/ });
  await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
  return select;
}

async function chooseType(card: HTMLElement, name: string) {
  fireEvent.click(await typeSelect(card));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** Picks the first day of the current month in the calendar (never in the future). */
function chooseFirstOfMonth(card: HTMLElement): string {
  fireEvent.click(within(card).getByRole('button', { name: /^Data documento/ }));
  const first = dayjs().startOf('month');
  fireEvent.click(screen.getByRole('button', { name: first.locale('it').format('D MMMM YYYY') }));
  return first.format('YYYY-MM-DD');
}

const png = (name: string) => new File([PNG], name, { type: 'image/png' });

beforeEach(() => {
  FakeXhr.sent = [];
  docChanges.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  configureApiClient({
    session: () => ({ token: 'tok', isLogged: true, customer: 'acme', actForId: null }),
  });
});

afterEach(() => {
  configureApiClient({
    session: () => ({ token: null, isLogged: false, customer: 'userportal', actForId: null }),
  });
});

describe('slots shown', () => {
  it('shows one card per visible slot, empty, with its required mark', async () => {
    documentsApi();
    renderField();
    expect(screen.queryByTestId('slot-doc_fam')).toBeNull();
    const quote = slot('doc_preven');
    expect(within(quote).getByText('File del preventivo')).toBeTruthy();
    expect(within(quote).getByText('(obbligatorio)', { exact: false })).toBeTruthy();
    expect(within(slot('doc_extra')).queryByText('(obbligatorio)', { exact: false })).toBeNull();
    expect(within(quote).getByText('Nessun file caricato.')).toBeTruthy();
    expect(within(slot('doc_extra')).getByText('Nessun file caricato.')).toBeTruthy();
    expect(quote.getAttribute('aria-labelledby')).toBeTruthy();
  });

  it("offers only the slot's document types, without its excluded ids", async () => {
    documentsApi();
    renderField();
    fireEvent.click(await typeSelect(slot('doc_preven')));
    await screen.findByRole('option', { name: 'Preventivo' });
    const offered = screen.getAllByRole('option').map((option) => option.textContent);
    // doc_preven excludes 27, 29, 30.
    expect(offered).toEqual(['Preventivo', 'Scontrino']);
  });

  it('shows the documents rule messages and marks only the empty required slots', async () => {
    documentsApi();
    const message = "E' necessario caricare il file del preventivo per proseguire";
    renderField({ errors: { docs: [message] } });
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(slot('doc_preven').getAttribute('data-invalid')).toBe('true');
    expect(slot('doc_extra').getAttribute('data-invalid')).toBeNull();
  });

  it("shows a slot's own errors inside its card", async () => {
    documentsApi();
    renderField({ errors: { doc_extra: ['Documento non valido.'] } });
    expect(within(slot('doc_extra')).getByRole('alert').textContent).toBe('Documento non valido.');
    expect(slot('doc_extra').getAttribute('data-invalid')).toBe('true');
    expect(within(slot('doc_preven')).queryByRole('alert')).toBeNull();
  });

  it('has no accessibility violations, empty or holding a document', async () => {
    documentsApi();
    const { container } = renderField({
      errors: { docs: ["E' necessario caricare il file del preventivo per proseguire"] },
      documents: {
        doc_extra: {
          doc_id: 4,
          file_kind: 'doc_extra',
          file_kind_id: 40,
          file_date: '2026-01-02',
          label: 'a.pdf',
        },
      },
      data: { me_stesso: true, docs: [4] },
    });
    await typeSelect(slot('doc_preven'));
    // jsdom computes no layout: contrast is checked by the e2e run in Chromium.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('is disabled while the request is being submitted', async () => {
    documentsApi();
    renderField({ submitting: true });
    const quote = slot('doc_preven');
    expect(within(quote).getByRole('button', { name: 'Carica' }).hasAttribute('disabled')).toBe(true);
    expect(
      within(quote).getByRole('button', { name: formMessages.formUploadReuse }).hasAttribute('disabled'),
    ).toBe(true);
  });
});

describe('file selection', () => {
  it('cancels a selection of more than 4 files as a whole', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    chooseFiles(quote, [png('a.png')]);
    await within(quote).findByText('a.png');
    chooseFiles(
      quote,
      ['1', '2', '3', '4', '5'].map((n) => png(`${n}.png`)),
    );
    expect((await within(quote).findByRole('alert')).textContent).toBe(
      'Si possono caricare al massimo 4 file: selezione annullata.',
    );
    expect(within(quote).queryByText('a.png')).toBeNull();
    expect(within(quote).queryByText('1.png')).toBeNull();
  });

  it('cancels a selection holding a file over 3 MB', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    const big = new File([PDF_HEAD, new Uint8Array(4 * 1024 * 1024)], 'grande.pdf', {
      type: 'application/pdf',
    });
    chooseFiles(quote, [png('a.png'), big]);
    expect((await within(quote).findByRole('alert')).textContent).toBe(
      'Il file grande.pdf supera la dimensione massima di 3 MB: selezione annullata.',
    );
    expect(within(quote).queryByText('a.png')).toBeNull();
  });

  it('cancels a selection holding a text file renamed .pdf', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    const fake = new File(['solo testo, niente PDF'], 'finto.pdf', { type: 'application/pdf' });
    chooseFiles(quote, [png('a.png'), fake]);
    expect((await within(quote).findByRole('alert')).textContent).toBe(
      'Il file finto.pdf non è di un tipo ammesso (jpg, png, pdf): selezione annullata.',
    );
    expect(within(quote).queryByText('a.png')).toBeNull();
  });

  it('requires the document type, the date and a file before uploading', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    fireEvent.click(within(quote).getByRole('button', { name: 'Carica' }));
    expect(await within(quote).findByText(formMessages.formUploadDocTypeRequired)).toBeTruthy();
    expect(within(quote).getByText(formMessages.formUploadDocDateRequired)).toBeTruthy();
    expect(within(quote).getByText(formMessages.formUploadFilesRequired)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('offers no day after today', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    fireEvent.click(within(quote).getByRole('button', { name: /^Data documento/ }));
    // Today as the server counts it: Rome's, whatever the machine's zone (the calendar opens on its month).
    const rome = dayjs(romeToday());
    const tomorrow = rome.add(1, 'day');
    const day = screen.queryByRole('button', { name: tomorrow.locale('it').format('D MMMM YYYY') });
    // Tomorrow is in this month's grid unless today is the last day shown.
    if (day) expect(day.hasAttribute('disabled') || day.getAttribute('data-disabled') === 'true').toBe(true);
    const today = screen.getByRole('button', { name: rome.locale('it').format('D MMMM YYYY') });
    expect(today.hasAttribute('disabled')).toBe(false);
  });
});

describe('upload', () => {
  it('sends one file as is with the multipart fields and the session headers, showing progress', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    await chooseType(quote, 'Preventivo');
    const date = chooseFirstOfMonth(quote);
    chooseFiles(quote, [png('scontrino.png')]);
    await within(quote).findByText('scontrino.png');
    fireEvent.click(within(quote).getByRole('button', { name: 'Carica' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload_allegato');
    expect(xhr.headers.authorization).toBe('Token tok');
    expect(xhr.headers.customer).toBe('Acme');
    const body = xhr.body as FormData;
    expect(body.get('file_kind_id')).toBe('26');
    expect(body.get('file_date')).toBe(date);
    expect(body.get('file_num')).toBe('1');
    expect(body.get('file_kind')).toBe('doc_preven');
    const sent = body.get('file_data') as File;
    expect(sent.name).toBe('scontrino.png');
    expect(sent.size).toBe(PNG.length);
    expect([...body.keys()].at(-1)).toBe('file_data');

    act(() => xhr.progress(512, 1024));
    expect(within(quote).getByText('Caricamento in corso… 50%')).toBeTruthy();
    expect(
      within(quote)
        .getByRole('progressbar', { name: 'Avanzamento del caricamento' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');

    act(() => xhr.answer(201, { doc_id: 77 }));
    const held = await screen.findByTestId('slot-doc_preven-document');
    expect(within(held).getByText('Preventivo')).toBeTruthy();
    expect(within(held).getByText(dayjs(date).format('DD-MM-YYYY'))).toBeTruthy();
    expect(within(held).getByText('scontrino.png')).toBeTruthy();
    expect(docChanges.at(-1)).toEqual([77]);
    expect(screen.getByTestId('held').textContent).toBe('doc_preven');
  });

  it('merges several files into one PDF in the browser and sends it', async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    await chooseType(quote, 'Scontrino');
    chooseFirstOfMonth(quote);
    const pdf = await PDFDocument.create();
    pdf.addPage([300, 400]);
    const pdfFile = new File([new Uint8Array(await pdf.save())], 'ricevuta.pdf', { type: 'application/pdf' });
    chooseFiles(quote, [png('foto.png'), pdfFile]);
    await within(quote).findByText(/foto\.png/);
    fireEvent.click(within(quote).getByRole('button', { name: 'Carica' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1), { timeout: 5000 });
    const body = (FakeXhr.sent[0] as FakeXhr).body as FormData;
    expect(body.get('file_num')).toBe('2');
    const sent = body.get('file_data') as File;
    expect(sent.name).toBe('foto.pdf');
    const merged = await PDFDocument.load(new Uint8Array(await sent.arrayBuffer()));
    expect(merged.getPageCount()).toBe(2);
    expect(merged.getPage(0).getSize()).toEqual({ width: 841.89, height: 595.28 });
    expect(merged.getPage(1).getSize()).toEqual({ width: 300, height: 400 });

    act(() => (FakeXhr.sent[0] as FakeXhr).answer(201, { doc_id: 78 }));
    expect(within(await screen.findByTestId('slot-doc_preven-document')).getByText('foto.pdf')).toBeTruthy();
  });

  it("shows the server's Italian message when the upload is refused", async () => {
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    await chooseType(quote, 'Preventivo');
    chooseFirstOfMonth(quote);
    chooseFiles(quote, [png('a.png')]);
    await within(quote).findByText('a.png');
    fireEvent.click(within(quote).getByRole('button', { name: 'Carica' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const detail = 'Il file non è di un tipo ammesso (jpg, png, pdf).';
    act(() => (FakeXhr.sent[0] as FakeXhr).answer(415, { detail }));
    expect((await within(quote).findByRole('alert')).textContent).toBe(detail);
    expect(docChanges).toEqual([]);

    // A server failure without a message for the user: ours.
    fireEvent.click(within(quote).getByRole('button', { name: 'Carica' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => (FakeXhr.sent[1] as FakeXhr).answer(500, { detail: 'Traceback …' }));
    expect((await within(quote).findByRole('alert')).textContent).toBe(formMessages.formUploadFailed);
  });
});

describe('an expired session during an upload', () => {
  it('applies the 401 rule of the API client to the upload answer', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    documentsApi();
    renderField();
    const quote = slot('doc_preven');
    await chooseType(quote, 'Preventivo');
    chooseFirstOfMonth(quote);
    chooseFiles(quote, [png('a.png')]);
    await within(quote).findByText('a.png');
    fireEvent.click(within(quote).getByRole('button', { name: 'Carica' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      (FakeXhr.sent[0] as FakeXhr).answer(401, {
        detail: 'Sessione scaduta effettuare nuovamente il login.',
      }),
    );
    await within(quote).findByRole('alert');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    configureApiClient({ onUnauthorized: null });
  });
});

describe('a slot holding a document', () => {
  const held: SlotDocument = {
    doc_id: 5,
    file_kind: 'doc_preven',
    file_kind_id: 26,
    file_date: '2026-02-03',
    label: 'preventivo.pdf',
  };

  it('removes the document with DELETE and empties the slot', async () => {
    const calls = documentsApi((url, init) =>
      url === '/api/delete_allegato/5' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    renderField({ documents: { doc_preven: held }, data: { me_stesso: true, docs: [5] } });
    const summary = screen.getByTestId('slot-doc_preven-document');
    expect(within(summary).getByText('03-02-2026')).toBeTruthy();
    expect(await within(summary).findByText('Preventivo')).toBeTruthy();
    fireEvent.click(within(summary).getByRole('button', { name: 'Rimuovi documento' }));
    await waitFor(() => expect(within(slot('doc_preven')).getByText('Nessun file caricato.')).toBeTruthy());
    expect(
      calls.filter((c) => c.url === '/api/delete_allegato/5' && c.init.method === 'DELETE'),
    ).toHaveLength(1);
    expect(docChanges.at(-1)).toEqual([]);
    expect(screen.getByTestId('held').textContent).toBe('');
  });

  it('keeps the document and says why when the removal is refused', async () => {
    documentsApi((url) =>
      url === '/api/delete_allegato/5' ? jsonResponse(409, { detail: 'Documento già usato.' }) : undefined,
    );
    renderField({ documents: { doc_preven: held }, data: { me_stesso: true, docs: [5] } });
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi documento' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Documento già usato.');
    expect(screen.getByTestId('slot-doc_preven-document')).toBeTruthy();
    expect(docChanges).toEqual([]);
  });

  it('drops the document of a slot that becomes hidden', async () => {
    documentsApi();
    const family: SlotDocument = {
      ...held,
      doc_id: 9,
      file_kind: 'doc_fam',
      file_kind_id: 20,
      label: 'stato.pdf',
    };
    renderField({
      documents: { doc_preven: held, doc_fam: family },
      data: { me_stesso: false, docs: [5, 9] },
    });
    expect(screen.getByTestId('slot-doc_fam-document')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'cambia beneficiario' }));
    await waitFor(() => expect(screen.queryByTestId('slot-doc_fam')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('held').textContent).toBe('doc_preven'));
    expect(docChanges.at(-1)).toEqual([5]);
    expect(screen.getByTestId('docs').textContent).toBe('[5]');
  });
});

describe('reusing an earlier document', () => {
  it('lists earlier documents of the kind (without excluded types) and clones the chosen one', async () => {
    const calls = documentsApi((url) => {
      if (url === '/api/file_esistenti_list/doc_preven')
        return jsonResponse(200, [
          {
            id_documento: 31,
            file_kind_id: 26,
            tipo: 'Preventivo',
            file_date: '2026-01-15',
            nome_file: 'preventivo-dentista.pdf',
            created: '2026-01-15T10:00:00',
          },
          {
            id_documento: 32,
            file_kind_id: 27,
            tipo: 'Fattura',
            file_date: '2026-01-20',
            nome_file: 'fattura.pdf',
            created: '2026-01-20T10:00:00',
          },
        ]);
      if (url === '/api/clona_allegato_esistente') return jsonResponse(201, { doc_id: 90 });
      return undefined;
    });
    renderField();
    const quote = slot('doc_preven');
    fireEvent.click(within(quote).getByRole('button', { name: formMessages.formUploadReuse }));
    const use = await within(quote).findByRole('button', {
      name: 'Usa il documento preventivo-dentista.pdf',
    });
    expect(within(quote).getByText('Preventivo · 15-01-2026')).toBeTruthy();
    // Type 27 is excluded from this slot.
    expect(within(quote).queryByText('fattura.pdf')).toBeNull();
    fireEvent.click(use);

    const summary = await screen.findByTestId('slot-doc_preven-document');
    expect(within(summary).getByText('preventivo-dentista.pdf')).toBeTruthy();
    expect(within(summary).getByText('15-01-2026')).toBeTruthy();
    const clone = calls.find((c) => c.url === '/api/clona_allegato_esistente');
    expect(clone?.init.method).toBe('POST');
    expect(JSON.parse(clone?.init.body as string)).toEqual({ id_documento: 31 });
    expect(docChanges.at(-1)).toEqual([90]);
  });

  it('says so when there is nothing to reuse', async () => {
    documentsApi((url) => (url === '/api/file_esistenti_list/doc_extra' ? jsonResponse(200, []) : undefined));
    renderField();
    const extra = slot('doc_extra');
    fireEvent.click(within(extra).getByRole('button', { name: formMessages.formUploadReuse }));
    expect(await within(extra).findByText(formMessages.formUploadNoExisting)).toBeTruthy();
  });
});
