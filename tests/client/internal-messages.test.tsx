/**
 * Internal messaging (issue 17; spec 002 §5): the send rules (a recipient and 1 to 8,000 characters
 * counting the formatting), the counter turning red above the limit, the recipient filter and
 * "select all", and the body of the call.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, formatMessage } from '../../src/shared/catalogues/account';
import { queryClient } from '../../src/client/api/query-client';
import { MessagingScreen } from '../../src/client/features/backoffice/internal-messages/messaging-screen';
import {
  MESSAGE_MAX_CHARS,
  messageState,
} from '../../src/client/features/backoffice/internal-messages/rules';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

describe('messageState (the send rules)', () => {
  it('needs a recipient and a text of 1 to 8,000 characters with the formatting', () => {
    const html = '<p>Ciao</p>';
    expect(messageState(1, html, true)).toEqual({ length: 11, tooLong: false, empty: false, canSend: true });
    expect(messageState(0, html, true).canSend).toBe(false);
    // An editor without text (its empty paragraph) counts 0 and cannot be sent.
    expect(messageState(3, '<p></p>', false)).toEqual({
      length: 0,
      tooLong: false,
      empty: true,
      canSend: false,
    });
    const atLimit = `<p>${'a'.repeat(MESSAGE_MAX_CHARS - 7)}</p>`;
    expect(messageState(1, atLimit, true)).toMatchObject({ length: 8000, tooLong: false, canSend: true });
    expect(messageState(1, `${atLimit}x`, true)).toMatchObject({
      length: 8001,
      tooLong: true,
      canSend: false,
    });
  });
});

const person = (id: number, nome: string, cognome: string, email: string) => ({
  id,
  uid: `0b6f5c1e-1111-4222-8333-4444555566${id.toString().padStart(2, '0')}`,
  nome,
  cognome,
  email,
  is_cessato: false,
});
const PEOPLE = [
  person(7, 'Mario', 'Rossi', 'mario.rossi@example.com'),
  person(8, 'Anna', 'Bianchi', 'anna.bianchi@example.com'),
  person(9, 'Carlo', 'Bianco', 'carlo.bianco@example.com'),
  // A namesake of Mario Rossi: told apart by the e-mail.
  person(10, 'Mario', 'Rossi', 'm.rossi@filiale.example.com'),
];
const MARIO = 'Rossi Mario · mario.rossi@example.com';

interface TiptapElement extends HTMLElement {
  editor: { commands: { setContent: (html: string, options?: { emitUpdate?: boolean }) => boolean } };
}

/** Puts HTML in the editor as the user would have typed it (tiptap's own command, update emitted). */
async function write(html: string) {
  const element = (await screen.findByTestId('message-editor')) as TiptapElement;
  act(() => {
    element.editor.commands.setContent(html, { emitUpdate: true });
  });
}

