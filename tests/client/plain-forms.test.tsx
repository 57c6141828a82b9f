/**
 * Plain forms (issue 10 item 3): a form declared only in tests/fixtures/plain-forms renders and submits
 * through the engine with no code in src/: validation with the uiSchema's texts, no credit and no
 * "Riepilogo operazione", the overlay, its call as JSON or as multipart (text parts and files), the
 * success dialog or toast, then what the declaration says; a failure opens the error box.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { PlainFormScreen } from '../../src/client/features/forms';
import { informativaProva } from '../fixtures/plain-forms/informativa-prova';
import { supportoProva } from '../fixtures/plain-forms/supporto-prova';
import {
  demoUser,
  jsonResponse,
  labelled,
  logInAs,
  renderInRouter,
  stubApi,
  type RecordedCall,
} from './helpers';
import { messages } from '../../src/shared/catalogues/account';
import { textOf } from '../../config/texts';

// A busy machine needs time for the lazy dialogs and the form chunk.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

let calls: RecordedCall[] = [];

const posts = (url: string) => calls.filter((call) => call.url === url && call.init.method === 'POST');

/** Holds a call's answer until the test lets it go, to watch the overlay. */
function held() {
  let release: (answer: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer, release: (response: Response) => release(response) };
}

/** fetch stubbed: `handle` answers first (a held answer may be awaited), then the shell's usual calls. */
function api(handle: (url: string, init: RequestInit) => Response | Promise<Response> | undefined) {
  stubApi((url) => (url === '/api/get-logged-user-info' ? jsonResponse(200, demoUser()) : undefined));
  const shell = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return (await handle(url, init)) ?? shell(url, init);
    }),
  );
}

async function render(declaration: typeof informativaProva | typeof supportoProva) {
  logInAs();
  return renderInRouter(<PlainFormScreen declaration={declaration} />, {
    path: '/modulo',
    extraPaths: ['/menu'],
  });
}

const sendButton = () => screen.findByRole('button', { name: formMessages.formSend });

