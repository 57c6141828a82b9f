/**
 * Environment of the server, validated once at start (ajv): a bad variable stops the start with a
 * message naming it, in Italian and English, instead of a failure later on.
 */
import { Ajv, type ErrorObject } from 'ajv';
import type { LevelWithSilent } from 'pino';
import {
  mealVoucherSupplierConnections,
  type MealVoucherSupplierConnection,
} from '../../../config/meal-voucher-suppliers';
import { partnerProviders, type PartnerProvider } from '../../../config/partners';
import { ssoProviders } from '../../../config/sso-providers';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL; null = embedded PGlite under dataDir/pglite. */
  databaseUrl: string | null;
  smtpUrl: string | null;
  demo: boolean;
  publicUrl: string | null;
  logLevel: LevelWithSilent;
  /**
   * Fastify's `trustProxy`: false (default: the client address is the socket's), the addresses/CIDRs of
   * the load balancers (comma-separated), or true (any peer: only when nothing but the balancer can reach
   * the server). Hop counts are not offered: Fastify cannot check the peer with them and ignores them.
   */
  trustProxy: boolean | string;
  // Support and content pages (issue 15)
  /** Where support requests are mailed (SUPPORT_EMAIL); demo mode: assistenza@example.com. */
  supportEmail: string | null;
  /** The address site-faq frames (FAQ_URL); demo mode: the FAQ page this server serves. */
  faqUrl: string | null;
  /**
   * Addresses of the outside world, per installation (services/external-links.ts): unset, the button
   * that would open one is hidden; in demo mode the demo pages this server serves stand in.
   */
  externalLinks: {
    /** conv-request-form: the on-demand conventions request form (REQUEST_FORM_URL). */
    requestForm: string | null;
    /** The back office's "request a new convention" (NEW_CONVENTION_URL). */
    newConvention: string | null;
    /** benefit-hub: subscription (BENEFIT_HUB_SUBSCRIBE_URL) and tutorial video (BENEFIT_HUB_VIDEO_URL). */
    benefitHubSubscribe: string | null;
    benefitHubVideo: string | null;
  };
  // Operations (issue 27)
  /** Load shedding (plugins/load-shedding.ts) and the Prometheus scrape (plugins/metrics.ts). */
  operations: {
    /** 503 to new requests while the event loop lags beyond this (LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS; 0 = off). */
    maxEventLoopDelayMs: number;
    /** How often the lag is measured (LOAD_SHED_SAMPLE_INTERVAL_MS). */
    sampleIntervalMs: number;
    /** The `Retry-After` of a shed request, in seconds (LOAD_SHED_RETRY_AFTER_SECONDS). */
    retryAfterSeconds: number;
    /** Bearer token of GET /metrics (METRICS_TOKEN); null = the route is not served. */
    metricsToken: string | null;
  };
  /** Where files live (FILE_STORE, services/file-store.ts); null = by the database (database with DATABASE_URL). */
  fileStore: 'database' | 'folder' | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What each variable must be, said for people (used in the error message). */
const EXPECTED: Record<string, string> = {
  PORT: 'un intero tra 1 e 65535 / an integer between 1 and 65535',
  HOST: 'un indirizzo o nome host / a host name or address',
  DATA_DIR: 'un percorso di cartella / a folder path',
  DATABASE_URL: 'un URL postgres:// o postgresql:// / a postgres:// URL',
  SMTP_URL: 'un URL smtp:// o smtps:// / an smtp:// URL',
  DEMO: "'1' oppure '0' / '1' or '0'",
  PUBLIC_URL: 'un URL http:// o https:// senza spazi / an http(s):// URL',
  LOG_LEVEL: LOG_LEVELS.join(', '),
  TRUST_PROXY:
    "'false', 'true' o indirizzi/CIDR dei proxy separati da virgole / " +
    "'false', 'true' or comma-separated proxy addresses/CIDRs",
  // Support and content pages (issue 15)
  SUPPORT_EMAIL: 'un indirizzo e-mail / an e-mail address',
  FAQ_URL: 'un URL http:// o https:// / an http(s):// URL',
  REQUEST_FORM_URL: 'un URL http:// o https:// / an http(s):// URL',
  NEW_CONVENTION_URL: 'un URL http:// o https:// / an http(s):// URL',
  BENEFIT_HUB_SUBSCRIBE_URL: 'un URL http:// o https:// / an http(s):// URL',
  BENEFIT_HUB_VIDEO_URL: 'un URL http:// o https:// / an http(s):// URL',
  // Operations (issue 27)
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS:
    'un intero tra 0 (spento) e 60000 / an integer between 0 (off) and 60000',
  LOAD_SHED_SAMPLE_INTERVAL_MS: 'un intero tra 10 e 60000 / an integer between 10 and 60000',
  LOAD_SHED_RETRY_AFTER_SECONDS: 'un intero tra 1 e 3600 / an integer between 1 and 3600',
  FILE_STORE: "'database' oppure 'folder' / 'database' or 'folder'",
  METRICS_TOKEN:
    'almeno 32 caratteri senza spazi (valore non mostrato) / at least 32 characters without spaces (value not shown)',
};

