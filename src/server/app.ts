/**
 * The app as a function: `buildApp(options)` returns a ready Fastify instance, so tests build it and
 * `inject()`, and server.ts only adds listen and shutdown. Options win over the environment.
 *
 * Plugins load outside in: external concerns (security headers, rate limit, OpenAPI), then the app's
 * own (schemas, errors, database, auth, access, mail, static files), then the routes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Transporter } from 'nodemailer';
import type { LevelWithSilent } from 'pino';
import { constants } from '../../config/constants';
import { formatMessage } from './messages';
import type { FormDeclaration } from '../../config/forms/types';
import { partnerProviders } from '../../config/partners';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import type { Database } from './db/connect';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { routes, type RouteRule } from '../../config/routes';
import { declaredReference, type ReferenceDeclarations } from './services/reference-data';
import {
  loadEnv,
  resolveAuthSecrets,
  resolveDemoMode,
  resolveMealVoucherSuppliers,
  resolvePartnerSecrets,
  resolvePushConfig,
  type AuthSecrets,
  type MealVoucherSupplierSecrets,
  type PartnerSecrets,
  type PushConfig,
  type ServerConfig,
} from './plugins/env';
import { errorHandlerPlugin } from './plugins/error-handler';
import { jobsPlugin, type JobsPluginOptions } from './plugins/jobs';
import { loadSheddingPlugin, type LoadSheddingOptions } from './plugins/load-shedding';
import { metricsPlugin } from './plugins/metrics';
import { mailPlugin } from './plugins/mail';
import { openApiPlugin } from './plugins/openapi';
import { DEFAULT_RATE_LIMIT, rateLimitPlugin } from './plugins/rate-limit';
import { buildSerializer, buildValidator, schemasPlugin } from './plugins/schemas';
import { applySecurityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { textGuardPlugin } from './plugins/text-guard';
import { staticPlugin } from './plugins/static';
import apiRoutes from './routes/index';
import operationsRoutes from './routes/operations/index';
import { filesPlugin } from './plugins/files';
import { resolveFileStoreKind, type FileStoreKind } from './services/file-store';
import { faqFrameSrc } from './services/faq';
import type { SupportCategory } from '../../config/support-categories';
import { buildPartnerRegistry, type ExtraPartners } from './services/partners';
import { withExtensions } from './extensions';
import type { DeclaredAppVoucherPage, DeclaredShowcase } from './routes/showcases/declared';
import type { TableDeclaration } from '../../config/tables/types';

export interface BuildAppOptions {
  /** Environment to read (default process.env); the options below win over it. */
  env?: Record<string, string | undefined>;
  dataDir?: string;
  /** PostgreSQL URL; null forces the embedded database even if DATABASE_URL is set. */
  databaseUrl?: string | null;
  /** Embedded database in memory (tests). */
  inMemory?: boolean;
  /** An already open database (the app does not close it). */
  database?: Database;
  demo?: boolean;
  /** In demo mode, load the demo data at start (default true); false when the database already holds it. */
  seedDemo?: boolean;
  /** Built portal folder (default: dist/ of the repository); null = API only. */
  staticDir?: string | null;
  /** false = silent; true or pino options = log; a logger instance is used as is. */
  logger?: boolean | FastifyServerOptions['logger'] | FastifyBaseLogger;
  publicUrl?: string | null;
  smtpUrl?: string | null;
  /** Ready nodemailer transport (tests). */
  mailTransport?: Transporter;
  /** Requests per window per client (default 300 a minute). */
  rateLimitMax?: number;
  rateLimitWindowMs?: number;
  /** Folder of uploaded documents (default <dataDir>/uploads; a temporary one for an in-memory app). */
  uploadsDir?: string;
  /**
   * Where files live instead of FILE_STORE (services/file-store.ts): `database` (default with a
   * PostgreSQL server) or `folder` (uploadsDir; default with the embedded database).
   */
  fileStore?: FileStoreKind;
  /** Request forms accepted besides config/forms (tests): a declaration and its payload schema. */
  extraForms?: readonly {
    declaration: FormDeclaration;
    schema: { $id: string; [keyword: string]: unknown };
  }[];
  /**
   * Route plugins registered in the API context besides the app's own (tests: a back-office call
   * registered outside the back-office plugin, or an undeclared call, must make buildApp fail).
   */
  extraRoutes?: readonly FastifyPluginAsync[];
  /** Purchases accepted besides config/purchases (tests): their declarations, no code. */
  extraPurchases?: readonly PurchaseDeclaration[];
  /** Partner pages (and their providers) served besides config/partners.ts (tests): declarations, no code. */
  extraPartners?: ExtraPartners;
  /** Support categories accepted besides config/support-categories.ts (tests: a fixture category). */
  extraSupportCategories?: readonly SupportCategory[];
  /** Showcase grids served besides config/showcases (tests): declarations naming a catalogue, no code. */
  extraShowcases?: readonly DeclaredShowcase[];
  /** App-voucher pages served besides config/showcases/app-vouchers.ts (tests): declarations, no code. */
  extraAppVoucherPages?: readonly DeclaredAppVoucherPage[];
  /** Tables besides config/tables (tests): a dataset source gets its generated call, no code. */
  extraTables?: readonly TableDeclaration[];
  /** Job queue timings (tests: a short expiry to see a cut-off job run again). */
  jobs?: JobsPluginOptions;
  /** Routes declared besides config/routes.ts (tests: a fixture route, gated and granted like a real one). */
  extraRouteRules?: Readonly<Record<string, RouteRule>>;
  /** Load shedding instead of the LOAD_SHED_* variables (tests: a tiny threshold); false = off. */
  loadShedding?: false | Partial<LoadSheddingOptions>;
  /** The grants written at start instead of config/permissions.ts (tests: a fixture route's grant). */
  grants?: Pick<ReferenceDeclarations, 'profiles' | 'customers'>;
  /**
   * Whether this instance's timer queues the daily reminders of expiring credit (routes/credit/reminders.ts);
   * default: on, except for an in-memory database or one handed in (tests run the job themselves).
   */
  expiryReminderTimer?: boolean;
}