beforeEach(() => {
  calls = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a plain form sent as JSON (informativa-prova -> POST /api/previdenza_info_accept)', () => {
  it('checks locally, then overlay, the JSON call, the undismissable success dialog and the menu', async () => {
    const pending = held();
    api((url) => (url === '/api/previdenza_info_accept' ? pending.answer : undefined));
    const { router } = await render(informativaProva);
    expect(
      await screen.findByRole('heading', { level: 1, name: textOf(messages, informativaProva.title) }),
    ).toBeTruthy();
    // The intro is the declaration's: the user's read-only data.
    expect(await screen.findByTestId('form-user-data')).toBeTruthy();

    // Not ticked: the uiSchema's text under the box, an alert, nothing sent.
    fireEvent.click(await sendButton());
    expect(await screen.findByTestId('form-fix-errors')).toBeTruthy();
    expect(screen.getAllByText(formMessages.formPensionConsentRequired).length).toBeGreaterThan(0);
    expect(posts('/api/previdenza_info_accept')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: labelled('Ho letto e accetto') }));
    fireEvent.click(await sendButton());
    // No credit, no summary: straight to the overlay while the call runs.
    expect(await screen.findByTestId('form-submitting')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: formMessages.formConfirmTitle })).toBeNull();
    const sent = posts('/api/previdenza_info_accept');
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]?.init.headers).get('Content-Type')).toMatch(/application\/json/);
    expect(JSON.parse(sent[0]?.init.body as string)).toEqual({ previdenza_is_ok: true });

    await act(async () => pending.release(jsonResponse(200, { previdenza_is_ok: true })));
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(within(success).getByTestId('plain-success-body').textContent).toBe(formMessages.formPlainSent);
    expect(screen.queryByTestId('form-submitting')).toBeNull();
    // Answered only by its button: Escape does not close it.
    fireEvent.keyDown(success, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: formMessages.formSuccessTitle })).toBeTruthy();
    fireEvent.click(within(success).getByRole('button', { name: messages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(posts('/api/previdenza_info_accept')).toHaveLength(1);
  });

  it('a refused call closes the overlay and opens the backend error box; the form stays', async () => {
    api((url) =>
      url === '/api/previdenza_info_accept'
        ? jsonResponse(400, { previdenza_is_ok: ['Valore non ammesso dal server.'] })
        : undefined,
    );
    const { router } = await render(informativaProva);
    fireEvent.click(await screen.findByRole('checkbox', { name: labelled('Ho letto e accetto') }));
    fireEvent.click(await sendButton());
    expect(await screen.findByText('Valore non ammesso dal server.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('form-submitting')).toBeNull());
    expect(screen.queryByRole('dialog', { name: formMessages.formSuccessTitle })).toBeNull();
    expect(router.state.location.pathname).toBe('/modulo');
  });
});

describe('a plain form sent as multipart (supporto-prova)', () => {
  it("prefills the user's read-only data, sends text parts and files, toasts and starts again", async () => {
    api((url) => (url === '/api/supporto_prova' ? jsonResponse(200, { detail: 'ok' }) : undefined));
    await render(supportoProva);
    const surname = (await screen.findByRole('textbox', { name: labelled('Cognome') })) as HTMLInputElement;
    // The whole form, attachment input included, has no axe violation (contrast is the theme's, checked in e2e).
    const audit = await axe.run(screen.getByTestId('plain-form-supporto-prova'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(audit.violations.map((violation) => violation.id)).toEqual([]);
    expect(surname.value).toBe(demoUser().user_anag.cognome);
    // Not editable (rjsf's Mantine input renders a read-only field disabled).
    expect(surname.readOnly || surname.disabled).toBe(true);

    // The phone's text is the uiSchema's (002 §5), missing or wrong alike.
    fireEvent.click(await sendButton());
    expect(await screen.findByText(formMessages.formPhoneInvalid)).toBeTruthy();
    const phone = screen.getByRole('textbox', { name: labelled('Telefono') });
    fireEvent.change(phone, { target: { value: 'abc' } });
    fireEvent.click(await sendButton());
    expect(await screen.findByText(formMessages.formPhoneInvalid)).toBeTruthy();
    expect(posts('/api/supporto_prova')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '+39 333 1234567' } });
    fireEvent.change(screen.getByRole('textbox', { name: labelled('Messaggio') }), {
      target: { value: ' Non vedo il rimborso di marzo. ' },
    });
    fireEvent.click(screen.getByRole('combobox', { name: labelled('Categoria') }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rimborsi Spese' }));
    const pdf = new File(['%PDF-1.4\n%prova\n'], 'ricevuta.pdf', { type: 'application/pdf' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(picker).not.toBeNull();
    fireEvent.change(picker!, { target: { files: [pdf] } });
    await screen.findByText('ricevuta.pdf');

    fireEvent.click(await sendButton());
    await waitFor(() => expect(posts('/api/supporto_prova')).toHaveLength(1));
    const body = posts('/api/supporto_prova')[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    // Display-only fields stay out; text trimmed; the file goes under its field, not its name.
    expect([...form.keys()].sort()).toEqual(['categoria', 'file_data', 'messaggio', 'tel']);
    expect(form.get('tel')).toBe('+39 333 1234567');
    expect(form.get('messaggio')).toBe('Non vedo il rimborso di marzo.');
    expect(form.get('categoria')).toBe('Rimborsi Spese');
    const file = form.get('file_data') as File;
    expect(file.name).toBe('ricevuta.pdf');
    expect(await file.text()).toBe('%PDF-1.4\n%prova\n');

    expect(await screen.findByText(formMessages.formSupportReceived)).toBeTruthy();
    // `then: 'reset'`: the form starts again (the message is empty, the user's data still there).
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: labelled('Messaggio') }) as HTMLTextAreaElement).value,
      ).toBe(''),
    );
    expect((screen.getByRole('textbox', { name: labelled('Cognome') }) as HTMLInputElement).value).toBe(
      demoUser().user_anag.cognome,
    );
  });
});

describe('a plain form embedded in a page with its own title', () => {
  it('heads every state with a level-2 title, the loading one too: the page keeps one h1', async () => {
    const user = held();
    stubApi(() => undefined);
    const shell = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) =>
        url === '/api/get-logged-user-info' ? user.answer : shell(url, init),
      ),
    );
    logInAs();
    await renderInRouter(<PlainFormScreen declaration={informativaProva} embedded />, {
      path: '/modulo',
      extraPaths: ['/menu'],
    });
    // Loading: the user's data has not come yet.
    await screen.findByText(formMessages.formLoading);
    expect(
      screen.getByRole('heading', { level: 2, name: textOf(messages, informativaProva.title) }),
    ).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 1 })).toEqual([]);
    await act(async () => user.release(jsonResponse(200, demoUser())));
    expect(
      await screen.findByRole('heading', { level: 2, name: textOf(messages, informativaProva.title) }),
    ).toBeTruthy();
    await sendButton();
    expect(screen.queryAllByRole('heading', { level: 1 })).toEqual([]);
  });
});