/** An http(s) address: scheme, host, an optional path, no spaces. */
const HTTP_URL = { type: 'string', pattern: '^https?://[^\\s/?#]+(/[^\\s]*)?$' } as const;

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 1, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, pattern: '^[^\\s/]+$', default: '0.0.0.0' },
    DATA_DIR: { type: 'string', minLength: 1, default: './data' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://\\S+$' },
    SMTP_URL: { type: 'string', pattern: '^smtps?://\\S+$' },
    DEMO: { type: 'string', enum: ['0', '1'] },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^\\s/]+(/\\S*)?$' },
    LOG_LEVEL: { type: 'string', enum: LOG_LEVELS, default: 'info' },
    TRUST_PROXY: {
      type: 'string',
      pattern: '^(true|false|[0-9a-fA-F.:/]*[.:][0-9a-fA-F.:/]*( *, *[0-9a-fA-F.:/]*[.:][0-9a-fA-F.:/]*)*)$',
    },
    // Support and content pages (issue 15)
    SUPPORT_EMAIL: { type: 'string', pattern: '^[^\\s@<>,;"]+@[^\\s@<>,;"]+\\.[^\\s@<>,;"]+$' },
    FAQ_URL: HTTP_URL,
    REQUEST_FORM_URL: HTTP_URL,
    NEW_CONVENTION_URL: HTTP_URL,
    BENEFIT_HUB_SUBSCRIBE_URL: HTTP_URL,
    BENEFIT_HUB_VIDEO_URL: HTTP_URL,
    // Operations (issue 27)
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: { type: 'integer', minimum: 0, maximum: 60_000, default: 1000 },
    LOAD_SHED_SAMPLE_INTERVAL_MS: { type: 'integer', minimum: 10, maximum: 60_000, default: 1000 },
    LOAD_SHED_RETRY_AFTER_SECONDS: { type: 'integer', minimum: 1, maximum: 3600, default: 10 },
    METRICS_TOKEN: { type: 'string', minLength: 32, pattern: '^\\S+$' },
    FILE_STORE: { type: 'string', enum: ['database', 'folder'] },
  },
} as const;

/** Variables whose value a start-up error must not print. */
const SECRET_VARIABLES = new Set(['METRICS_TOKEN']);

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true });
const validate = ajv.compile(schema);

export class EnvError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'EnvError';
  }
}

/**
 * Demo mode (ARCHITECTURE.md §7): on with the embedded database unless DEMO=0; off whenever
 * DATABASE_URL is set unless DEMO=1 is given explicitly.
 */
export function resolveDemoMode(
  databaseUrl: string | null | undefined,
  demo: string | boolean | null | undefined,
): boolean {
  if (demo === true || demo === '1') return true;
  if (demo === false || demo === '0') return false;
  return !databaseUrl;
}