export interface AppConfig extends ServerConfig, AuthSecrets {
  /** Per partner provider: its key and address, or null when disabled (plugins/env.ts). */
  partnerSecrets: PartnerSecrets;
  /** Per meal-voucher supplier: its key and address, or null when unset (plugins/env.ts). */
  mealVoucherSuppliers: MealVoucherSupplierSecrets;
  /** Web push (issue 28): on or off and the VAPID keys (plugins/env.ts `resolvePushConfig`). */
  push: PushConfig;
  staticDir: string | null;
  inMemory: boolean;
}

export interface RouteSummary {
  method: string;
  url: string;
  /** Its declared access (plugins/access.ts): public, login-only, its route name, back office. */
  config: Pick<FastifyContextConfig, 'public' | 'access' | 'route' | 'backOffice'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Every route registered, one entry per method (OpenAPI completeness, diagnostics). */
    routeList: readonly RouteSummary[];
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function packageVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { version?: string }).version ??
      '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
}

/** Options and environment folded into one checked configuration. */
export function resolveConfig(options: BuildAppOptions = {}): AppConfig {
  const source = options.env ?? process.env;
  const env = loadEnv(source);
  const databaseUrl = options.databaseUrl !== undefined ? options.databaseUrl : env.databaseUrl;
  const usesServer = Boolean(databaseUrl) && !options.inMemory;
  const demoFlag = options.demo !== undefined ? options.demo : source.DEMO?.trim() || undefined;
  const demo = resolveDemoMode(usesServer ? databaseUrl : null, demoFlag);
  return {
    ...env,
    ...resolveAuthSecrets(source, demo),
    partnerSecrets: resolvePartnerSecrets(source, demo, [
      ...partnerProviders,
      ...(options.extraPartners?.providers ?? []),
    ]),
    mealVoucherSuppliers: resolveMealVoucherSuppliers(source),
    push: resolvePushConfig(source, demo),
    dataDir: options.dataDir ?? env.dataDir,
    databaseUrl: usesServer ? (databaseUrl ?? null) : null,
    inMemory: options.inMemory ?? false,
    demo,
    publicUrl: options.publicUrl !== undefined ? options.publicUrl : env.publicUrl,
    smtpUrl: options.smtpUrl !== undefined ? options.smtpUrl : env.smtpUrl,
    staticDir: options.staticDir !== undefined ? options.staticDir : `${REPO_ROOT}dist`,
  };
}

/**
 * Paths and query parameters that carry a secret: the reset token of `/password-lost/<customer>/<token>`
 * (page and API), and the signed tickets of `/reconnect?d=`, `/token-login/...?t=`, `/login/...?token=`.
 */
