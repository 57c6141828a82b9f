import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll } from 'vitest';
import { messages as accountMessages } from '../../config/messages-account.it';
import { buildApp } from '../../src/server/app';
import { createSession } from '../../src/server/services/sessions';
import { chromiumArgs, findChromium } from '../../scripts/find-chromium.mjs';
import { clockOffset, restoreClock, startClockAt } from '../server/clock';
import { openPgliteCopy, seededAt } from '../server/templates';

/**
 * A real server for end-to-end tests: the Fastify app listening on a free loopback port, on a fresh
 * embedded database with the demo seed, serving the built portal from dist/. Sessions for a demo user
 * are made with the server's own session service (the login flows have their own tests).
 */
export interface E2eServer {
  baseUrl: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  login(email: string): Promise<string>;
  close(): Promise<void>;
}

/** A server other than the demo one: demo mode off on an empty database, or a portal built elsewhere. */
export interface E2eServerOptions {
  /** false: demo mode off, on a migrated database with nothing in it (the test provisions). Default true. */
  demo?: boolean;
  /** The built portal's folder (default dist/). */
  staticDir?: string;
  /** Run once the database is open, before the app starts (e.g. building the portal into `staticDir`). */
  beforeStart?: () => Promise<void>;
  /** Variables besides the process's (with demo mode off a TICKET_SECRET is made up if none is given). */
  env?: Record<string, string>;
}

export async function startServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  const demo = options.demo ?? true;
  const staticDir = options.staticDir ?? 'dist';
  if (!options.beforeStart && !existsSync(join(staticDir, 'index.html')))
    throw new Error(`${staticDir}/ manca: esegui \`npm run build\` prima dei test e2e.`);
  // Uploaded files go under dataDir; the database is an in-memory copy of the run's seeded template
  // (tests/server/templates.ts), so no file seeds the demo data again.
  const dataDir = mkdtempSync(join(tmpdir(), 'welfare-e2e-'));
  // The demo history counts its days from the seed's instant: the server's clock starts there
  // (server/clock.ts), and so does every browser context's (syncBrowserClock).
  if (demo) startClockAt(await seededAt());
  const database = await openPgliteCopy(demo ? 'demo' : 'empty');
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await options.beforeStart?.();
    app = await buildApp({
      database,
      dataDir,
      demo,
      seedDemo: false,
      staticDir,
      env: {
        ...process.env,
        ...(demo ? {} : { TICKET_SECRET: randomBytes(32).toString('hex') }),
        ...options.env,
      },
      logger: false,
      rateLimitMax: 10_000,
      // The browsers share this process's event loop: a loaded CI machine lags it past any threshold.
      // Shedding has its own test (tests/server/operations.test.ts).
      loadShedding: false,
    });
  } catch (error) {
    await database.close();
    restoreClock();
    throw error;
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('indirizzo del server non disponibile');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    login: (email) => createSession(app.db, email),
    async close() {
      await app.close();
      await database.close();
      restoreClock();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('Chromium non trovato: apt-get install chromium, oppure CHROMIUM_PATH.');
  return chromium.launch({ executablePath, args: chromiumArgs, headless: true });
}

/**
 * A browser context's clock, moved by the server's offset (server/clock.ts): every page's `Date` reads
 * the server's now, running. Only `Date`: Playwright's clock would fake the timers, animation frames
 * and `performance` too, and the portal's date pickers and selects then missed clicks now and then.
 * Call it before the context opens its first page.
 */
export async function syncBrowserClock(context: BrowserContext): Promise<void> {
  const offset = clockOffset();
  if (offset === 0) return;
  // The page's copy of server/clock.ts's ShiftedDate: an init script is sent as text and imports nothing.
  await context.addInitScript((shift: number) => {
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + shift);
        else super(...(args as [number]));
      }
      static override now(): number {
        return RealDate.now() + shift;
      }
      static override [Symbol.hasInstance](value: unknown): boolean {
        return value instanceof RealDate;
      }
    }
    // `Date()` called without `new` is today's date as text, as the real one gives.
    globalThis.Date = new Proxy(ShiftedDate, {
      apply: () => new ShiftedDate().toString(),
    }) as DateConstructor;
  }, offset);
}

