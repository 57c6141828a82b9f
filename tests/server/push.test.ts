/**
 * Web push (issue 28): the profile's calls (push_config, push_preferenze, push_iscrizione,
 * push_disiscrizione), the push of an internal message and of a request decision to the devices of the
 * recipients who want that kind, through the job queue, against a real local push service
 * (web-push-testing: it makes subscriptions, decrypts what it receives and answers 410 for an expired
 * one), and the VAPID configuration (PUSH_ENABLED, VAPID_*).
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-api.it';
import { resolveConfig } from '../../src/server/app';
import { DEMO_VAPID_KEYS, EnvError, resolvePushConfig } from '../../src/server/plugins/env';
import { notify } from '../../src/server/services/request-review';
import { deliverPush, pushBody, PUSH_BODY_MAX, PUSH_QUEUE } from '../../src/server/services/push';
import { backends, buildTestApp, json, TEST_TICKET_SECRET, type TestApp } from './helpers';

const require = createRequire(import.meta.url);

interface PushServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** web-push-testing's server in this process, on a free loopback port. */
async function startPushService() {
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: Server };
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => unknown;
  };
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const server = new WebPushTestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // "Server running on port N"
  try {
    server.startServer();
    await new Promise<void>((resolve, reject) => {
      if (server._server.listening) resolve();
      server._server.once('listening', () => setImmediate(resolve));
      server._server.once('error', reject);
    });
  } finally {
    console.log = log;
  }
  const base = `http://localhost:${port}`;
  const post = async <T>(path: string, body: object): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    async subscribe(applicationServerKey: string): Promise<PushServiceSubscription> {
      return (
        await post<{ data: PushServiceSubscription }>('/subscribe', {
          userVisibleOnly: 'true',
          applicationServerKey,
        })
      ).data;
    },
    /** The decrypted payloads the push service received for a subscription. */
    async received(clientHash: string): Promise<Array<Record<string, unknown>>> {
      const answer = await post<{ data: { messages: string[] } }>('/get-notifications', { clientHash });
      return answer.data.messages.map((message) => JSON.parse(message) as Record<string, unknown>);
    },
    async expire(clientHash: string): Promise<void> {
      const response = await fetch(`${base}/expire-subscription/${clientHash}`, { method: 'POST' });
      if (!response.ok) throw new Error(`expire-subscription: ${response.status}`);
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}

