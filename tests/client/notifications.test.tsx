/** Notifications: polling of the bell (spec 000 §4) and the inbox with its archive (spec 002 §2.7-§9). */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import { messages } from '../../src/shared/catalogues/account';
import { formatTableMessage } from '../../src/shared/catalogues/tables';
import { queryClient } from '../../src/client/api/query-client';
import { queryKeys } from '../../src/client/api/query-options';
import type { NotificationItem, NotificationMode } from '../../src/client/api/types';
import { QueryProvider } from '../../src/client/components/query-provider';
import { sanitizeHtml } from '../../src/client/components/safe-html';
import { NotificationBell } from '../../src/client/features/shell/notification-bell';
import { InboxScreen } from '../../src/client/features/notifications/inbox-screen';
import { Route as InboxRoute } from '../../src/client/routes/_authenticated/helpdesk/site-notifiche';
import { useSessionStore } from '../../src/client/stores/session';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

const EVIL =
  '<p>Gentile utente,</p><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">clicca</a>';

function item(id: number, over: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    created: `2026-03-${String(id).padStart(2, '0')}T09:05:07`,
    nome_mittente: 'Ufficio welfare',
    nomi_destinatari: 'Mario Rossi',
    id_riferimento: id % 3 === 0 ? null : String(1000 + id),
    testo: `<p>Messaggio numero ${id}</p>`,
    conferma_lettura: id % 2 === 0,
    ...over,
  };
}

interface Boxes {
  inbox: Record<NotificationMode, NotificationItem[]>;
  archive: Record<NotificationMode, NotificationItem[]>;
}

function defaultBoxes(): Boxes {
  return {
    inbox: {
      ricevuti: Array.from({ length: 12 }, (_, i) => item(12 - i, i === 0 ? { testo: EVIL } : {})),
      inviati: [
        item(20, {
          nome_mittente: 'Mario Rossi',
          nomi_destinatari: 'Laura Bianchi',
          conferma_lettura: false,
        }),
      ],
    },
    archive: {
      ricevuti: [
        item(30, { conferma_lettura: false, testo: '<p>Vecchio avviso</p>' }),
        item(31, { conferma_lettura: true }),
      ],
      inviati: [],
    },
  };
}

/** Stubs the inbox calls over `boxes`; returns the recorded calls. */
function inboxApi(boxes: Boxes = defaultBoxes(), failList = false) {
  return stubApi((url, init) => {
    const parsed = new URL(url, 'http://portale.test');
    const path = parsed.pathname;
    const list = /^\/api\/notifiche_utente_list(_archivio)?$/.exec(path);
    if (list) {
      if (failList) return jsonResponse(403, { detail: 'Non consentito.' });
      const box = list[1] ? boxes.archive : boxes.inbox;
      const mode = parsed.searchParams.get('mode') as NotificationMode;
      const page = Number(parsed.searchParams.get('page'));
      const size = Number(parsed.searchParams.get('page_size'));
      const rows = box[mode];
      return jsonResponse(200, { count: rows.length, results: rows.slice((page - 1) * size, page * size) });
    }
    const one = /^\/api\/marca_notifica(_archivio)?_come_letta\/(\d+)$/.exec(path);
    if (one && init.method === 'POST') {
      const box = one[1] ? boxes.archive : boxes.inbox;
      const found = box.ricevuti.find((row) => row.id === Number(one[2]));
      if (found) found.conferma_lettura = true;
      return jsonResponse(200, { updated: 1 });
    }
    const all = /^\/api\/marca_tutte_le_notifiche(_archivio)?_come_lette$/.exec(path);
    if (all && init.method === 'POST') {
      for (const row of (all[1] ? boxes.archive : boxes.inbox).ricevuti) row.conferma_lettura = true;
      return jsonResponse(200, { updated: 3 });
    }
    return undefined;
  });
}

const callsTo = (calls: RecordedCall[], prefix: string) =>
  calls.filter((call) => call.url.startsWith(prefix));

function Inbox({ initialMode = 'ricevuti' }: { initialMode?: NotificationMode }) {
  const [mode, setMode] = useState<NotificationMode>(initialMode);
  return (
    <QueryProvider>
      <NotificationBell />
      <InboxScreen mode={mode} onModeChange={setMode} />
    </QueryProvider>
  );
}

