/**
 * The operations team's endpoints, outside /api and without a session (issue 27):
 * - GET /health/live: the process answers (load balancer liveness; never shed);
 * - GET /health/ready: 200 only when the database answers, every migration of this build is applied and
 *   the job workers run; otherwise 503 naming what is not ready;
 * - GET /metrics: Prometheus text format behind `Authorization: Bearer <METRICS_TOKEN>`; 404 without the
 *   variable (the route stays, so the portal's page fallback never answers a scrape with HTML).
 *
 * Probes come every few seconds: these routes log at warn (no "request completed" line each time) and
 * are not rate-limited (`rateLimit: false`: the limit is per client, and a balancer is one client).
 * Registered in their own context, not the API's: no session lookup, no Customer header; each still
 * declares its access and is checked by the API's rule (plugins/access.ts), so one that forgot stops
 * the start.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { checkRouteDeclaration } from '../../plugins/access';
import { formatMessage } from '../../messages';
import { ApiError } from '../../errors';
import { errorResponses, type WireApp } from '../../plugins/schemas';
import { readinessProblems } from '../../services/operations';

export interface OperationsRoutesOptions {
  /** Bearer token of GET /metrics; null = metrics off (404). */
  metricsToken: string | null;
}

const STATUS_OK = {
  description: 'Pronto.',
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', const: 'ok' } },
  additionalProperties: false,
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared in constant time (over digests, so lengths never differ). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export default async function operationsRoutes(
  app: WireApp,
  options: OperationsRoutesOptions,
): Promise<void> {
  app.addHook('onRoute', (route) => checkRouteDeclaration(app.routeRules, route, false));
  // Probes and scrapes must never be stored by a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/health/live',
    {
      logLevel: 'warn',
      config: { public: true, neverShed: true, rateLimit: false },
      schema: {
        summary: 'Il processo risponde (liveness del bilanciatore)',
        description:
          'Sempre 200 finché il processo gira, anche quando il server rifiuta richieste per sovraccarico.',
        tags: ['operazioni'],
        response: { 200: STATUS_OK },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      logLevel: 'warn',
      config: { public: true, rateLimit: false },
      schema: {
        summary: 'Il server può ricevere traffico (readiness del bilanciatore)',
        description:
          '200 quando il database risponde, tutte le migrazioni di questa versione sono applicate e i lavori in ' +
          'background sono avviati; altrimenti 503 con il motivo. 503 anche quando il server è sovraccarico.',
        tags: ['operazioni'],
        response: { 200: STATUS_OK, ...errorResponses(503) },
      },
    },
    async () => {
      const problems = await readinessProblems(app.db, app.jobs.running());
      if (problems.length > 0) throw ApiError.of(503, 'apiNotReady', { reasons: problems.join('; ') });
      return { status: 'ok' as const };
    },
  );

  const token = options.metricsToken;
  const metrics = app.metrics;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      // No session: the scrape has its own token, checked below.
      config: { public: true, rateLimit: false },
      schema: {
        summary: 'Metriche Prometheus (con METRICS_TOKEN)',
        description:
          'Formato testo di Prometheus. Richiede `Authorization: Bearer <METRICS_TOKEN>`; senza la variabile ' +
          'risponde 404.',
        tags: ['operazioni'],
        produces: ['text/plain'],
        response: { 200: { type: 'string' }, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (token === null || metrics === null) throw ApiError.of(404, 'apiNotFound');
      if (!tokenMatches(request.headers.authorization, token)) {
        // Sent here, not thrown: the error handler would announce the session scheme (`Token`). The
        // route's types only know its 200 answer, hence the plain reply.
        return (reply as unknown as FastifyReply)
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('application/json; charset=utf-8')
          .send({ detail: formatMessage('apiMetricsUnauthorized') });
      }
      const text = await metrics.scrape();
      return reply.type(metrics.contentType).send(text);
    },
  );
}