describe.each(backends)('web push (%s)', (backend) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let laura: string;
  let mario: string;
  let marioId: number;
  let colleague: string;
  let colleagueId: number;
  let acme: number;
  let publicKey: string;

  beforeAll(async () => {
    service = await startPushService();
    t = await buildTestApp(backend);
    laura = await t.login('laura.bianchi@example.com');
    mario = await t.login('mario.rossi@example.com');
    const me = await t.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'mario.rossi@example.com')
      .executeTakeFirstOrThrow();
    marioId = me.id;
    acme = me.company_id;
    const other = await t.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('company_id', '=', acme)
      .where('is_cessato', '=', false)
      .where('profile', '=', 'utente')
      .where('disabled_at', 'is', null)
      .where('id', '!=', marioId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    colleagueId = other.id;
    colleague = await t.login(other.email);
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  const sendMessage = async (destinatari: number[], messaggio: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/comunicazione_interna',
      token: laura,
      payload: { destinatari, messaggio },
      headers: { 'act-for': String(acme) },
    });
    expect(response.statusCode).toBe(201);
    await pushed();
  };

  /** Waits until no push job is waiting or running (the worker polls every 2 s). */
  const pushed = () =>
    expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
              WHERE name = ${PUSH_QUEUE} AND state IN ('created', 'retry', 'active')`.execute(t.db)
          ).rows[0]?.n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(0);

  const subscriptions = (userId: number) =>
    t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

  let marioDevice: PushServiceSubscription;
  let colleagueDevice: PushServiceSubscription;

  it('serves the VAPID public key (demo mode: the public development pair)', async () => {
    const response = await call(mario, 'GET', '/api/push_config');
    expect(response.statusCode).toBe(200);
    const config = json<{ attivo: boolean; chiave_pubblica: string }>(response);
    expect(config).toEqual({ attivo: true, chiave_pubblica: DEMO_VAPID_KEYS.publicKey });
    publicKey = config.chiave_pubblica;
    expect((await t.request({ method: 'GET', url: '/api/push_config' })).statusCode).toBe(401);
  });

  it('stores a device per subscription, with its keys and user agent', async () => {
    expect(json(await call(mario, 'GET', '/api/push_preferenze'))).toEqual({
      promemoria: true,
      richieste: true,
      messaggi: true,
      dispositivi: 0,
    });
    marioDevice = await service.subscribe(publicKey);
    const response = await t.request({
      method: 'POST',
      url: '/api/push_iscrizione',
      token: mario,
      headers: { 'user-agent': 'Mozilla/5.0 (Test) Chromium' },
      payload: { endpoint: marioDevice.endpoint, expirationTime: null, keys: marioDevice.keys },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ dispositivi: 1 });
    // Sent again (the page re-sends it): still one device.
    await call(mario, 'POST', '/api/push_iscrizione', {
      endpoint: marioDevice.endpoint,
      keys: marioDevice.keys,
    });
    const rows = await subscriptions(marioId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: marioDevice.endpoint,
      p256dh: marioDevice.keys.p256dh,
      auth: marioDevice.keys.auth,
    });
    expect(rows[0]!.created).toBeInstanceOf(Date);

    colleagueDevice = await service.subscribe(publicKey);
    const subscribed = await call(colleague, 'POST', '/api/push_iscrizione', {
      endpoint: colleagueDevice.endpoint,
      keys: colleagueDevice.keys,
    });
    expect(subscribed.statusCode).toBe(200);
    expect((await subscriptions(colleagueId))[0]?.user_agent).toBe('lightMyRequest');
  });

  it('refuses endpoints that are not a push service and keys that are not keys', async () => {
    const intranet = await call(mario, 'POST', '/api/push_iscrizione', {
      endpoint: 'http://10.0.0.5/admin',
      keys: marioDevice.keys,
    });
    expect(intranet.statusCode).toBe(400);
    expect(json(intranet)).toEqual({ endpoint: [messages.apiPushEndpointInvalid] });
    const badKeys = await call(mario, 'POST', '/api/push_iscrizione', {
      endpoint: 'https://push.example.com/abc',
      keys: { p256dh: 'A'.repeat(87), auth: marioDevice.keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(json(badKeys)).toEqual({ keys: [messages.apiPushKeysInvalid] });
    const notJson = await call(mario, 'POST', '/api/push_iscrizione', { endpoint: 'x' });
    expect(notJson.statusCode).toBe(400);
    expect(await subscriptions(marioId)).toHaveLength(1);
  });

  it('pushes an internal message to a recipient who wants messages, not to one who does not', async () => {
    const saved = await call(colleague, 'POST', '/api/push_preferenze', {
      promemoria: true,
      richieste: true,
      messaggi: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toEqual({ promemoria: true, richieste: true, messaggi: false, dispositivi: 1 });

    await sendMessage([marioId, colleagueId], '<p>Chiusura <strong>uffici</strong> &amp; mensa venerdì</p>');
    await expect
      .poll(() => service.received(marioDevice.clientHash))
      .toEqual([
        {
          title: messages.apiPushTitleMessaggi,
          body: 'Chiusura uffici & mensa venerdì',
          url: '/helpdesk/site-notifiche',
          icon: '/icons/icon-192.png',
          tag: 'messaggi',
        },
      ]);
    expect(await service.received(colleagueDevice.clientHash)).toEqual([]);
  });

  it('pushes a request decision to the employee who wants request updates', async () => {
    await t.db
      .transaction()
      .execute((trx) =>
        notify(
          trx,
          { baseUrl: 'http://localhost' },
          colleagueId,
          4242,
          'approvata',
          'Richiesta approvata.',
          new Date(),
        ),
      );
    await pushed();
    await expect
      .poll(() => service.received(colleagueDevice.clientHash))
      .toEqual([
        expect.objectContaining({
          title: messages.apiPushTitleRichieste,
          body: 'Richiesta approvata.',
          url: '/richieste/4242',
        }),
      ]);
    // Turned off for requests: the next decision is in the inbox only.
    await call(colleague, 'POST', '/api/push_preferenze', {
      promemoria: true,
      richieste: false,
      messaggi: false,
    });
    await t.db
      .transaction()
      .execute((trx) =>
        notify(
          trx,
          { baseUrl: 'http://localhost' },
          colleagueId,
          4243,
          'approvata',
          'Altra richiesta.',
          new Date(),
        ),
      );
    await pushed();
    expect(await service.received(colleagueDevice.clientHash)).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    await service.expire(marioDevice.clientHash);
    await sendMessage([marioId], '<p>Secondo messaggio</p>');
    await expect.poll(() => subscriptions(marioId)).toEqual([]);
    expect(json(await call(mario, 'GET', '/api/push_preferenze'))).toMatchObject({ dispositivi: 0 });
  });

  it('turns push off on a device, for its own user only', async () => {
    // Mario cannot remove the colleague's device.
    await call(mario, 'POST', '/api/push_disiscrizione', { endpoint: colleagueDevice.endpoint });
    expect(await subscriptions(colleagueId)).toHaveLength(1);
    const off = await call(colleague, 'POST', '/api/push_disiscrizione', {
      endpoint: colleagueDevice.endpoint,
    });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toMatchObject({ dispositivi: 0 });
    expect(await subscriptions(colleagueId)).toEqual([]);
    // Nothing is queued for users without a device.
    await sendMessage([colleagueId], '<p>Terzo</p>');
    expect(await service.received(colleagueDevice.clientHash)).toHaveLength(1);
  });

  it('drops other failures without removing the device', async () => {
    const failures: unknown[] = [];
    const [row] = await t.db
      .insertInto('push_subscriptions')
      .values({
        user_id: marioId,
        endpoint: 'https://push.example.com/x',
        p256dh: marioDevice.keys.p256dh,
        auth: marioDevice.keys.auth,
      })
      .returning('id')
      .execute();
    const result = await deliverPush(
      t.db,
      t.app.config.push,
      { userIds: [marioId], kind: 'messaggi', title: 'T', body: 'B', url: '/menu' },
      {
        send: () => Promise.reject(Object.assign(new Error('boom'), { statusCode: 500 })),
        onFailure: (error) => failures.push(error),
      },
    );
    expect(result).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(failures).toHaveLength(1);
    expect(await subscriptions(marioId)).toHaveLength(1);
    await t.db.deleteFrom('push_subscriptions').where('id', '=', row!.id).execute();
  });
});

describe('push body', () => {
  it('is the notice as plain text, shortened', () => {
    expect(pushBody('<p>Uno</p><p>Due<br>tre</p>')).toBe('Uno Due tre');
    const long = pushBody(`<p>${'parola '.repeat(100)}</p>`);
    expect(long.length).toBeLessThanOrEqual(PUSH_BODY_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('push configuration (PUSH_ENABLED, VAPID_*)', () => {
  const keys = {
    VAPID_PUBLIC_KEY:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    VAPID_PRIVATE_KEY: 'Nqin6S-QsAkzLIU63nSjF7JDB0mPWDiQmAG0lOdvxHw',
    VAPID_SUBJECT: 'mailto:it@example.com',
  };

  it('uses the public development pair in demo mode only', () => {
    expect(resolvePushConfig({}, true)).toEqual({ enabled: true, vapid: { ...DEMO_VAPID_KEYS } });
    expect(resolvePushConfig({}, false)).toEqual({ enabled: false, vapid: null });
    expect(resolvePushConfig({ PUSH_ENABLED: '0' }, true)).toEqual({ enabled: false, vapid: null });
  });

  it('is on when the keys are set, with them', () => {
    expect(resolvePushConfig(keys, false)).toEqual({
      enabled: true,
      vapid: {
        publicKey: keys.VAPID_PUBLIC_KEY,
        privateKey: keys.VAPID_PRIVATE_KEY,
        subject: keys.VAPID_SUBJECT,
      },
    });
    expect(resolvePushConfig({ ...keys, PUSH_ENABLED: '0' }, false).enabled).toBe(false);
  });

  it('refuses to start when push is on without keys, or with bad ones', () => {
    let error: unknown;
    try {
      resolvePushConfig({ PUSH_ENABLED: '1' }, false);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).variables).toEqual(['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_SUBJECT']);
    expect((error as Error).message).toMatch(/obbligatoria con le notifiche push attive/);
    expect(() => resolvePushConfig({ ...keys, VAPID_SUBJECT: undefined }, false)).toThrow(/VAPID_SUBJECT/);
    expect(() => resolvePushConfig({ ...keys, VAPID_PRIVATE_KEY: undefined }, false)).toThrow(
      /VAPID_PRIVATE_KEY: mancante/,
    );
    expect(() => resolvePushConfig({ ...keys, VAPID_PUBLIC_KEY: 'abc' }, false)).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => resolvePushConfig({ ...keys, VAPID_SUBJECT: 'http://x' }, false)).toThrow(/VAPID_SUBJECT/);
    expect(() => resolvePushConfig({ PUSH_ENABLED: 'si' }, true)).toThrow(/PUSH_ENABLED/);
    // The private key is never printed.
    expect(() => resolvePushConfig({ ...keys, VAPID_PRIVATE_KEY: 'segreto-troppo-corto' }, false)).toThrow(
      /^(?![\s\S]*segreto-troppo-corto)[\s\S]*VAPID_PRIVATE_KEY/,
    );
    // And the app's configuration stops with it.
    expect(() =>
      resolveConfig({ env: { TICKET_SECRET: TEST_TICKET_SECRET, PUSH_ENABLED: '1' }, demo: false }),
    ).toThrow(EnvError);
  });
});
