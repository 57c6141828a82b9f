/**
 * Drafts of the request forms on the device and sending offline (issue 28), through the generic engine
 * on the form that exists only in tests/fixtures/forms (no code of its own anywhere): the draft is
 * written as the user types and chooses (files too), offered on opening with its date, restored only
 * into the form (the user still sends), discarded, removed on a successful send and at logout, kept
 * per user; offline the form stays usable and its send button waits. jsdom has no IndexedDB: the
 * in-memory storage of stores/form-drafts.ts stands in for it.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/shared/catalogues/first-paint';
import { formMessages } from '../../src/shared/catalogues/forms';
import { messages as accountMessages } from '../../src/shared/catalogues/account';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { FormScreen } from '../../src/client/features/forms';
import {
  draftUserKey,
  memoryDraftStorage,
  setDraftStorage,
  toDraftFile,
  type DraftKey,
  type FormDraft,
} from '../../src/client/stores/form-drafts';
import { useSessionStore } from '../../src/client/stores/session';
import { rimbProva } from '../fixtures/forms/rimb-prova';
import { jsonResponse, labelled, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

configure({ asyncUtilTimeout: 4000 });

const MARIO = draftUserKey('acme', 'mario.rossi@example.com');
const MARIO_KEY: DraftKey = [MARIO, 'rimb-prova'];
const LUIGI_KEY: DraftKey = [draftUserKey('acme', 'luigi.verdi@example.com'), 'rimb-prova'];

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const pdf = (name: string) => new File([PDF], name, { type: 'application/pdf' });

/** 28-11-2026 10:15 in Rome. */
const SAVED_AT = Date.UTC(2026, 10, 28, 9, 15);

let storage: ReturnType<typeof memoryDraftStorage>;
let calls: RecordedCall[] = [];
let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

function formApi() {
  calls = stubApi((url, init) => {
    const path = new URL(url, 'http://portale.test').pathname;
    const method = init.method ?? 'GET';
    if (path === '/api/get-logged-user-info') return jsonResponse(200, useSessionStore.getState().user);
    if (path.startsWith('/api/categorie/'))
      return jsonResponse(200, [{ id: 5, nome: 'Luce e gas', me_stesso: true }]);
    if (path.startsWith('/api/file_kind_list/')) return jsonResponse(200, [{ id: 1, nome: 'Fattura' }]);
    if (path.startsWith('/api/file_esistenti_list/')) return jsonResponse(200, []);
    if (path.startsWith('/api/crea_richiesta/') && method === 'POST')
      return jsonResponse(201, { id_acquisto: 4321 });
    return undefined;
  });
}

const posts = () =>
  calls.filter((call) => call.url.startsWith('/api/crea_richiesta/') && call.init.method === 'POST');

