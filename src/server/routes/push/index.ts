/**
 * Web push of the installed portal (issue 28, services/push.ts): the calls of the profile page's
 * "Notifiche push" section, and the worker of the push queue.
 *
 * - GET push_config: whether push is on and the VAPID public key the browser subscribes with;
 * - GET / POST push_preferenze: the kinds the user wants pushed (and how many devices have push on);
 * - POST push_iscrizione: this device's subscription (after the browser's permission);
 * - POST push_disiscrizione: push off on this device.
 *
 * They serve the profile page (route `user-profile`: every signed-in employee and referent; an
 * operator's session is refused like on every call outside the console). With push off
 * (plugins/env.ts `resolvePushConfig`) the config says so and a subscription is refused with 503.
 */
import { requireAuth } from '../../plugins/auth';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { ApiError } from '../../errors';
import {
  deliverPush,
  pushState,
  PUSH_QUEUE,
  savePushPreferences,
  subscribePush,
  unsubscribePush,
  type PushJob,
} from '../../services/push';

const ROUTE = 'user-profile';

export default async function pushRoutes(app: WireApp): Promise<void> {
  const push = app.config.push;

  // Always registered: a job queued while push was on is dropped (not left waiting) once it is off.
  app.jobs.work<PushJob>(PUSH_QUEUE, async (job) => {
    const result = await deliverPush(app.db, push, job, {
      onFailure: (error, subscriptionId) =>
        app.log.warn({ err: error, subscriptionId }, 'notifica push non consegnata'),
    });
    if (result.removed > 0) app.log.info({ removed: result.removed }, 'sottoscrizioni push scadute rimosse');
  });

  app.get(
    '/api/push_config',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Configurazione delle notifiche push',
        description:
          'Se il portale offre le notifiche push e la chiave pubblica VAPID con cui il browser si iscrive ' +
          '(null se spente).',
        tags: ['notifiche'],
        response: { 200: { $ref: 'push-config#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ attivo: push.enabled, chiave_pubblica: push.vapid?.publicKey ?? null }),
  );

  app.get(
    '/api/push_preferenze',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Notifiche push dell’utente',
        description:
          'Quali avvisi l’utente vuole ricevere come notifica push (promemoria del credito in scadenza, ' +
          'esiti delle richieste, messaggi interni; tutti se non ha mai scelto) e su quanti dispositivi le ' +
          'ha attive.',
        tags: ['notifiche'],
        response: { 200: { $ref: 'push-stato#' }, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => pushState(app.db, requireAuth(request).userId),
  );

  app.post(
    '/api/push_preferenze',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Sceglie quali notifiche push ricevere',
        description:
          'Salva quali avvisi l’utente vuole ricevere come notifica push, su tutti i suoi dispositivi.',
        tags: ['notifiche'],
        body: { $ref: 'push-preferenze#' },
        response: { 200: { $ref: 'push-stato#' }, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => savePushPreferences(app.db, requireAuth(request).userId, request.body),
  );

  app.post(
    '/api/push_iscrizione',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Attiva le notifiche push su questo dispositivo',
        description:
          'Registra la sottoscrizione push del browser (endpoint https del servizio push e chiavi) per ' +
          'l’utente, con lo user agent del dispositivo; inviarla di nuovo la aggiorna. Un endpoint già di un ' +
          'altro utente passa a questo. 400 sul campo se endpoint o chiavi non sono validi; 503 se il portale ' +
          'non offre le notifiche push.',
        tags: ['notifiche'],
        body: { $ref: 'push-iscrizione#' },
        response: { 200: { $ref: 'push-stato#' }, ...errorResponses(400, 401, 403, 415, 429, 503) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      if (!push.enabled) throw ApiError.of(503, 'apiPushDisabled');
      return subscribePush(app.db, userId, request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        // Demo mode: a local test push service (web-push-testing) may stand in for the browser's.
        allowLoopbackHttp: app.config.demo,
      });
    },
  );

  app.post(
    '/api/push_disiscrizione',
    {
      config: { route: ROUTE },
      schema: {
        summary: 'Spegne le notifiche push su questo dispositivo',
        description:
          'Rimuove la sottoscrizione dell’utente con questo endpoint (se non c’è, nulla da fare: non è un errore).',
        tags: ['notifiche'],
        body: { $ref: 'push-disiscrizione#' },
        response: { 200: { $ref: 'push-stato#' }, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => unsubscribePush(app.db, requireAuth(request).userId, request.body.endpoint),
  );
}