/** A phone-sized context by default: the portal is mobile first. Its clock is the server's. */
export async function newContext(browser: Browser, baseURL: string, width = 360): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 740 : 900 },
    locale: 'it-IT',
  });
  await syncBrowserClock(context);
  return context;
}

/** Puts a session into sessionStorage the way the portal persists it, before the app boots. */
export async function seedSession(context: BrowserContext, token: string, customer: string): Promise<void> {
  await context.addInitScript(
    ([t, c]) => {
      // Frames without storage (opaque origins) have nothing to seed.
      try {
        if (sessionStorage.getItem('token') === null && !sessionStorage.getItem('__e2e_seeded')) {
          sessionStorage.setItem('__e2e_seeded', '1');
          sessionStorage.setItem('token', JSON.stringify(t));
          sessionStorage.setItem('is_logged', JSON.stringify(true));
          sessionStorage.setItem('customer', JSON.stringify(c));
          localStorage.setItem('wbcustomer', c!);
        }
      } catch {
        /* no storage in this frame */
      }
    },
    [token, customer],
  );
}

/**
 * Closes the home's info popup (acme has one, shown over /menu once per session and blocking every
 * click until its Ok) when it comes within `timeout` ms; true if it was there. Tests about other
 * things call it right after the home has loaded; the popup itself is tested in home.e2e.ts.
 */
export async function dismissInfoPopup(page: Page, timeout = 10_000): Promise<boolean> {
  const popup = page.getByRole('dialog', { name: accountMessages.infoPopupTitle });
  try {
    await popup.waitFor({ timeout });
  } catch {
    return false;
  }
  await popup.getByRole('button', { name: accountMessages.ok, exact: true }).click();
  await popup.waitFor({ state: 'hidden' });
  return true;
}

/** axe-core violations of a page (WCAG 2.1 AA rules). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

export const screenshotDir = '.tmp/screenshots';

/**
 * A test file's portal: the server (demo by default, `options` as startServer's) and a Chromium, both
 * started in parallel; `signIn` puts a session of `email` into a context before its first page.
 */
export interface Portal {
  readonly server: E2eServer;
  readonly browser: Browser;
  /** Signs `email` in on `customer` (acme by default) in `context`; returns the session token. */
  signIn(context: BrowserContext, email: string, customer?: string): Promise<string>;
  /** Closes the browser, then the server. */
  close(): Promise<void>;
}

export async function startPortal(options: E2eServerOptions = {}): Promise<Portal> {
  mkdirSync(screenshotDir, { recursive: true });
  const [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
  return {
    server,
    browser,
    async signIn(context, email, customer = 'acme') {
      const token = await server.login(email);
      await seedSession(context, token, customer);
      return token;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The portal of the calling test file: started in its beforeAll and closed in its afterAll. Its
 * `server` and `browser` stand for the started ones (so they can be destructured at the top of the
 * file) and are usable from the first hook or test on.
 */
export function usePortal(options: E2eServerOptions = {}): Portal {
  let portal: Portal | undefined;
  const started = (): Portal => {
    if (!portal) throw new Error('portale e2e non avviato: usePortal si usa dentro hook e test');
    return portal;
  };
  /** Reads go to the started portal's object (methods bound to it). */
  const delegate = <T extends object>(current: () => T): T =>
    new Proxy({} as T, {
      get(_target, key) {
        const target = current();
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  beforeAll(async () => {
    portal = await startPortal(options);
  });
  afterAll(async () => {
    await portal?.close();
  });
  return {
    server: delegate(() => started().server),
    browser: delegate(() => started().browser),
    signIn: (context, email, customer) => started().signIn(context, email, customer),
    close: () => started().close(),
  };
}