const rows = () => screen.getAllByTestId('notification-row');

beforeEach(() => {
  logInAs();
  useSessionStore.setState({ userPerms: ['menu', 'site-notifiche'] });
  queryClient.clear();
});

afterEach(() => {
  queryClient.clear();
  delete (window as { __pwned?: number }).__pwned;
});

describe('polling of the bell (spec 000 §4)', () => {
  it('asks at login, then every 120 s, and stops at logout', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    expect(screenConstants.notificationPollingMs).toBe(120_000);
    let unread = 1;
    const calls = stubApi((url) =>
      url === '/api/info_notifiche'
        ? jsonResponse(200, { inviati: 0, ricevuti: 5, ricevuti_new: unread })
        : undefined,
    );
    const counts = () => callsTo(calls, '/api/info_notifiche').length;
    await renderInRouter(<NotificationBell />);
    await waitFor(() => expect(counts()).toBe(1));
    expect(await screen.findByRole('link', { name: new RegExp(messages.bellOne) })).toBeTruthy();

    unread = 3;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(screenConstants.notificationPollingMs - 1);
    });
    expect(counts()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await waitFor(() => expect(counts()).toBe(2));
    expect(await screen.findByRole('link', { name: /Hai 3 nuove notifiche/ })).toBeTruthy();

    await act(async () => {
      await useSessionStore.getState().logout();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(screenConstants.notificationPollingMs * 3);
    });
    expect(counts()).toBe(2);
  });

  it('polls again at once at the next login (the zeroed counters are stale)', async () => {
    const calls = stubApi((url) =>
      url === '/api/info_notifiche'
        ? jsonResponse(200, { inviati: 0, ricevuti: 2, ricevuti_new: 2 })
        : undefined,
    );
    const first = await renderInRouter(
      <QueryProvider>
        <NotificationBell />
      </QueryProvider>,
    );
    await waitFor(() => expect(callsTo(calls, '/api/info_notifiche')).toHaveLength(1));
    await act(async () => {
      await useSessionStore.getState().logout();
    });
    expect(queryClient.getQueryData(queryKeys.notificationCounts)).toEqual({
      inviati: 0,
      ricevuti: 0,
      ricevuti_new: 0,
    });
    first.unmount();

    logInAs();
    await renderInRouter(
      <QueryProvider>
        <NotificationBell />
      </QueryProvider>,
    );
    await waitFor(() => expect(callsTo(calls, '/api/info_notifiche')).toHaveLength(2));
    expect(await screen.findByRole('link', { name: /Hai 2 nuove notifiche/ })).toBeTruthy();
  });
});

describe('inbox route', () => {
  it('validates the mode: ricevuti or inviati, anything else is ricevuti', () => {
    const validate = InboxRoute.options.validateSearch as (search: Record<string, unknown>) => unknown;
    expect(validate({ mode: 'inviati' })).toEqual({ mode: 'inviati' });
    expect(validate({ mode: 'ricevuti' })).toEqual({ mode: 'ricevuti' });
    for (const bad of ['INVIATI', 'archivio', '', undefined, null, 1, ['inviati'], 'toString']) {
      expect(validate({ mode: bad }), String(bad)).toEqual({ mode: 'ricevuti' });
    }
    expect(validate({ mode: '<script>' })).toEqual({ mode: 'ricevuti' });
    expect(validate({})).toEqual({ mode: 'ricevuti' });
  });

  it('is gated by its own permission (config/routes.ts)', async () => {
    const { routes } = await import('../../config/routes');
    expect(routes['site-notifiche']).toMatchObject({
      path: '/helpdesk/site-notifiche',
      permission: 'site-notifiche',
    });
  });
});

