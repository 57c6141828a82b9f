/**
 * Web push of the installed portal (issue 28): the devices where a user turned push on, the kinds of
 * notice the user wants pushed, and the sending.
 *
 * - A device is a browser's push subscription (endpoint and keys, push_subscriptions), sent by the
 *   profile page when the user turns push on there and removed when the user turns it off. An endpoint
 *   belongs to the last user who turned push on with it (a shared device follows whoever is signed in).
 * - The kinds (push_preferences): reminders of expiring credit (`promemoria`), decisions on requests
 *   (`richieste`), internal messages (`messaggi`); a user without a row wants them all.
 * - `sendNotification` (services/notifications.ts), the one place in-app notices are written, calls
 *   `enqueuePush` in its transaction when it is given `push`: one job of the `notifica-push` queue per
 *   few hundred recipients who have a device and want that kind. The job's worker (`deliverPush`) sends
 *   with `web-push` (VAPID keys of plugins/env.ts `resolvePushConfig`), so a slow push service never
 *   holds a request, and the notice is pushed only once the change is committed.
 * - A push service answering 404 or 410 says the subscription is gone: it is removed. Other failures are
 *   logged and not retried (the notice is in the inbox anyway; a retry would push twice to the devices
 *   that got it).
 */
import { sql, type Kysely } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import webpush from 'web-push';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage, type MessageKey } from '../messages';
import type { PushConfig } from '../plugins/env';
import { enqueueJob, JOB_QUEUES } from './jobs';

export const PUSH_QUEUE = JOB_QUEUES.push;

export const PUSH_KINDS = ['promemoria', 'richieste', 'messaggi'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** What `sendNotification` is told to push: the kind (the user's preference) and the portal path to open. */
export interface PushRequest {
  kind: PushKind;
  /** A path of the portal (`/richieste/12`): the notification opens it. */
  url: string;
  /** The notification's title; default: the kind's (apiPushTitle*). */
  title?: string;
}

/** Devices kept per user; a new one beyond this replaces the oldest. */
export const PUSH_MAX_DEVICES = 20;
/** Recipients per job: a message to a whole company becomes several jobs. */
export const PUSH_USERS_PER_JOB = 500;
/** Longest body pushed (the notice's text, shortened with an ellipsis). */
export const PUSH_BODY_MAX = 240;
/** How long a push service keeps a notice for an offline device (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The socket timeout of one delivery (ms). */
export const PUSH_TIMEOUT_MS = 10_000;
/** The icon the notification shows (vite.config.ts manifest). */
export const PUSH_ICON = '/icons/icon-192.png';

const TITLES: Record<PushKind, MessageKey> = {
  promemoria: 'apiPushTitlePromemoria',
  richieste: 'apiPushTitleRichieste',
  messaggi: 'apiPushTitleMessaggi',
};

export interface PushPreferences {
  promemoria: boolean;
  richieste: boolean;
  messaggi: boolean;
}

/** The user's kinds and how many devices the user has push on (GET/POST push_preferenze). */
export interface PushState extends PushPreferences {
  dispositivi: number;
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The job's data: who, and what to show. */
export interface PushJob {
  userIds: number[];
  kind: PushKind;
  title: string;
  body: string;
  url: string;
}

/** The payload the service worker reads (public/push-sw.js). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag?: string;
}

// ---------------------------------------------------------------------------------------------
// Devices and preferences

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks an endpoint: an https address; plain http only to this machine when `allowLoopbackHttp`
 * (demo mode: a local test push service). Anything else is refused, so the server never posts to an
 * address of its own network a client chose.
 */
export function checkEndpoint(endpoint: string, allowLoopbackHttp: boolean): void {
  let url: URL | null = null;
  try {
    url = new URL(endpoint);
  } catch {
    url = null;
  }
  const ok =
    url !== null &&
    url.username === '' &&
    url.password === '' &&
    (url.protocol === 'https:' ||
      (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK.has(url.hostname)));
  if (!ok) throw new ApiError(400, { endpoint: [formatMessage('apiPushEndpointInvalid')] });
}

function checkKeys(keys: SubscriptionInput['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) {
    throw new ApiError(400, { keys: [formatMessage('apiPushKeysInvalid')] });
  }
}

/** The user's kinds and devices. */
export async function pushState(db: Kysely<DB>, userId: number): Promise<PushState> {
  const prefs = await db
    .selectFrom('push_preferences')
    .select(['promemoria', 'richieste', 'messaggi'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const devices = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    promemoria: prefs?.promemoria ?? true,
    richieste: prefs?.richieste ?? true,
    messaggi: prefs?.messaggi ?? true,
    dispositivi: Number(devices.n),
  };
}

/** Saves the user's kinds; answers the state. */
export async function savePushPreferences(
  db: Kysely<DB>,
  userId: number,
  prefs: PushPreferences,
  now = new Date(),
): Promise<PushState> {
  const values = { promemoria: prefs.promemoria, richieste: prefs.richieste, messaggi: prefs.messaggi };
  await db
    .insertInto('push_preferences')
    .values({ user_id: userId, ...values, updated: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated: now }))
    .execute();
  return pushState(db, userId);
}

/**
 * Stores this device's subscription for the user (again: the keys and user agent are refreshed; an
 * endpoint another user had becomes this user's). Beyond PUSH_MAX_DEVICES the oldest go.
 */
export async function subscribePush(
  db: Kysely<DB>,
  userId: number,
  input: SubscriptionInput,
  options: { userAgent: string | null; allowLoopbackHttp: boolean; now?: Date },
): Promise<PushState> {
  checkEndpoint(input.endpoint, options.allowLoopbackHttp);
  checkKeys(input.keys);
  const userAgent = options.userAgent?.slice(0, 512) || null;
  const now = options.now ?? new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values({
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        user_agent: userAgent,
        created: now,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          user_agent: userAgent,
          created: now,
        }),
      )
      .execute();
    const kept = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_MAX_DEVICES);
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('id', 'not in', kept)
      .execute();
  });
  return pushState(db, userId);
}