const SECRET_PATH = /^(\/(?:api\/)?password[-_](?:lost|expired)(?:_reset)?\/)[^?#]*/;
const SECRET_QUERY = /([?&](?:d|t|token)=)[^&#]*/g;

/** The URL as it may be logged: secrets replaced by a placeholder. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[nascosto]').replace(SECRET_QUERY, '$1[nascosto]');
}

/** Pino options: never log secrets or bodies (Fastify logs method, url and status only). */
export function loggerOptions(level: LevelWithSilent) {
  return {
    level,
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[nascosto]',
    },
  };
}

export async function buildApp(given: BuildAppOptions = {}): Promise<FastifyInstance> {
  // The installation's forms and partners (config/extensions) with the caller's.
  const options = withExtensions(given);
  const config = resolveConfig(options);
  const logger = options.logger ?? false;
  const isInstance =
    typeof logger === 'object' && logger !== null && 'child' in logger && typeof logger.child === 'function';
  const app = Fastify({
    ...(isInstance
      ? { loggerInstance: logger as FastifyBaseLogger }
      : {
          logger:
            logger === true ? loggerOptions(config.logLevel) : (logger as FastifyServerOptions['logger']),
        }),
    bodyLimit: constants.maxJsonBodyBytes,
    // The client address (rate limits, logs): the socket's, or the proxy's header with TRUST_PROXY.
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // Errors raised by the router itself (a bad escape in the path, a path parameter over the length
    // limit) skip hooks and the error handler: they get the error shape and the headers here.
    frameworkErrors: (error, request, routerReply) => {
      // Typed by Fastify for the route generics it does not know here.
      const reply = routerReply as unknown as FastifyReply;
      applySecurityHeaders(request, reply, config.publicUrl, faqFrameSrc(config));
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send({ detail: formatMessage(tooLong ? 'apiUrlTooLong' : 'apiBadUrl') });
    },
    requestIdHeader: false,
    return503OnClosing: true,
    // Migrating and seeding a fresh embedded database can take a while on a slow or busy machine.
    pluginTimeout: 180_000,
    // Ajv 2020 validators (schemas/api are draft 2020-12); typed loosely by Fastify.
    schemaController: {
      compilersFactory: {
        buildValidator: buildValidator as never,
        buildSerializer: buildSerializer as never,
      },
    },
  }) as unknown as FastifyInstance;

  app.decorate('config', config);
  const routeList: RouteSummary[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const { public: isPublic, access, route: routeName, backOffice } = route.config ?? {};
    const config = { public: isPublic, access, route: routeName, backOffice };
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, config });
  });
  // JSON only (no text/plain): other content types get 415. An empty JSON body counts as no body.
  app.removeAllContentTypeParsers();
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });
  // Callback hooks where nothing is awaited: no promise and no extra tick on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // External concerns.
  await app.register(securityHeadersPlugin, { publicUrl: config.publicUrl, frameSrc: faqFrameSrc(config) });
  await app.register(rateLimitPlugin, {
    max: options.rateLimitMax ?? DEFAULT_RATE_LIMIT.max,
    timeWindowMs: options.rateLimitWindowMs ?? DEFAULT_RATE_LIMIT.timeWindowMs,
  });
  await app.register(openApiPlugin, { version: packageVersion(), publicUrl: config.publicUrl });
  // Operations (issue 27): shedding before any other work of a request; every answer timed, shed ones too.
  await app.register(loadSheddingPlugin, {
    ...config.operations,
    ...(options.loadShedding === false ? { maxEventLoopDelayMs: 0 } : options.loadShedding),
  });
  await app.register(metricsPlugin, { enabled: config.operations.metricsToken !== null });

  // The app's own plugins.
  await app.register(schemasPlugin, { extra: (options.extraForms ?? []).map((form) => form.schema) });
  await app.register(errorHandlerPlugin);
  await app.register(textGuardPlugin);
  const reference = declaredReference({ ...routes, ...options.extraRouteRules });
  await app.register(dbPlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemory,
    demo: config.demo,
    seed: options.seedDemo ?? true,
    reference: { ...reference, ...options.grants },
    ...(options.database ? { database: options.database } : {}),
  });
  await app.register(jobsPlugin, options.jobs ?? {});
  await app.register(authPlugin);
  await app.register(accessPlugin, {
    extraRouteRules: options.extraRouteRules ?? {},
    formRouteNames: [
      ...(options.extraForms ?? []).map((form) => form.declaration.route_name),
      ...(options.extraPurchases ?? []).map((purchase) => purchase.route_name),
      ...(options.extraPartners?.declarations ?? []).map((partner) => partner.route_name),
    ],
  });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    ...(options.mailTransport ? { transport: options.mailTransport } : {}),
  });
  await app.register(staticPlugin, { staticDir: config.staticDir });

  // Routes. Uploaded documents live outside every served folder; an in-memory app keeps them in a
  // temporary folder removed at close.
  let uploadsDir = options.uploadsDir;
  if (uploadsDir === undefined && config.inMemory) {
    const temporary = mkdtempSync(join(tmpdir(), 'welfare-uploads-'));
    app.addHook('onClose', async () => rmSync(temporary, { recursive: true, force: true }));
    uploadsDir = temporary;
  }
  try {
    // Every file through one store (issue 27): PostgreSQL itself with a server, else the uploads folder.
    await app.register(filesPlugin, {
      kind: options.fileStore ?? resolveFileStoreKind(config.fileStore, config.databaseUrl),
      uploadsDir: uploadsDir ?? join(config.dataDir, 'uploads'),
    });
    // Health probes and the metrics scrape: outside /api, no session (routes/operations).
    await app.register(operationsRoutes, { metricsToken: config.operations.metricsToken });
    await app.register(apiRoutes, {
      demo: config.demo,
      uploadsDir: uploadsDir ?? join(config.dataDir, 'uploads'),
      extraForms: options.extraForms ?? [],
      extraPurchases: options.extraPurchases ?? [],
      extraRoutes: options.extraRoutes ?? [],
      partners: buildPartnerRegistry(config.partnerSecrets, options.extraPartners),
      publicUrl: config.publicUrl,
      extraSupportCategories: options.extraSupportCategories ?? [],
      extraShowcases: options.extraShowcases ?? [],
      extraAppVoucherPages: options.extraAppVoucherPages ?? [],
      extraTables: options.extraTables ?? [],
      expiryReminderTimer: options.expiryReminderTimer ?? (!config.inMemory && !options.database),
    });
    await app.ready();
  } catch (error) {
    // A refused route declaration stops the start: the database opened above is closed, not leaked.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