describe('inbox table and paging', () => {
  it('shows a page of 5 with the columns of the spec and pages through the server', async () => {
    const calls = inboxApi();
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    expect(screen.getAllByTestId('notification-skeleton').length).toBeGreaterThan(0);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(callsTo(calls, '/api/notifiche_utente_list')[0]?.url).toBe(
      '/api/notifiche_utente_list?page=1&page_size=5&mode=ricevuti',
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      messages.date,
      messages.inboxColSender,
      messages.inboxColRecipients,
      messages.inboxColRequest,
      messages.inboxColRead,
      messages.detail,
    ]);
    const first = within(rows()[0] as HTMLElement).getAllByRole('cell');
    expect(first[0]?.textContent).toBe('12-03-2026 09:05:07');
    expect(first[1]?.textContent).toBe('Ufficio welfare');
    expect(first[2]?.textContent).toBe('Mario Rossi');
    // id 12: no request number ('-'), read; id 11: request 1011, unread.
    expect(first[3]?.textContent).toBe('-');
    expect(first[4]?.textContent).toBe(messages.inboxRead);
    const second = within(rows()[1] as HTMLElement).getAllByRole('cell');
    expect(second[3]?.textContent).toBe('1011');
    expect(second[4]?.textContent).toBe(messages.inboxUnread);
    expect(within(rows()[1] as HTMLElement).getByTestId('read-state').dataset.value).toBe('false');
    expect(screen.getByTestId('notifications-total').textContent).toBe(
      formatTableMessage('tableTotal', { n: 12 }),
    );

    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 3 }) }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(calls, '/api/notifiche_utente_list').at(-1)?.url).toBe(
      '/api/notifiche_utente_list?page=3&page_size=5&mode=ricevuti',
    );
  });

  it('offers the page sizes 5, 10, 25, 50, 100, 200 and starts again from page 1', async () => {
    const calls = inboxApi();
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 2 }) }));
    await waitFor(() => expect(callsTo(calls, '/api/notifiche_utente_list').at(-1)?.url).toContain('page=2'));

    fireEvent.click(screen.getByRole('combobox', { name: messages.inboxPageSize }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '25', '50', '100', '200']);
    fireEvent.click(options[2] as HTMLElement);
    await waitFor(() => expect(rows()).toHaveLength(12));
    expect(callsTo(calls, '/api/notifiche_utente_list').at(-1)?.url).toBe(
      '/api/notifiche_utente_list?page=1&page_size=25&mode=ricevuti',
    );
    expect(screen.queryByRole('navigation', { name: messages.inboxPages })).toBeNull();
  });

  it('switches to the sent messages (no mark-all there)', async () => {
    const calls = inboxApi();
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByRole('button', { name: messages.inboxMarkAll })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: messages.inboxSent }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(callsTo(calls, '/api/notifiche_utente_list').at(-1)?.url).toBe(
      '/api/notifiche_utente_list?page=1&page_size=5&mode=inviati',
    );
    expect(within(rows()[0] as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe('Laura Bianchi');
    expect(screen.queryByRole('button', { name: messages.inboxMarkAll })).toBeNull();
  });

  it('logs a list failure and shows an empty table', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    inboxApi(defaultBoxes(), true);
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe(messages.inboxEmpty);
    expect(screen.queryAllByTestId('notification-row')).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
  });
});