/** Removes the user's subscription of this endpoint (none is fine: it is already gone). */
export async function unsubscribePush(db: Kysely<DB>, userId: number, endpoint: string): Promise<PushState> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
  return pushState(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Queueing (in the notice's transaction) and sending (the job)

/** The notice's text as a notification body: no tags, blanks folded, at most PUSH_BODY_MAX characters. */
export function pushBody(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PUSH_BODY_MAX ? `${text.slice(0, PUSH_BODY_MAX - 1).trimEnd()}…` : text;
}

/**
 * Queues the push of a notice, in the caller's transaction (the job exists only if the notice is
 * committed): to the recipients with at least one device who want `kind`. Nothing is queued when none
 * has. Answers how many recipients it was queued for.
 */
export async function enqueuePush(
  trx: Kysely<DB>,
  recipients: readonly number[],
  push: PushRequest,
  testo: string,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const users: number[] = [];
  for (let i = 0; i < recipients.length; i += 5_000) {
    const chunk = recipients.slice(i, i + 5_000);
    const rows = await trx
      .selectFrom('push_subscriptions as s')
      .leftJoin('push_preferences as p', 'p.user_id', 's.user_id')
      .select('s.user_id')
      .distinct()
      .where('s.user_id', 'in', chunk)
      .where(sql<boolean>`coalesce(${sql.ref(`p.${push.kind}`)}, true)`)
      .orderBy('s.user_id')
      .execute();
    users.push(...rows.map((row) => row.user_id));
  }
  if (users.length === 0) return 0;
  const title = push.title?.trim() || formatMessage(TITLES[push.kind]);
  const body = pushBody(testo);
  for (let i = 0; i < users.length; i += PUSH_USERS_PER_JOB) {
    const job: PushJob = {
      userIds: users.slice(i, i + PUSH_USERS_PER_JOB),
      kind: push.kind,
      title,
      body,
      url: push.url,
    };
    await enqueueJob(trx, PUSH_QUEUE, job);
  }
  return users.length;
}

/** One delivery (tests may pass another sender than `sendWithWebPush`). */
export type PushSender = (
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
) => Promise<unknown>;

/** A push service's answer other than 2xx (`statusCode` like web-push's WebPushError). */
export class PushServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`servizio push: risposta ${statusCode}`);
    this.name = 'PushServiceError';
  }
}

/**
 * Sends one notice: `web-push` encrypts the payload and signs the VAPID header
 * (`generateRequestDetails`), the request goes out with fetch (web-push's own sender speaks https only,
 * and a local test push service is http), with the timeout and without following redirects.
 */
export async function sendWithWebPush(
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
): Promise<void> {
  const details = webpush.generateRequestDetails(subscription, payload, options);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeout ?? PUSH_TIMEOUT_MS),
  });
  const body = await response.text().catch(() => '');
  if (response.status < 200 || response.status > 299) throw new PushServiceError(response.status, body);
}

export interface DeliveryResult {
  sent: number;
  /** Subscriptions removed because the push service said they are gone (404, 410). */
  removed: number;
  failed: number;
}

/**
 * The job: pushes the notice to every device of its users who still want its kind. A 404 or 410
 * removes the subscription; other failures are reported through `onFailure` (the log).
 */
export async function deliverPush(
  db: Kysely<DB>,
  config: PushConfig,
  job: PushJob,
  options: {
    send?: PushSender;
    onFailure?: (error: unknown, subscriptionId: number) => void;
  } = {},
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, removed: 0, failed: 0 };
  if (!config.enabled || !config.vapid || job.userIds.length === 0) return result;
  if (!(PUSH_KINDS as readonly string[]).includes(job.kind)) return result;
  const subscriptions = await db
    .selectFrom('push_subscriptions as s')
    .leftJoin('push_preferences as p', 'p.user_id', 's.user_id')
    .select(['s.id', 's.endpoint', 's.p256dh', 's.auth'])
    .where('s.user_id', 'in', job.userIds)
    .where(sql<boolean>`coalesce(${sql.ref(`p.${job.kind}`)}, true)`)
    .orderBy('s.id')
    .execute();
  const payload: PushPayload = {
    title: job.title,
    body: job.body,
    url: job.url,
    icon: PUSH_ICON,
    tag: job.kind,
  };
  const text = JSON.stringify(payload);
  const send: PushSender = options.send ?? sendWithWebPush;
  const requestOptions: webpush.RequestOptions = {
    vapidDetails: config.vapid,
    TTL: PUSH_TTL_SECONDS,
    timeout: PUSH_TIMEOUT_MS,
    urgency: 'normal',
  };
  // A few at a time: a company-wide message does not open hundreds of sockets at once.
  const queue = [...subscriptions];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const subscription = next;
      try {
        await send(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          text,
          requestOptions,
        );
        result.sent += 1;
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) {
          await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
          result.removed += 1;
        } else {
          result.failed += 1;
          options.onFailure?.(error, subscription.id);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
  return result;
}
