/**
 * Web push on the installed portal (issue 28), end to end in Chromium, as mario.rossi@example.com:
 * the profile's "Notifiche push" section turns push on (notification permission granted to the
 * context), the subscription reaches the server, an internal message is pushed by the server to the
 * device's push service, and the portal's service worker shows what it received as a notification.
 *
 * Offline there is no browser push service (Chromium's is Google's), so the page's PushManager hands
 * out a subscription of a local one (web-push-testing, started here): the server really encrypts,
 * signs and sends to it, and the payload it decrypted is then dispatched as a push event in the
 * portal's service worker, whose handler must show it (`registration.getNotifications()`).
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as api } from '../../config/messages-api.it';
import { messages } from '../../config/messages-account.it';
import { sendInternalMessage } from '../../src/server/services/internal-messages';
import {
  axeViolations,
  launchBrowser,
  newContext,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';

const require = createRequire(import.meta.url);
const MARIO = 'mario.rossi@example.com';

interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

let server: E2eServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let pushService: Server;
let pushBase: string;
let marioId: number;
let acme: number;
let referentId: number;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function pushPost<T>(path: string, body: object): Promise<T> {
  const response = await fetch(`${pushBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: Server };
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => unknown;
  };
  const port = await freePort();
  const local = new WebPushTestingServer(new PushApiModel(), port);
  // Its "Server running on port N" line is printed once it listens: silenced until then.
  const log = console.log;
  console.log = () => undefined;
  try {
    local.startServer();
    pushService = local._server;
    await new Promise<void>((resolve) =>
      pushService.listening
        ? setImmediate(resolve)
        : pushService.once('listening', () => setImmediate(resolve)),
    );
  } finally {
    console.log = log;
  }
  pushBase = `http://localhost:${port}`;
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const user = await server.app.db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', MARIO)
    .executeTakeFirstOrThrow();
  marioId = user.id;
  acme = user.company_id;
  referentId = (
    await server.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'laura.bianchi@example.com')
      .executeTakeFirstOrThrow()
  ).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (pushService ? pushService.close(() => resolve()) : resolve()));
});

/**
 * The page's PushManager hands out `subscription` (made by the local push service) instead of asking
 * Chromium's push service, which is not reachable offline; everything else is the browser's own.
 */
async function useLocalPushService(context: BrowserContext, subscription: LocalSubscription): Promise<void> {
  await context.addInitScript((sub: LocalSubscription) => {
    if (!('PushManager' in self)) return;
    const key = 'e2e-push-subscription';
    const make = (applicationServerKey: ArrayBuffer | null) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      getKey: () => null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const value = options?.applicationServerKey;
      const bytes =
        value instanceof ArrayBuffer
          ? new Uint8Array(value)
          : ArrayBuffer.isView(value)
            ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
            : new Uint8Array();
      localStorage.setItem(key, JSON.stringify([...bytes]));
      return make(bytes.slice().buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(key);
      if (saved === null) return null;
      return make(new Uint8Array(JSON.parse(saved) as number[]).buffer) as unknown as PushSubscription;
    };
  }, subscription);
}

async function openProfile(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.baseUrl, width);
  await context.grantPermissions(['notifications'], { origin: server.baseUrl });
  await seedSession(context, await server.login(MARIO), 'acme');
  return { context, page: await context.newPage() };
}

const marioDevices = () =>
  server.app.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', marioId).execute();