/** Reads and checks the environment; throws EnvError listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): ServerConfig {
  // Empty values count as unset (docker-compose and .env files often leave them empty).
  const input: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = source[name]?.trim();
    if (value) input[name] = value;
  }
  const data: Record<string, unknown> = { ...input };
  if (!validate(data)) {
    const names = [...new Set((validate.errors ?? []).map(variableOf))].sort();
    const lines = names.map(
      (name) =>
        `  - ${name}=${SECRET_VARIABLES.has(name) ? '[nascosto]' : JSON.stringify(input[name] ?? '')}: atteso / expected ${EXPECTED[name] ?? 'un valore valido'}`,
    );
    throw new EnvError(
      names,
      `Variabili d'ambiente non valide / invalid environment variables:\n${lines.join('\n')}`,
    );
  }
  const databaseUrl = (data.DATABASE_URL as string | undefined) ?? null;
  return {
    port: data.PORT as number,
    host: data.HOST as string,
    dataDir: data.DATA_DIR as string,
    databaseUrl,
    smtpUrl: (data.SMTP_URL as string | undefined) ?? null,
    demo: resolveDemoMode(databaseUrl, data.DEMO as string | undefined),
    publicUrl: ((data.PUBLIC_URL as string | undefined) ?? '').replace(/\/+$/, '') || null,
    logLevel: data.LOG_LEVEL as LevelWithSilent,
    trustProxy: parseTrustProxy(data.TRUST_PROXY),
    supportEmail: (data.SUPPORT_EMAIL as string | undefined) ?? null,
    faqUrl: (data.FAQ_URL as string | undefined) ?? null,
    externalLinks: {
      requestForm: (data.REQUEST_FORM_URL as string | undefined) ?? null,
      newConvention: (data.NEW_CONVENTION_URL as string | undefined) ?? null,
      benefitHubSubscribe: (data.BENEFIT_HUB_SUBSCRIBE_URL as string | undefined) ?? null,
      benefitHubVideo: (data.BENEFIT_HUB_VIDEO_URL as string | undefined) ?? null,
    },
    operations: {
      maxEventLoopDelayMs: data.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS as number,
      sampleIntervalMs: data.LOAD_SHED_SAMPLE_INTERVAL_MS as number,
      retryAfterSeconds: data.LOAD_SHED_RETRY_AFTER_SECONDS as number,
      metricsToken: (data.METRICS_TOKEN as string | undefined) ?? null,
    },
    fileStore: (data.FILE_STORE as 'database' | 'folder' | undefined) ?? null,
  };
}

function parseTrustProxy(value: unknown): boolean | string {
  const text = value === undefined ? 'false' : String(value);
  if (text === 'false') return false;
  if (text === 'true') return true;
  return text;
}

function variableOf(error: ErrorObject): string {
  return error.instancePath.replace(/^\//, '') || String(error.params.missingProperty ?? '?');
}

/** Secrets that sign links (reconnection, token login) and check SSO tokens. */
export interface AuthSecrets {
  /** HMAC key of the reconnection and token-login tickets (TICKET_SECRET). */
  ticketSecret: string;
  /** Per SSO provider slug: its secret, or null when the provider is disabled. */
  ssoSecrets: Record<string, string | null>;
}

/**
 * Public development value of TICKET_SECRET: used only in demo mode, where the server and the admin
 * CLI must agree on it without configuration.
 */
export const DEMO_TICKET_SECRET = 'demo-ticket-secret-0123456789abcdef-non-per-produzione';
const MIN_SECRET_LENGTH = 32;
const SECRET_EXPECTED = `una stringa casuale di almeno ${MIN_SECRET_LENGTH} caratteri / a random string of at least ${MIN_SECRET_LENGTH} characters`;

/**
 * TICKET_SECRET and the SSO provider secrets (config/sso-providers.ts), checked:
 * - TICKET_SECRET is required outside demo mode (several instances, and the admin CLI, must sign and
 *   check with the same key; a random per-process key would break them), at least 32 characters;
 *   in demo mode it defaults to DEMO_TICKET_SECRET;
 * - an SSO provider's variable, when set, must be at least 32 characters; unset, the provider uses its
 *   demo secret in demo mode and is disabled otherwise.
 */
export function resolveAuthSecrets(source: Record<string, string | undefined>, demo: boolean): AuthSecrets {
  const bad: string[] = [];
  const lines: string[] = [];
  const read = (name: string, required: boolean): string | null => {
    const value = source[name]?.trim() || null;
    if ((value === null && required) || (value !== null && value.length < MIN_SECRET_LENGTH)) {
      bad.push(name);
      const why =
        value === null ? ' (obbligatoria fuori dalla modalità demo / required outside demo mode)' : '';
      lines.push(`  - ${name}: atteso / expected ${SECRET_EXPECTED}${why}`);
    }
    return value;
  };
  const ticket = read('TICKET_SECRET', !demo);
  const ssoSecrets: Record<string, string | null> = {};
  for (const provider of ssoProviders) {
    ssoSecrets[provider.slug] = read(provider.secretEnv, false) ?? (demo ? provider.demoSecret : null);
  }
  if (bad.length > 0) {
    throw new EnvError(
      bad.sort(),
      `Variabili d'ambiente non valide / invalid environment variables:\n${lines.join('\n')}`,
    );
  }
  return { ticketSecret: ticket ?? DEMO_TICKET_SECRET, ssoSecrets };
}

/** A partner provider's secret and login address; `url` null = the demo partner of this server. */
export interface PartnerSecret {
  key: string;
  url: string | null;
}

/** Per partner provider id: its secret and address, or null when the provider is disabled. */
export type PartnerSecrets = Record<string, PartnerSecret | null>;

const PARTNER_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;

