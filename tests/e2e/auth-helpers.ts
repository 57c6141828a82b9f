/**
 * Helpers of the sign-in end-to-end tests: demo credentials, TOTP codes that respect the server's
 * "never the same 30-s step twice" rule, the demo outbox, the operator's signed links, and the few
 * steps of the login form every flow goes through.
 */
import { createHash } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '../../config/messages-api.it';
import { runAdmin } from '../../src/server/admin';
import { afterEach, expect } from 'vitest';
import { newContext, type E2eServer, type Portal } from './harness';

/** Every demo user's password (ARCHITECTURE.md §8). */
export const DEMO_PASSWORD = 'Welfare!2026';

/** TOTP secrets of the seeded demo users (ARCHITECTURE.md §8). */
export const TOTP_SECRETS = {
  mario: 'AGZACCMVTYGVEVCVFMPR5M3TNZ7XNOFN',
  laura: '4O6MPI2SDZCLF2RE5ZNLJ5ZRGCIBRD5F',
  anna: 'VWREACPMWYZ34NB2STLL3G3SOHMZI3BN',
} as const;

const PERIOD_MS = 30_000;

const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

export function totpAt(secret: string, step: number): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: step * PERIOD_MS });
}

/**
 * TOTP codes for one test file. The server refuses a step it has already accepted for the user (and
 * any earlier one), so every code handed out here is of a step later than the last one handed out
 * for the same secret: when the current step was used, this waits for the next one (at most 30 s;
 * the only sleep the suite allows itself).
 */
export class TotpClock {
  private readonly lastStep = new Map<string, number>();

  async code(secret: string): Promise<string> {
    const last = this.lastStep.get(secret);
    if (last !== undefined && currentStep() <= last) {
      const wait = (last + 1) * PERIOD_MS - Date.now() + 100;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const step = currentStep();
    this.lastStep.set(secret, step);
    return totpAt(secret, step);
  }

  /** A code that is neither the current nor the previous step's: certainly wrong. */
  wrongCode(secret: string): string {
    const taken = new Set(
      [currentStep(), currentStep() - 1, currentStep() + 1].map((s) => totpAt(secret, s)),
    );
    for (let n = 123456; ; n = (n + 1) % 1_000_000) {
      const code = String(n).padStart(6, '0');
      if (!taken.has(code)) return code;
    }
  }
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created: string;
}

/** The demo outbox of one address, newest first. */
export async function outbox(server: E2eServer, to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`);
  return (await response.json()) as OutboxMail[];
}

/** Id of the newest mail of an address (0 if none): mails after it are "new". */
export async function lastMailId(server: E2eServer, to: string): Promise<number> {
  return (await outbox(server, to))[0]?.id ?? 0;
}

/** The newest mail to `to` after mail `after` with this subject; polls the outbox until it comes. */
export async function waitForMail(
  server: E2eServer,
  to: string,
  options: { after: number; subject: string },
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(server, to)).find(
      (m) => m.id > options.after && m.subject === options.subject,
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`nessuna mail "${options.subject}" a ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit code of a code mail. */
export function mailedCode(mail: OutboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`nessun codice nella mail: ${mail.text}`);
  return code;
}

/** The first link of a mail that contains `path` (e.g. `/password-lost/`). */
export function mailedLink(mail: OutboxMail, path: string): string {
  const link = mail.text.split(/\s+/).find((word) => /^https?:\/\//.test(word) && word.includes(path));
  if (!link) throw new Error(`nessun collegamento ${path} nella mail: ${mail.text}`);
  return link;
}

/**
 * Runs an operator command of `npm run admin` (sso-token, reconnect-link, token-link) against the
 * test server's database and secrets, and returns the URL it prints (pointing at the test server).
 */
export async function adminUrl(server: E2eServer, argv: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    db: server.app.db,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    links: {
      ticketSecret: server.app.config.ticketSecret,
      ssoSecrets: server.app.config.ssoSecrets,
      baseUrl: server.baseUrl,
    },
  });
  if (code !== 0) throw new Error(`admin ${argv.join(' ')}: ${err.join('\n')}`);
  const url = out.filter((line) => line.startsWith(`${server.baseUrl}/`)).at(-1);
  if (!url) throw new Error(`admin ${argv.join(' ')}: nessun URL in ${out.join('\n')}`);
  return url;
}