async function openForm() {
  formApi();
  const rendered = await renderInRouter(
    <FormScreen routeName={rimbProva.route_name} declaration={rimbProva} />,
    {
      path: '/modulo',
      extraPaths: ['/menu'],
    },
  );
  const info = await screen.findByRole('dialog', { name: 'Richiesta di prova' });
  fireEvent.click(within(info).getByRole('button', { name: accountMessages.understood }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Richiesta di prova' })).toBeNull());
  await screen.findByRole('button', { name: formMessages.formSubmit });
  return rendered;
}

const description = () => screen.getByRole('textbox', { name: labelled('Descrizione della spesa') });
const submitButton = () => screen.getByRole('button', { name: formMessages.formSubmit });
const restoreName = (savedAt: number) => {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(savedAt))
    .replace(/\//g, '-')
    .replace(',', '');
  return formatMessage('draftRestore', { when });
};

/** A draft of the whole fixture form: values, one uploaded document, a chosen (not uploaded) file. */
function fullDraft(): FormDraft {
  return {
    savedAt: SAVED_AT,
    values: {
      id_categ: 5,
      importo: '30.00',
      note: 'Visita di controllo',
      tipo: 'straordinaria',
      persone: 1,
      conferma: true,
    },
    slotDocuments: {},
    slotPicks: { doc_acq: { typeId: '1', date: '2026-11-02', files: [toDraftFile(pdf('ricevuta.pdf'))] } },
    files: {},
  };
}

beforeEach(() => {
  storage = memoryDraftStorage();
  setDraftStorage(storage);
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  emitSessionEnd();
  logInAs();
});

afterEach(() => {
  setDraftStorage(null);
  useSessionStore.setState({ user: null });
  online = true;
});

describe('the draft is kept on the device', () => {
  it('is written after the user types and chooses a file, under the user and the form', async () => {
    await openForm();
    // Only opened: nothing is written.
    expect(storage.entries.size).toBe(0);
    fireEvent.change(description(), { target: { value: 'Visita di controllo' } });
    const card = screen.getByTestId('slot-doc_acq');
    fireEvent.change(card.querySelector('input[type="file"]')!, { target: { files: [pdf('ricevuta.pdf')] } });
    await within(card).findByText('ricevuta.pdf');

    await waitFor(() => {
      const draft = storage.entries.get(JSON.stringify(MARIO_KEY));
      expect(draft?.values.note).toBe('Visita di controllo');
      expect(draft?.slotPicks.doc_acq?.files.map((file) => file.name)).toEqual(['ricevuta.pdf']);
    });
    const saved = storage.entries.get(JSON.stringify(MARIO_KEY))!;
    expect(saved.slotPicks.doc_acq!.files[0]!.blob).toBeInstanceOf(Blob);
    expect([...storage.entries.keys()]).toEqual([JSON.stringify(MARIO_KEY)]);
    expect(screen.getByTestId('form-draft-saved').textContent).toMatch(/^Bozza salvata/);
    // Nothing was sent.
    expect(posts()).toEqual([]);
  });

  it('a form only opened and left writes nothing', async () => {
    const { unmount } = await openForm();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storage.entries.size).toBe(0);
  });
});

describe('reopening the form', () => {
  it('offers the draft with its date; restoring fills the form, and only the user sends it', async () => {
    await storage.set(MARIO_KEY, fullDraft());
    await openForm();
    const offer = await screen.findByTestId('form-draft-offer');
    expect(offer.textContent).toContain(messages.draftOfferText);
    expect(restoreName(SAVED_AT)).toBe('Riprendi la bozza del 28-11-2026 10:15');
    // The form is empty until the user chooses.
    expect((description() as HTMLInputElement).value).toBe('');

    fireEvent.click(within(offer).getByRole('button', { name: 'Riprendi la bozza del 28-11-2026 10:15' }));
    await waitFor(() => expect(screen.queryByTestId('form-draft-offer')).toBeNull());
    await waitFor(() => expect((description() as HTMLInputElement).value).toBe('Visita di controllo'));
    const card = screen.getByTestId('slot-doc_acq');
    await within(card).findByText('ricevuta.pdf');
    const type = within(card).getByRole('combobox', { name: labelled('Tipo documento') }) as HTMLInputElement;
    await waitFor(() => expect(type.value).toBe('Fattura'));
    // Restoring sent nothing.
    expect(posts()).toEqual([]);
    expect(storage.entries.size).toBe(1);
  });

  it('a restored draft is sent by the user and then removed from the device', async () => {
    const draft = fullDraft();
    await storage.set(MARIO_KEY, {
      ...draft,
      slotPicks: {},
      slotDocuments: {
        doc_acq: {
          doc_id: 70,
          file_kind: 'doc_acq',
          file_kind_id: 1,
          file_date: '2026-11-02',
          label: 'ricevuta.pdf',
        },
      },
    });
    await openForm();
    fireEvent.click(await screen.findByRole('button', { name: restoreName(SAVED_AT) }));
    await screen.findByTestId('slot-doc_acq-document');
    expect(posts()).toEqual([]);

    fireEvent.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: accountMessages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(posts()[0]!.init.body as string)).toEqual({
      id_categ: 5,
      importo: '30.00',
      note: 'Visita di controllo',
      tipo: 'straordinaria',
      persone: 1,
      conferma: true,
      docs: [70],
    });
    await waitFor(() => expect(storage.entries.size).toBe(0));
  });

  it('«Elimina la bozza» removes it and the form stays empty', async () => {
    await storage.set(MARIO_KEY, fullDraft());
    await openForm();
    fireEvent.click(await screen.findByRole('button', { name: messages.draftDiscard }));
    await waitFor(() => expect(screen.queryByTestId('form-draft-offer')).toBeNull());
    await waitFor(() => expect(storage.entries.size).toBe(0));
    expect((description() as HTMLInputElement).value).toBe('');
    expect(within(screen.getByTestId('slot-doc_acq')).queryByText('ricevuta.pdf')).toBeNull();
  });

  it('while the offer waits, typing does not overwrite the draft', async () => {
    await storage.set(MARIO_KEY, fullDraft());
    await openForm();
    await screen.findByTestId('form-draft-offer');
    fireEvent.change(description(), { target: { value: 'Altro' } });
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(storage.entries.get(JSON.stringify(MARIO_KEY))?.values.note).toBe('Visita di controllo');
  });
});