/**
 * The partner providers' variables (config/partners.ts): `keyEnv` (at least 32 characters) and `urlEnv`
 * (an http(s):// address). A bad value stops the start. In demo mode a provider without its variables
 * uses its public demo key and the demo partner; outside demo mode a provider needs both, else it is
 * disabled (its pages answer 503, its charge calls 401).
 */
export function resolvePartnerSecrets(
  source: Record<string, string | undefined>,
  demo: boolean,
  providers: readonly PartnerProvider[] = partnerProviders,
): PartnerSecrets {
  const bad: string[] = [];
  const lines: string[] = [];
  const secrets: PartnerSecrets = {};
  for (const provider of providers) {
    const key = source[provider.keyEnv]?.trim() || null;
    const url = source[provider.urlEnv]?.trim().replace(/\/+$/, '') || null;
    if (key !== null && key.length < MIN_SECRET_LENGTH) {
      bad.push(provider.keyEnv);
      lines.push(`  - ${provider.keyEnv}: atteso / expected ${SECRET_EXPECTED}`);
    }
    if (url !== null && !PARTNER_URL.test(url)) {
      bad.push(provider.urlEnv);
      lines.push(`  - ${provider.urlEnv}: atteso / expected ${EXPECTED.PUBLIC_URL}`);
    }
    if (key !== null && url !== null) secrets[provider.id] = { key, url };
    else if (demo) secrets[provider.id] = { key: key ?? provider.demoKey, url };
    else secrets[provider.id] = null;
  }
  if (bad.length > 0) {
    throw new EnvError(
      bad.sort(),
      `Variabili d'ambiente non valide / invalid environment variables:\n${lines.join('\n')}`,
    );
  }
  return secrets;
}

/** A meal-voucher supplier's shared key and the base address of its service. */
export interface MealVoucherSupplierSecret {
  key: string;
  url: string;
}

/** Per supplier code: its key and address, or null when its variables are unset. */
export type MealVoucherSupplierSecrets = Record<string, MealVoucherSupplierSecret | null>;

/** An http(s) base address: no credentials, query or fragment (paths are appended to it). */
const SUPPLIER_URL = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/;

/**
 * The meal-voucher suppliers' variables (config/meal-voucher-suppliers.ts): `keyEnv` (at least 32
 * characters) and `urlEnv` (an http(s):// base address), both or neither. A bad value, or one set
 * without the other, stops the start naming the variable. Unset, the supplier is null: the demo supplier
 * in demo mode, none outside it (services/meal-voucher-supplier.ts `mealVoucherSupplierFor`).
 */
export function resolveMealVoucherSuppliers(
  source: Record<string, string | undefined>,
  connections: Readonly<Record<string, MealVoucherSupplierConnection>> = mealVoucherSupplierConnections,
): MealVoucherSupplierSecrets {
  const bad: string[] = [];
  const lines: string[] = [];
  const secrets: MealVoucherSupplierSecrets = {};
  for (const [code, connection] of Object.entries(connections)) {
    const key = source[connection.keyEnv]?.trim() || null;
    const url = source[connection.urlEnv]?.trim().replace(/\/+$/, '') || null;
    if (key !== null && key.length < MIN_SECRET_LENGTH) {
      bad.push(connection.keyEnv);
      lines.push(`  - ${connection.keyEnv}: atteso / expected ${SECRET_EXPECTED}`);
    }
    if (url !== null && !SUPPLIER_URL.test(url)) {
      bad.push(connection.urlEnv);
      lines.push(
        `  - ${connection.urlEnv}: atteso / expected un URL http:// o https:// senza credenziali né query / ` +
          'an http(s):// URL without credentials or query',
      );
    }
    // One without the other is a half-done configuration: say which one is missing.
    if ((key === null) !== (url === null)) {
      const [missing, given] =
        key === null ? [connection.keyEnv, connection.urlEnv] : [connection.urlEnv, connection.keyEnv];
      bad.push(missing);
      lines.push(`  - ${missing}: mancante, ${given} è impostata / missing, ${given} is set`);
    }
    secrets[code] = key !== null && url !== null ? { key, url } : null;
  }
  if (bad.length > 0) {
    throw new EnvError(
      bad.sort(),
      `Variabili d'ambiente non valide / invalid environment variables:\n${lines.join('\n')}`,
    );
  }
  return secrets;
}

