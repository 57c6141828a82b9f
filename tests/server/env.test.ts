import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/server/app';
import { ssoProviders } from '../../config/sso-providers';
import {
  DEMO_TICKET_SECRET,
  EnvError,
  loadEnv,
  resolveAuthSecrets,
  resolveDemoMode,
} from '../../src/server/plugins/env';

const SECRET = 'a-real-secret-of-at-least-32-characters-0123';

describe('resolveDemoMode (ARCHITECTURE §7)', () => {
  it('is on with the embedded database unless DEMO=0', () => {
    expect(resolveDemoMode(null, undefined)).toBe(true);
    expect(resolveDemoMode(undefined, '1')).toBe(true);
    expect(resolveDemoMode(null, '0')).toBe(false);
    expect(resolveDemoMode(null, false)).toBe(false);
  });

  it('is off with DATABASE_URL unless DEMO=1 is explicit', () => {
    expect(resolveDemoMode('postgres://x@h/db', undefined)).toBe(false);
    expect(resolveDemoMode('postgres://x@h/db', '0')).toBe(false);
    expect(resolveDemoMode('postgres://x@h/db', '1')).toBe(true);
    expect(resolveDemoMode('postgres://x@h/db', true)).toBe(true);
  });
});

describe('loadEnv', () => {
  it('applies the defaults', () => {
    const config = loadEnv({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: null,
      smtpUrl: null,
      demo: true,
      publicUrl: null,
      logLevel: 'info',
      trustProxy: false,
      supportEmail: null,
      faqUrl: null,
      externalLinks: {
        requestForm: null,
        newConvention: null,
        benefitHubSubscribe: null,
        benefitHubVideo: null,
      },
      operations: {
        maxEventLoopDelayMs: 1000,
        sampleIntervalMs: 1000,
        retryAfterSeconds: 10,
        metricsToken: null,
      },
      fileStore: null,
    });
  });

  it('reads every variable and treats empty values as unset', () => {
    const config = loadEnv({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/welfare',
      DATABASE_URL: 'postgresql://u:p@db:5432/welfare',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      DEMO: '',
      PUBLIC_URL: 'https://welfare.example.com/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.10',
      SUPPORT_EMAIL: 'assistenza@welfare.example.com',
      FAQ_URL: 'https://faq.example.com/welfare/',
      REQUEST_FORM_URL: 'https://convenzioni.example.com/richiesta',
      NEW_CONVENTION_URL: 'https://convenzioni.example.com/nuova',
      BENEFIT_HUB_SUBSCRIBE_URL: 'https://hub.example.com/iscrizione',
      BENEFIT_HUB_VIDEO_URL: 'https://hub.example.com/tutorial.mp4',
    });
    expect(config).toMatchObject({
      externalLinks: {
        requestForm: 'https://convenzioni.example.com/richiesta',
        newConvention: 'https://convenzioni.example.com/nuova',
        benefitHubSubscribe: 'https://hub.example.com/iscrizione',
        benefitHubVideo: 'https://hub.example.com/tutorial.mp4',
      },
      supportEmail: 'assistenza@welfare.example.com',
      faqUrl: 'https://faq.example.com/welfare/',
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/welfare',
      databaseUrl: 'postgresql://u:p@db:5432/welfare',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      demo: false,
      publicUrl: 'https://welfare.example.com',
      logLevel: 'warn',
      trustProxy: '10.0.0.0/8, 192.168.1.10',
    });
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ FILE_STORE: 'folder' }).fileStore).toBe('folder');
    expect(() => loadEnv({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE/);
    // A hop count is refused: Fastify ignores it (it cannot check the peer).
    expect(() => loadEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });

  it('names every bad variable in a readable Italian/English message', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'ottanta', DATABASE_URL: 'mysql://x', DEMO: 'yes', LOG_LEVEL: 'loud', HOST: 'ok' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const envError = error as EnvError;
    expect(envError.variables).toEqual(['DATABASE_URL', 'DEMO', 'LOG_LEVEL', 'PORT']);
    expect(envError.message).toContain("Variabili d'ambiente non valide");
    expect(envError.message).toContain('PORT="ottanta"');
    expect(envError.message).toContain('DATABASE_URL="mysql://x"');
    expect(envError.message).not.toContain('HOST');
  });

  it('refuses an out-of-range port and a PUBLIC_URL that is not http(s)', () => {
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadEnv({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ SUPPORT_EMAIL: 'assistenza' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadEnv({ FAQ_URL: 'javascript:alert(1)' })).toThrow(/FAQ_URL/);
    expect(() => loadEnv({ NEW_CONVENTION_URL: 'www.example.com' })).toThrow(/NEW_CONVENTION_URL/);
  });
});

describe('resolveConfig (options over environment)', () => {
  it('options win over the environment, and the demo rule follows the database in use', () => {
    const env = { DATABASE_URL: 'postgres://u@h/db', PORT: '1234', TICKET_SECRET: SECRET };
    expect(resolveConfig({ env })).toMatchObject({
      databaseUrl: 'postgres://u@h/db',
      demo: false,
      port: 1234,
    });
    expect(resolveConfig({ env, demo: true }).demo).toBe(true);
    expect(resolveConfig({ env, databaseUrl: null })).toMatchObject({ databaseUrl: null, demo: true });
    expect(resolveConfig({ env, inMemory: true })).toMatchObject({ databaseUrl: null, demo: true });
    expect(resolveConfig({ env: { TICKET_SECRET: SECRET }, demo: false }).demo).toBe(false);
    expect(resolveConfig({ env: { DEMO: '0', TICKET_SECRET: SECRET } }).demo).toBe(false);
  });

  it('fails on a bad environment even when options are given', () => {
    expect(() => resolveConfig({ env: { PORT: 'x' }, dataDir: '/tmp' })).toThrow(EnvError);
  });
});

describe('sign-in secrets (TICKET_SECRET, SSO providers)', () => {
  const [first, second] = ssoProviders;

  it('uses the public demo secrets in demo mode only', () => {
    const secrets = resolveAuthSecrets({}, true);
    expect(secrets.ticketSecret).toBe(DEMO_TICKET_SECRET);
    expect(secrets.ssoSecrets[first.slug]).toBe(first.demoSecret);
    expect(resolveConfig({ env: {} }).ticketSecret).toBe(DEMO_TICKET_SECRET);
  });

  it('requires TICKET_SECRET outside demo mode and disables SSO providers without their secret', () => {
    expect(() => resolveAuthSecrets({}, false)).toThrow(EnvError);
    expect(() => resolveConfig({ env: { DATABASE_URL: 'postgres://u@h/db' } })).toThrow(/TICKET_SECRET/);
    const secrets = resolveAuthSecrets({ TICKET_SECRET: SECRET, [first.secretEnv]: SECRET }, false);
    expect(secrets.ticketSecret).toBe(SECRET);
    expect(secrets.ssoSecrets[first.slug]).toBe(SECRET);
    expect(secrets.ssoSecrets[second.slug]).toBeNull();
  });

  it('refuses short secrets, naming the variable but never printing its value', () => {
    let error: unknown;
    try {
      resolveAuthSecrets({ TICKET_SECRET: 'corto', [second.secretEnv]: 'anche-questo' }, true);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).variables).toEqual([second.secretEnv, 'TICKET_SECRET'].sort());
    expect((error as EnvError).message).not.toContain('corto');
    expect((error as EnvError).message).not.toContain('anche-questo');
  });
});