/** `akey` of api-token-ckey, built like the portal does (ARCHITECTURE.md §5). */
export function akeyOf(email: string, password: string): string {
  const digest = createHash('sha256').update(password, 'utf8').digest('hex');
  return Buffer.from(JSON.stringify({ username: email, password: digest }), 'utf8').toString('base64url');
}

/** A field's label as Mantine renders it: the text, then " *" when the field is required. */
export function fieldLabel(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
}

/** The login form: e-mail, password, "Accedi". */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(messages.loginUsername).fill(email);
  await page.getByLabel(fieldLabel(messages.loginPassword)).fill(password);
  await page.getByRole('button', { name: messages.loginSubmit }).click();
}

/** The code step: waits for it, types the code, "Verifica e accedi". */
export async function submitLoginCode(page: Page, code: string): Promise<void> {
  const form = page.getByRole('form', { name: messages.loginCodeTitle });
  await form.getByLabel(messages.loginCodeLabel).fill(code);
  await form.getByRole('button', { name: messages.loginCodeSubmit }).click();
}

/** The backend error box ('Errore.') with a message; closes it. */
export async function expectErrorBox(page: Page, text: string): Promise<void> {
  const box = page.getByRole('dialog', { name: messages.backendErrorTitle });
  await box.getByText(text, { exact: true }).waitFor();
  await box.getByRole('button', { name: messages.close, exact: true }).click();
  await box.waitFor({ state: 'detached' });
}

/** The session token the portal keeps in sessionStorage (`token`, JSON), or null. */
export async function storedToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate(() => sessionStorage.getItem('token'));
  return raw === null ? null : (JSON.parse(raw) as string | null);
}

/**
 * The browser contexts of one test (phone-sized, see harness `newContext`), closed after it even when
 * it fails, and the uncaught errors of their pages: a crash of the portal must fail the test.
 */
export class TestContexts {
  private contexts: BrowserContext[] = [];
  /** Uncaught page errors since the last `closeAll()`. */
  errors: string[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly baseUrl: () => string,
  ) {}

  /** A new context, phone-sized unless `width` says otherwise. */
  async context(width?: number): Promise<BrowserContext> {
    const context = await newContext(this.browser(), this.baseUrl(), width);
    this.contexts.push(context);
    context.on('weberror', (error) => this.errors.push(String(error.error())));
    return context;
  }

  async page(width?: number): Promise<Page> {
    return (await this.context(width)).newPage();
  }

  /** Closes the test's contexts and returns (and forgets) the errors they met. */
  async closeAll(): Promise<string[]> {
    await Promise.all(this.contexts.map((c) => c.close()));
    this.contexts = [];
    const errors = this.errors;
    this.errors = [];
    return errors;
  }
}

/**
 * The test file's contexts on `portal`: after each test they are closed, and the test fails on the
 * uncaught page errors they met (`message` says what the failure is about).
 */
export function useContexts(portal: Pick<Portal, 'browser' | 'server'>, message?: string): TestContexts {
  const contexts = new TestContexts(
    () => portal.browser,
    () => portal.server.baseUrl,
  );
  afterEach(async () => {
    expect(await contexts.closeAll(), message).toEqual([]);
  });
  return contexts;
}

/** Waits for running CSS transitions and animations (modal fade-ins) before axe or a screenshot. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Mantine starts a transition a frame after mounting: wait two frames, then for every finite
    // animation running, and again until none is left (a loader's endless spin is not waited for).
    for (let round = 0; round < 10; round += 1) {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const running = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}