/** Web push (issue 28, services/push.ts): on or off, and the VAPID keys it signs with. */
export interface PushConfig {
  /** Whether the portal offers push: subscriptions are accepted and notices are pushed. */
  enabled: boolean;
  /** The VAPID key pair (base64url: the public key 65 bytes, the private key 32); null when off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
}

/**
 * Public development VAPID pair, used only in demo mode when VAPID_* are unset (like DEMO_TICKET_SECRET):
 * anyone may read it, so outside demo mode it is never used.
 */
export const DEMO_VAPID_KEYS = {
  publicKey: 'BBHqvdWN9EMIN81rw12FfXOt104-2KQZVY8RtEkdB3ThcqoJpUw8rwx7Z5d50VOuJhnW8PkOmUl6d8-gPeMW_B0',
  privateKey: 'Nqin6S-QsAkzLIU63nSjF7JDB0mPWDiQmAG0lOdvxHw',
  subject: 'mailto:assistenza@example.com',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Bytes of a base64url text, or null when it is not one. */
function base64urlBytes(text: string): Buffer | null {
  return BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null;
}

/**
 * PUSH_ENABLED ('1' / '0'), VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, checked:
 * - unset PUSH_ENABLED: push is on when the keys are set, and in demo mode (with DEMO_VAPID_KEYS
 *   when they are not); PUSH_ENABLED=0 turns it off whatever is set;
 * - push on outside demo mode needs both keys and the subject (a mailto: or https: address the push
 *   services may write to): without them the start stops naming what is missing;
 * - a key set must be a P-256 key in base64url (public 65 bytes uncompressed, private 32 bytes), one
 *   key without the other stops the start (`npx web-push generate-vapid-keys` makes a pair).
 */
export function resolvePushConfig(source: Record<string, string | undefined>, demo: boolean): PushConfig {
  const read = (name: string) => source[name]?.trim() || null;
  const flag = read('PUSH_ENABLED');
  const publicKey = read('VAPID_PUBLIC_KEY');
  const privateKey = read('VAPID_PRIVATE_KEY');
  const subject = read('VAPID_SUBJECT');
  const bad: string[] = [];
  const lines: string[] = [];
  const fail = (name: string, why: string) => {
    bad.push(name);
    lines.push(`  - ${name}: ${why}`);
  };
  if (flag !== null && flag !== '0' && flag !== '1')
    fail('PUSH_ENABLED', `atteso / expected ${EXPECTED.DEMO}`);
  const enabled = flag === '1' || (flag === null && (demo || publicKey !== null || privateKey !== null));
  const publicBytes = publicKey === null ? null : base64urlBytes(publicKey);
  if (publicKey !== null && (publicBytes?.length !== 65 || publicBytes[0] !== 4)) {
    fail(
      'VAPID_PUBLIC_KEY',
      'atteso / expected una chiave pubblica P-256 in base64url (65 byte) / a P-256 public key in base64url (65 bytes)',
    );
  }
  if (privateKey !== null && base64urlBytes(privateKey)?.length !== 32) {
    fail(
      'VAPID_PRIVATE_KEY',
      'atteso / expected una chiave privata P-256 in base64url (32 byte, valore non mostrato) / ' +
        'a P-256 private key in base64url (32 bytes, value not shown)',
    );
  }
  if (subject !== null && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+(\/\S*)?)$/.test(subject)) {
    fail(
      'VAPID_SUBJECT',
      'atteso / expected un indirizzo mailto: o https:// / a mailto: or https:// address',
    );
  }
  if (enabled && (publicKey === null) !== (privateKey === null)) {
    const [missing, given] =
      publicKey === null
        ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']
        : ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'];
    fail(missing, `mancante, ${given} è impostata / missing, ${given} is set`);
  }
  if (enabled && !demo) {
    const why =
      'obbligatoria con le notifiche push attive fuori dalla modalità demo (PUSH_ENABLED=0 le spegne) / ' +
      'required when push is on outside demo mode (PUSH_ENABLED=0 turns it off)';
    if (publicKey === null && privateKey === null) {
      fail('VAPID_PUBLIC_KEY', why);
      fail('VAPID_PRIVATE_KEY', why);
    }
    if (subject === null) fail('VAPID_SUBJECT', why);
  }
  if (bad.length > 0) {
    throw new EnvError(
      [...new Set(bad)].sort(),
      `Variabili d'ambiente non valide / invalid environment variables:\n${lines.join('\n')}`,
    );
  }
  if (!enabled) return { enabled: false, vapid: null };
  return {
    enabled: true,
    vapid:
      publicKey !== null && privateKey !== null
        ? { publicKey, privateKey, subject: subject ?? DEMO_VAPID_KEYS.subject }
        : { ...DEMO_VAPID_KEYS },
  };
}