describe('per user', () => {
  it("another user's draft of the same form is neither offered nor touched", async () => {
    await storage.set(LUIGI_KEY, fullDraft());
    await openForm();
    // Give the lookup time to answer: no offer for mario.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('form-draft-offer')).toBeNull();
    fireEvent.change(description(), { target: { value: 'Di Mario' } });
    await waitFor(() => expect(storage.entries.get(JSON.stringify(MARIO_KEY))?.values.note).toBe('Di Mario'));
    expect(storage.entries.get(JSON.stringify(LUIGI_KEY))?.values.note).toBe('Visita di controllo');
  });

  it("logout removes the user's drafts on the device, not the other users'", async () => {
    await storage.set(MARIO_KEY, fullDraft());
    await storage.set([MARIO, 'rimb-spese'], fullDraft());
    await storage.set(LUIGI_KEY, fullDraft());
    stubApi();
    await useSessionStore.getState().logout();
    expect([...storage.entries.keys()]).toEqual([JSON.stringify(LUIGI_KEY)]);
  });
});

describe('offline', () => {
  it('keeps the form usable, waits to send and says why; back online the button is enabled', async () => {
    await openForm();
    setOnline(false);
    const note = await screen.findByTestId('form-offline-note');
    expect(note.textContent).toBe(messages.draftOfflineNote);
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(submitButton().getAttribute('aria-describedby')).toBe(note.id);
    const card = screen.getByTestId('slot-doc_acq');
    expect(
      within(card).getByRole('button', { name: formMessages.formUploadSend }).hasAttribute('disabled'),
    ).toBe(true);

    // Typing and choosing go on, and make the draft.
    fireEvent.change(description(), { target: { value: 'Scritta offline' } });
    fireEvent.change(card.querySelector('input[type="file"]')!, { target: { files: [pdf('offline.pdf')] } });
    await within(card).findByText('offline.pdf');
    await waitFor(() =>
      expect(storage.entries.get(JSON.stringify(MARIO_KEY))?.values.note).toBe('Scritta offline'),
    );
    // Enter in a field submits nothing either.
    fireEvent.submit(description().closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: formMessages.formConfirmTitle })).toBeNull();
    expect(screen.queryByTestId('form-fix-errors')).toBeNull();
    expect(posts()).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('form-offline-note')).toBeNull());
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    expect(
      within(card).getByRole('button', { name: formMessages.formUploadSend }).hasAttribute('disabled'),
    ).toBe(false);
    expect(posts()).toEqual([]);
  });
});
