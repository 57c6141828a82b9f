/**
 * Prometheus metrics with prom-client, served at GET /metrics behind METRICS_TOKEN (routes/operations).
 * prom-client rather than fastify-metrics: the request histogram is labelled by the app's own route
 * name and URL pattern, the scrape reads the database, and the route is gated by the app's own token;
 * fastify-metrics would add its own route and registry handling around the same prom-client.
 *
 * - `welfare_http_request_duration_seconds{method, route, route_name, status_class}`: `route` is the
 *   URL pattern (`/api/marca_notifica_come_letta/:mess_id`, never the raw URL with its ids; `(none)`
 *   when nothing matched), `route_name` the call's `config.route` (config/routes.ts; empty for public
 *   and login-only calls);
 * - the database facts (services/operations.ts: job queue, outbox, ledger debits) are read from the
 *   database at scrape time, so every instance reports the same numbers; the pool is this process's;
 * - Node's own (event-loop lag, heap, GC, CPU) from prom-client's default metrics.
 *
 * One registry per app (tests build many apps in one process); nothing is registered when metrics are off.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readDatabaseFacts } from '../services/operations';

export interface AppMetrics {
  /** `Content-Type` of the scrape (Prometheus text format 0.0.4). */
  readonly contentType: string;
  /** Reads the database facts and renders every metric. */
  scrape(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when METRICS_TOKEN is unset. */
    metrics: AppMetrics | null;
  }
}

export interface MetricsPluginOptions {
  enabled: boolean;
}

/** Seconds; an API call is expected well under a second, an export or an upload may take several. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES: readonly string[] = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app: FastifyInstance, options) => {
    if (!options.enabled) {
      app.decorate('metrics', null);
      return;
    }
    const registers = [new Registry()];
    const [registry] = registers as [Registry];
    collectDefaultMetrics({ register: registry });

    const duration = new Histogram({
      name: 'welfare_http_request_duration_seconds',
      help: 'Durata delle richieste HTTP per route (pattern e nome della route) e classe di stato.',
      labelNames: ['method', 'route', 'route_name', 'status_class'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    // The histogram's child per route, method and status class, made once: prom-client would otherwise
    // build and hash the label set on every answer. Keyed by the route's config object (one per route).
    const children = new WeakMap<object, Map<string, ReturnType<typeof duration.labels>>>();
    const unmatched = {};
    app.addHook('onResponse', (request, reply, done) => {
      const options = request.routeOptions;
      const config = options.config ?? unmatched;
      const statusClass =
        STATUS_CLASSES[Math.floor(reply.statusCode / 100)] ?? `${Math.floor(reply.statusCode / 100)}xx`;
      const key = `${request.method} ${statusClass}`;
      let byKey = children.get(config);
      if (!byKey) children.set(config, (byKey = new Map()));
      let child = byKey.get(key);
      if (!child) {
        child = duration.labels({
          method: request.method,
          route: options.url ?? '(none)',
          route_name: options.config?.route ?? '',
          status_class: statusClass,
        });
        byKey.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });

    const pool = new Gauge({
      name: 'welfare_db_pool_clients',
      help: 'Connessioni al database di questo processo: total, idle, waiting (PGlite: la sua unica sessione e le query in coda).',
      labelNames: ['state'] as const,
      registers,
    });
    const databaseUp = new Gauge({
      name: 'welfare_metrics_database_up',
      help: '1 se questa lettura delle metriche ha interrogato il database, 0 se non ha risposto.',
      registers,
    });
    const jobs = new Gauge({
      name: 'welfare_job_queue_jobs',
      help: 'Job per coda e stato (created e retry: in attesa; active: in corso; failed: falliti nelle ultime 12 ore).',
      labelNames: ['queue', 'state'] as const,
      registers,
    });
    const outbox = new Gauge({
      name: 'welfare_outbox_mails',
      help:
        'Mail della outbox per stato (kept: conservate senza SMTP_URL; pending e sending: da inviare; ' +
        'sent: inviate; failed: rifiutate a ogni tentativo).',
      labelNames: ['state'] as const,
      registers,
    });
    const debits = new Counter({
      name: 'welfare_ledger_debits_total',
      help: 'Addebiti di acquisti registrati nel ledger (righe di purchases).',
      registers,
    });

    app.decorate('metrics', {
      contentType: registry.contentType,
      async scrape() {
        const stats = app.database.poolStats?.();
        pool.reset();
        if (stats) for (const [state, value] of Object.entries(stats)) pool.set({ state }, value);
        // Without an answer the facts keep the last values read (a counter dropping to 0 would read as a
        // reset to rate()); welfare_metrics_database_up says they are stale.
        try {
          const facts = await readDatabaseFacts(app.db);
          jobs.reset();
          for (const { queue, state, count } of facts.jobs) jobs.set({ queue, state }, count);
          outbox.reset();
          for (const { state, count } of facts.outboxMails) outbox.set({ state }, count);
          debits.reset();
          debits.inc(facts.ledgerDebits);
          databaseUp.set(1);
        } catch (error) {
          app.log.warn({ err: error }, 'metriche: database non raggiungibile');
          databaseUp.set(0);
        }
        return registry.metrics();
      },
    } satisfies AppMetrics);
  },
  { name: 'metrics' },
);
