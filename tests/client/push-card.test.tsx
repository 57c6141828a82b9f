/**
 * The profile's "Notifiche push" (issue 28): the permission is asked only on the switch's click, the
 * subscription made with the server's key goes to push_iscrizione, the kinds are saved with
 * push_preferenze, switching off unsubscribes and calls push_disiscrizione; a refused permission says
 * so; without browser support only the notice shows; with push off on the portal nothing shows.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { applicationServerKey, PushCard } from '../../src/client/features/profile/push-card';
import { bodyOf, jsonResponse, renderWithMantine, stubApi } from './helpers';

const KEY = 'BBHqvdWN9EMIN81rw12FfXOt104-2KQZVY8RtEkdB3ThcqoJpUw8rwx7Z5d50VOuJhnW8PkOmUl6d8-gPeMW_B0';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/device-1',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

/** A browser with push: its PushManager, service worker registration and Notification. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let current: object | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const make = (key: ArrayBuffer) => ({
    endpoint: SUBSCRIPTION.endpoint,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint: SUBSCRIPTION.endpoint, expirationTime: null, keys: SUBSCRIPTION.keys }),
    unsubscribe,
  });
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      current = make(options.applicationServerKey.slice().buffer);
      return current;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, requestPermission, unsubscribe };
}

function stubPushApi(attivo = true) {
  let prefs = { promemoria: true, richieste: true, messaggi: true, dispositivi: 0 };
  return stubApi((url, init) => {
    if (url === '/api/push_config')
      return jsonResponse(200, { attivo, chiave_pubblica: attivo ? KEY : null });
    if (url === '/api/push_preferenze' && init.method === 'POST') {
      prefs = { ...prefs, ...(JSON.parse(init.body as string) as object) };
      return jsonResponse(200, prefs);
    }
    if (url === '/api/push_preferenze') return jsonResponse(200, prefs);
    if (url === '/api/push_iscrizione') {
      prefs = { ...prefs, dispositivi: 1 };
      return jsonResponse(200, prefs);
    }
    if (url === '/api/push_disiscrizione') {
      prefs = { ...prefs, dispositivi: 0 };
      return jsonResponse(200, prefs);
    }
    return undefined;
  });
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.unstubAllGlobals();
});

describe('push card', () => {
  it('asks the permission only on click, subscribes with the server key, saves kinds, switches off', async () => {
    const browser = fakeBrowser('default');
    const calls = stubPushApi();
    renderWithMantine(<PushCard />);
    const section = await screen.findByRole('region', { name: messages.pushTitle });
    const toggle = within(section).getByRole('switch', {
      name: messages.pushDeviceSwitch,
    }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(within(section).queryByRole('checkbox')).toBeNull();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.applicationServerKey).toEqual(applicationServerKey(KEY));
    expect(bodyOf(calls, '/api/push_iscrizione')).toEqual(SUBSCRIPTION);
    expect(within(section).getByRole('status').textContent).toBe(messages.pushDeviceOn);

    const messagesBox = await within(section).findByRole('checkbox', { name: messages.pushKindMessaggi });
    fireEvent.click(messagesBox);
    const saved = () => calls.find((c) => c.url === '/api/push_preferenze' && c.init.method === 'POST');
    await waitFor(() => expect(saved()).toBeDefined());
    expect(JSON.parse(saved()!.init.body as string)).toEqual({
      promemoria: true,
      richieste: true,
      messaggi: false,
    });
    await waitFor(() => expect((messagesBox as HTMLInputElement).checked).toBe(false));

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(bodyOf(calls, '/api/push_disiscrizione')).toEqual({ endpoint: SUBSCRIPTION.endpoint });
  });

  it('says so when the permission is refused, and sends nothing', async () => {
    const browser = fakeBrowser('default', 'denied');
    const calls = stubPushApi();
    renderWithMantine(<PushCard />);
    const toggle = (await screen.findByRole('switch', {
      name: messages.pushDeviceSwitch,
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.pushDenied));
    expect(toggle.checked).toBe(false);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url === '/api/push_iscrizione')).toBe(false);
  });

  it('shows nothing when the portal does not offer push', async () => {
    fakeBrowser('default');
    const calls = stubPushApi(false);
    renderWithMantine(<PushCard />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/push_config')).toBe(true));
    expect(screen.queryByRole('region', { name: messages.pushTitle })).toBeNull();
    expect(calls.some((c) => c.url === '/api/push_preferenze')).toBe(false);
  });

  it('only tells a browser without push that it cannot', () => {
    const calls = stubPushApi();
    renderWithMantine(<PushCard />);
    expect(screen.getByText(messages.pushUnsupported)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(calls).toEqual([]);
  });
});