describe('web push from the profile', () => {
  it('turns push on, reaches the server, and the service worker shows a pushed message', async () => {
    const config = (await (
      await fetch(`${server.baseUrl}/api/push_config`, {
        headers: { authorization: `Token ${await server.login(MARIO)}` },
      })
    ).json()) as { chiave_pubblica: string };
    const local = (
      await pushPost<{ data: LocalSubscription }>('/subscribe', {
        userVisibleOnly: 'true',
        applicationServerKey: config.chiave_pubblica,
      })
    ).data;
    const { context, page } = await openProfile(1280);
    await useLocalPushService(context, local);
    try {
      await page.goto('/user-profile');
      const section = page.getByRole('region', { name: messages.pushTitle });
      const toggle = section.getByRole('switch', { name: messages.pushDeviceSwitch });
      await expect.poll(() => toggle.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      // The service worker is the portal's, and it carries the push handler.
      const swUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(swUrl).toBe(`${server.baseUrl}/sw.js`);
      expect(await (await fetch(`${server.baseUrl}/push-sw.js`)).text()).toContain("addEventListener('push'");

      await toggle.click();
      await expect.poll(() => toggle.isChecked(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => section.getByRole('status').textContent()).toBe(messages.pushDeviceOn);
      await expect.poll(async () => (await marioDevices()).map((d) => d.endpoint)).toEqual([local.endpoint]);
      const [device] = await marioDevices();
      expect(device?.user_agent).toMatch(/Chrom/);
      for (const label of [
        messages.pushKindPromemoria,
        messages.pushKindRichieste,
        messages.pushKindMessaggi,
      ]) {
        expect(await section.getByRole('checkbox', { name: label }).isChecked()).toBe(true);
      }
      expect(await axeViolations(page)).toEqual([]);

      // The server pushes an internal message to the device's push service...
      await sendInternalMessage(server.app.db, {
        companyId: acme,
        senderUserId: referentId,
        destinatari: [marioId],
        messaggio: '<p>Benvenuti nel nuovo portale</p>',
      });
      let payload: Record<string, unknown> | undefined;
      await expect
        .poll(
          async () => {
            const answer = await pushPost<{ data: { messages: string[] } }>('/get-notifications', {
              clientHash: local.clientHash,
            });
            payload = answer.data.messages[0]
              ? (JSON.parse(answer.data.messages[0]) as typeof payload)
              : undefined;
            return payload?.title;
          },
          { timeout: 20_000, interval: 250 },
        )
        .toBe(api.apiPushTitleMessaggi);

      // ...and what it delivered, as a push event in the portal's service worker, shows a notification.
      const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
      expect(worker).toBeDefined();
      await worker!.evaluate((data) => {
        const scope = self as unknown as {
          PushEvent: new (type: string, init: { data: string }) => Event;
          dispatchEvent(event: Event): boolean;
        };
        scope.dispatchEvent(new scope.PushEvent('push', { data: JSON.stringify(data) }));
      }, payload);
      await expect
        .poll(
          () =>
            page.evaluate(async () =>
              (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
                title: n.title,
                body: n.body,
                url: (n.data as { url?: string } | null)?.url,
              })),
            ),
          { timeout: 10_000 },
        )
        .toEqual([
          {
            title: api.apiPushTitleMessaggi,
            body: 'Benvenuti nel nuovo portale',
            url: `${server.baseUrl}/helpdesk/site-notifiche`,
          },
        ]);

      // A kind turned off is saved for the user.
      await section.getByRole('checkbox', { name: messages.pushKindMessaggi }).click();
      await expect
        .poll(() =>
          server.app.db
            .selectFrom('push_preferences')
            .select('messaggi')
            .where('user_id', '=', marioId)
            .executeTakeFirst(),
        )
        .toEqual({ messaggi: false });

      // Switched off: the subscription leaves the server.
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await expect.poll(async () => (await marioDevices()).length).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('never asks for the permission on load, and is axe-clean at 360 px', async () => {
    const context = await newContext(browser, server.baseUrl, 360);
    await seedSession(context, await server.login(MARIO), 'acme');
    // Counts the permission requests the page makes.
    await context.addInitScript(() => {
      if (!('Notification' in self)) return;
      const ask = Notification.requestPermission.bind(Notification);
      (self as unknown as { asked: number }).asked = 0;
      Notification.requestPermission = (...args: Parameters<typeof ask>) => {
        (self as unknown as { asked: number }).asked += 1;
        return ask(...args);
      };
    });
    const page = await context.newPage();
    try {
      await page.goto('/user-profile');
      const section = page.getByRole('region', { name: messages.pushTitle });
      await section.getByRole('switch', { name: messages.pushDeviceSwitch }).waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => (self as unknown as { asked: number }).asked)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