describe('MessagingScreen', () => {
  let calls: RecordedCall[];
  let sendStatus: number;

  beforeEach(() => {
    queryClient.clear();
    logInAs('ref_aziendale');
    // The company acted for (the session's default is the own one): named by every call.
    useSessionStore.setState((state) => ({
      sessionInfos: { ...state.sessionInfos, act_for: { id: 3, nome: 'Acme S.p.A.' } },
    }));
    sendStatus = 201;
    calls = stubApi((url, init) => {
      if (url.startsWith('/api/aziende_referente')) return jsonResponse(200, []);
      if (url.startsWith('/api/utenti_azienda')) return jsonResponse(200, PEOPLE);
      if (url === '/api/comunicazione_interna' && init.method === 'POST') {
        return sendStatus === 201
          ? jsonResponse(201, { id: 40 })
          : jsonResponse(400, { destinatari: ['Uno o più destinatari non sono dipendenti attivi.'] });
      }
      return undefined;
    });
  });
  afterEach(() => queryClient.clear());

  const render = () =>
    renderInRouter(<MessagingScreen />, { path: '/backoffice-refazi/office-mess-interna' });
  const sendButton = () => screen.getByTestId('message-send');
  const counter = () => screen.getByTestId('message-counter');
  const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

  it('asks for active employees only, enables Send with a recipient and valid text, counts the HTML', async () => {
    await render();
    await screen.findByText(MARIO);
    expect(calls.some((c) => c.url === '/api/utenti_azienda?solo_attivi=1')).toBe(true);
    expect(isDisabled(sendButton())).toBe(true);
    expect(counter().textContent).toContain(formatMessage('messCounter', { n: 0, limit: 8000 }));

    fireEvent.click(screen.getByLabelText(MARIO));
    expect(isDisabled(sendButton())).toBe(true);
    await write('<p>Ciao <strong>a tutti</strong></p>');
    await waitFor(() => expect(isDisabled(sendButton())).toBe(false));
    expect(counter().textContent).toContain(formatMessage('messCounter', { n: 36, limit: 8000 }));
    expect(counter().getAttribute('data-too-long')).toBe('false');

    // Over the limit, formatting included: red, an alert, Send disabled.
    await write(`<p>${'a'.repeat(7994)}</p>`);
    await waitFor(() => expect(counter().getAttribute('data-too-long')).toBe('true'));
    expect(counter().textContent).toContain(formatMessage('messCounter', { n: 8001, limit: 8000 }));
    expect(screen.getByRole('alert').textContent).toContain(formatMessage('messTooLong', { limit: 8000 }));
    expect(isDisabled(sendButton())).toBe(true);
    await write(`<p>${'a'.repeat(7993)}</p>`);
    await waitFor(() => expect(isDisabled(sendButton())).toBe(false));

    // No recipient again: disabled.
    fireEvent.click(screen.getByLabelText(MARIO));
    expect(isDisabled(sendButton())).toBe(true);
  });

  it('tells namesakes apart by the e-mail, and filters on it', async () => {
    await render();
    await screen.findByText(MARIO);
    expect(screen.getByLabelText('Rossi Mario · m.rossi@filiale.example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(messages.messFilter), { target: { value: 'filiale' } });
    await waitFor(() => expect(screen.queryByText(MARIO)).toBeNull());
    fireEvent.click(screen.getByLabelText('Rossi Mario · m.rossi@filiale.example.com'));
    expect(screen.getByTestId('recipients-count').textContent).toContain(
      formatMessage('messSelected', { n: 1, total: 4 }),
    );
  });

  it('filters the recipients, selects all the ones found, and sends them with the HTML', async () => {
    await render();
    await screen.findByText(MARIO);
    fireEvent.change(screen.getByLabelText(messages.messFilter), { target: { value: 'bianc' } });
    await waitFor(() => expect(screen.queryByText(MARIO)).toBeNull());
    fireEvent.click(screen.getByLabelText(formatMessage('messSelectAllFiltered', { n: 2 })));
    expect(screen.getByTestId('recipients-count').textContent).toContain(
      formatMessage('messSelected', { n: 2, total: 4 }),
    );
    await write('<p>Riunione alle 15</p>');
    await waitFor(() => expect(isDisabled(sendButton())).toBe(false));
    fireEvent.click(sendButton());
    await screen.findByText(formatMessage('messSentText', { n: 2 }));
    const post = calls.find((c) => c.url === '/api/comunicazione_interna');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      destinatari: [8, 9],
      messaggio: '<p>Riunione alle 15</p>',
    });
    expect(new Headers(post?.init.headers).get('Idempotency-Key')).toMatch(/^mess-/);
    expect(new Headers(post?.init.headers).get('Act-For')).toBe('3');
    // Sent: the draft and the choice start again.
    await waitFor(() => expect(isDisabled(sendButton())).toBe(true));
    expect(counter().textContent).toContain(formatMessage('messCounter', { n: 0, limit: 8000 }));
  });

  it('shows the §8 text with the server’s message when sending fails', async () => {
    sendStatus = 400;
    await render();
    fireEvent.click(await screen.findByLabelText('Bianco Carlo · carlo.bianco@example.com'));
    await write('<p>Ciao</p>');
    await waitFor(() => expect(isDisabled(sendButton())).toBe(false));
    fireEvent.click(sendButton());
    const alert = await screen.findByText(
      (_, el) => el?.getAttribute('role') === 'alert' && /invio/.test(el.textContent ?? ''),
    );
    expect(within(alert).getByText(/Si è verificato un errore nell’invio del messaggio:/)).toBeTruthy();
    expect(alert.textContent).toContain('Uno o più destinatari non sono dipendenti attivi.');
  });
});