describe('detail, read marks and mark all', () => {
  it('opens the detail, sanitized; an unread received message becomes read and the bell refreshes', async () => {
    const boxes = defaultBoxes();
    const calls = inboxApi(boxes);
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(5));
    const countsBefore = callsTo(calls, '/api/info_notifiche').length;

    // id 11: unread.
    const unread = rows()[1] as HTMLElement;
    fireEvent.click(within(unread).getByRole('button', { name: /Apri la notifica di Ufficio welfare/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Messaggio numero 11')).toBeTruthy();
    expect(within(dialog).getByText('11-03-2026 09:05:07')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(calls, '/api/marca_notifica_come_letta/')).toEqual([
        expect.objectContaining({ url: '/api/marca_notifica_come_letta/11' }),
      ]),
    );
    await waitFor(() => expect(callsTo(calls, '/api/info_notifiche').length).toBeGreaterThan(countsBefore));
    await waitFor(() =>
      expect(within(rows()[1] as HTMLElement).getAllByRole('cell')[4]?.textContent).toBe(messages.inboxRead),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // id 12: already read; no call.
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /Apri/ }));
    await screen.findByRole('dialog');
    await act(async () => undefined);
    expect(callsTo(calls, '/api/marca_notifica_come_letta/')).toHaveLength(1);
  });

  it('renders a text carrying script or onerror without running it', async () => {
    inboxApi();
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /Apri/ }));
    const text = within(await screen.findByRole('dialog')).getByTestId('notification-text');
    expect(text.textContent).toContain('Gentile utente,');
    expect(text.querySelector('script')).toBeNull();
    expect(text.querySelector('[onerror]')).toBeNull();
    expect(text.querySelector('img')).not.toBeNull();
    expect(text.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(text.innerHTML).not.toMatch(/onerror|javascript:|<script/i);
    // An image that fails to load runs no handler.
    text.querySelector('img')?.dispatchEvent(new Event('error'));
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('does not mark sent messages read', async () => {
    const calls = inboxApi();
    await renderInRouter(<Inbox initialMode="inviati" />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /Apri/ }));
    await screen.findByRole('dialog');
    await act(async () => undefined);
    expect(callsTo(calls, '/api/marca_notifica')).toHaveLength(0);
  });

  it('asks for confirmation before marking all read, then refreshes', async () => {
    const calls = inboxApi();
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(5));

    fireEvent.click(screen.getByRole('button', { name: messages.inboxMarkAll }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.inboxMarkAllText)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/api/marca_tutte')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: messages.inboxMarkAll }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.inboxMarkAllConfirm }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/marca_tutte')).toEqual([
        expect.objectContaining({ url: '/api/marca_tutte_le_notifiche_come_lette' }),
      ]),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('read-state').every((state) => state.dataset.value === 'true')).toBe(true),
    );
    expect(callsTo(calls, '/api/info_notifiche').length).toBeGreaterThan(0);
  });
});

describe('archive modal', () => {
  it('lists the archive with the same table, marks read on open and marks all on the archive calls', async () => {
    const calls = inboxApi();
    await renderInRouter(<Inbox />, { path: '/helpdesk/site-notifiche' });
    await waitFor(() => expect(rows()).toHaveLength(5));

    fireEvent.click(screen.getByRole('button', { name: messages.inboxArchive }));
    let dialog = await screen.findByRole('dialog', { name: messages.inboxArchiveTitle });
    await waitFor(() => expect(within(dialog).getAllByTestId('notification-row')).toHaveLength(2));
    expect(callsTo(calls, '/api/notifiche_utente_list_archivio')[0]?.url).toBe(
      '/api/notifiche_utente_list_archivio?page=1&page_size=5&mode=ricevuti',
    );

    fireEvent.click(
      within(within(dialog).getAllByTestId('notification-row')[0] as HTMLElement).getByRole('button'),
    );
    const detail = await screen.findByRole('dialog', { name: messages.inboxDetailTitle });
    expect(within(detail).getByText('Vecchio avviso')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, '/api/marca_notifica_archivio_come_letta/30')).toHaveLength(1));
    expect(callsTo(calls, '/api/marca_notifica_come_letta/')).toHaveLength(0);
    fireEvent.click(within(detail).getByRole('button', { name: messages.close }));

    // Back to the archive, same view.
    dialog = await screen.findByRole('dialog', { name: messages.inboxArchiveTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.inboxMarkAll }));
    const confirm = await screen.findByRole('dialog', { name: messages.inboxMarkAll });
    expect(within(confirm).getByText(messages.inboxMarkAllArchiveText)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: messages.inboxMarkAllConfirm }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/marca_tutte')).toEqual([
        expect.objectContaining({ url: '/api/marca_tutte_le_notifiche_archivio_come_lette' }),
      ]),
    );
    dialog = await screen.findByRole('dialog', { name: messages.inboxArchiveTitle });
    fireEvent.click(within(dialog).getByRole('radio', { name: messages.inboxSent }));
    expect(await within(dialog).findByTestId('notifications-empty')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('sanitizeHtml', () => {
  it('keeps the formatting and drops anything that could run', () => {
    const clean = sanitizeHtml(
      '<h3 onclick="x()">Titolo</h3><p style="color:red">Testo <strong>forte</strong></p>' +
        '<iframe src="https://evil"></iframe><form action="/x"><input></form>' +
        '<a href="https://example.org" target="_self">link</a><svg><script>1</script></svg>',
    );
    expect(clean).toContain('<h3>Titolo</h3>');
    expect(clean).toContain('<strong>forte</strong>');
    expect(clean).not.toMatch(/onclick|iframe|<form|<input|<script/);
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('target="_blank"');
  });
});
