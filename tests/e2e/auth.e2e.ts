/**
 * Sign-in flows through the real portal in Chromium at 360 px (spec 000 §4, ARCHITECTURE.md §7):
 * password + TOTP, password + mailed code, first enrolment with the consent modals, wrong, replayed
 * and locked attempts, single sign-on, the signed links, logout and the idle-expired session.
 * The password pages (expired and lost) are in auth-password.e2e.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { hashToken } from '../../src/server/services/sessions';
import {
  adminUrl,
  akeyOf,
  DEMO_PASSWORD,
  expectErrorBox,
  fieldLabel,
  lastMailId,
  mailedCode,
  settle,
  storedToken,
  submitCredentials,
  submitLoginCode,
  TotpClock,
  TOTP_SECRETS,
  waitForMail,
  useContexts,
} from './auth-helpers';
import { axeViolations, screenshotDir, seedSession, usePortal } from './harness';

const portal = usePortal();
const { server } = portal;
const totp = new TotpClock();
const tests = useContexts(portal, 'errori non gestiti nella pagina');

const newPage = () => tests.page();

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

const GIULIA = 'giulia.verdi@example.com';
const MARIO = 'mario.rossi@example.com';
const LUCA = 'luca.neri@example.com';

/** The user's link in the navbar ("Nome Cognome (Profilo)"): the session is open and shown. */
const navbarUser = (page: Page, fullName: string) =>
  page.getByRole('link', { name: `${fullName} (${messages.navProfile})` });

const loginCodeSubject = messages.apiMailLoginCodeSubject;

describe('password and second factor', () => {
  it('signs mario in with his TOTP, and refuses the same code again in a fresh context', async () => {
    const page = await newPage();
    await page.goto('/login/acme');
    await submitCredentials(page, MARIO);
    const codeForm = page.getByRole('form', { name: messages.loginCodeTitle });
    await codeForm.waitFor();
    await page.getByText(messages.loginCodeAuthIntro).waitFor();
    await settle(page);
    expect.soft(await axeViolations(page)).toEqual([]);
    await shot(page, 'login-code-step-360');

    const code = await totp.code(TOTP_SECRETS.mario);
    await submitLoginCode(page, code);
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Mario Rossi').waitFor();
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The same step again, right after: refused as replayed, and the code step stays for a new code.
    const again = await newPage();
    await again.goto('/login/acme');
    await submitCredentials(again, MARIO);
    await submitLoginCode(again, code);
    await expectErrorBox(again, messages.apiOtpReplayed);
    const field = again.getByLabel(messages.loginCodeLabel);
    expect(await field.inputValue()).toBe('');
    expect(again.url()).toMatch(/\/login\/acme$/);
    expect(await storedToken(again)).toBeNull();
  });

  it('signs giulia in with the code mailed to her, after refusing a wrong one', async () => {
    const page = await newPage();
    await page.goto('/login/userportal');
    const after = await lastMailId(server, GIULIA);
    await submitCredentials(page, GIULIA);
    await page.getByText(messages.loginCodeMailIntro).waitFor();
    await page.getByText(formatMessage('loginCodeMailTo', { email: GIULIA })).waitFor();
    const mail = await waitForMail(server, GIULIA, { after, subject: loginCodeSubject });
    const code = mailedCode(mail);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await submitLoginCode(page, wrong);
    await expectErrorBox(page, messages.apiOtpInvalid);

    await submitLoginCode(page, code);
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Giulia Verdi').waitFor();
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('enrols luca from scratch, then signs him in through the privacy and code-of-conduct modals', async () => {
    const page = await newPage();
    await page.goto('/login/globex');
    let after = await lastMailId(server, LUCA);
    await submitCredentials(page, LUCA);
    await page.getByRole('heading', { name: messages.enrolTitle }).waitFor();
    const mail = await waitForMail(server, LUCA, { after, subject: messages.apiMailEnrolCodeSubject });
    await page.getByLabel(messages.enrolMailCodeLabel).fill(mailedCode(mail));
    await page.getByRole('button', { name: messages.enrolVerify }).click();

    // Step 2: the QR code and the secret to type by hand.
    const qr = page.getByRole('img', { name: messages.enrolQrAlt });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const qrWidth = await qr.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(qrWidth).toBeGreaterThan(0);
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await settle(page);
    expect.soft(await axeViolations(page)).toEqual([]);
    await shot(page, 'enrolment-qr-360');
    await page.getByRole('button', { name: messages.enrolNext }).click();

    // Step 3: the app's first code confirms the secret.
    const confirmForm = page.locator('form').filter({ has: page.getByLabel(messages.enrolConfirmLabel) });
    await confirmForm.getByLabel(messages.enrolConfirmLabel).fill(await totp.code(secret));
    await confirmForm.getByRole('button', { name: messages.confirm, exact: true }).click();
    await page.getByText(messages.enrolCompleted, { exact: true }).waitFor();
    await page.getByRole('button', { name: messages.loginGoToLogin }).click();
    await page.getByRole('heading', { name: messages.loginTitle }).waitFor();
    expect(page.url()).toMatch(/\/login\/globex$/);

    // Signing in again now asks for the app's code (next step: the confirming one is spent).
    after = await lastMailId(server, LUCA);
    await submitCredentials(page, LUCA);
    await page.getByText(messages.loginCodeAuthIntro).waitFor();
    await submitLoginCode(page, await totp.code(secret));
    await page.waitForURL(/\/menu$/);
    expect(await lastMailId(server, LUCA)).toBe(after); // no enrolment mail any more

    // First session: privacy, then the code of conduct; neither can be skipped.
    const privacy = page.getByRole('dialog', { name: messages.consentPrivacyTitle });
    await privacy.waitFor();
    const proceed = privacy.getByRole('button', { name: messages.proceed });
    await privacy.getByLabel(messages.consentServiceLabel).waitFor();
    await settle(page);
    expect.soft(await axeViolations(page)).toEqual([]);
    await shot(page, 'consent-privacy-360');
    expect(await proceed.isDisabled()).toBe(true);
    await privacy.getByLabel(messages.consentServiceLabel).check();
    expect(await proceed.isDisabled()).toBe(true); // the signature is required too
    await privacy.getByLabel(messages.consentSignatureLabel).fill('Luca Neri');
    await proceed.click();

    const conduct = page.getByRole('dialog', { name: messages.consentConductTitle });
    await conduct.waitFor();
    await conduct.getByLabel(messages.consentConductLabel).check();
    await conduct.getByRole('button', { name: messages.consentConfirm }).click();
    await conduct.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The portal is still there once the modals are gone (no crash while they unmount).
    expect(tests.errors, 'the portal crashed while the consent modals closed').toEqual([]);
    await navbarUser(page, 'Luca Neri').waitFor({ timeout: 5_000 });

    const token = await storedToken(page);
    const consent = await fetch(`${server.baseUrl}/api/user_privacy`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(consent.status).toBe(200);
    expect(await consent.json()).toMatchObject({
      privacy_servizio: true,
      decalogo_sicurezza: true,
      signature: 'Luca Neri',
    });

    // The menu is usable: the navbar leads to the profile.
    await navbarUser(page, 'Luca Neri').click();
    await page.waitForURL(/\/user-profile$/);
    await page.getByText(LUCA).first().waitFor();
  }, 120_000);
});

describe('refused attempts', () => {
  it('locks an account after 10 failed passwords with the Italian 429 message, even for the right one', async () => {
    const employee = await server.app.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', '%@acme.example.com')
      .where('is_cessato', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await fetch(`${server.baseUrl}/api/api-token-ckey`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ akey: akeyOf(employee.email, `Sbagliata!${attempt}`) }),
      });
      expect(response.status, `tentativo ${attempt}`).toBe(400);
    }
    const locked = formatMessage('apiLoginLocked', {
      after: formatMessage('apiDurationMinutes', { n: 15 }),
    });

    const page = await newPage();
    await page.goto('/login/acme');
    await submitCredentials(page, employee.email, 'Sbagliata!11');
    await expectErrorBox(page, locked);
    await page.getByLabel(fieldLabel(messages.loginPassword)).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: messages.loginSubmit }).click();
    await expectErrorBox(page, locked);
    expect(await page.getByRole('form', { name: messages.loginCodeTitle }).count()).toBe(0);
  });
});

describe('single sign-on and signed links', () => {
  it('signs giulia in from an SSO token through the code step', async () => {
    const url = await adminUrl(server, ['sso-token', GIULIA, 'paghe-demo']);
    expect(url).toMatch(/\/login\/userportal\?token=/);
    const after = await lastMailId(server, GIULIA);
    const page = await newPage();
    await page.goto(url);
    await page.getByText(messages.loginCodeMailIntro).waitFor();
    // The single-use token leaves the address bar.
    await page.waitForURL((u) => u.pathname === '/login/userportal' && !u.searchParams.has('token'));
    const mail = await waitForMail(server, GIULIA, { after, subject: loginCodeSubject });
    await submitLoginCode(page, mailedCode(mail));
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Giulia Verdi').waitFor();
  });

  it('signs mario in from a reconnection link', async () => {
    const url = await adminUrl(server, ['reconnect-link', MARIO]);
    expect(url).toMatch(/\/reconnect\?d=/);
    const page = await newPage();
    await page.goto(url);
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Mario Rossi').waitFor();
  });

  it('signs mario in from a token-login link, which works only once', async () => {
    const url = await adminUrl(server, ['token-link', MARIO]);
    expect(url).toMatch(/\/token-login\/acme\?t=/);
    const page = await newPage();
    await page.goto(url);
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Mario Rossi').waitFor();

    const again = await newPage();
    await again.goto(url);
    await again.getByText(messages.loginTokenFailed).waitFor();
    expect(await storedToken(again)).toBeNull();
  });
});

describe('end of the session', () => {
  it('logs out with Esci: back to the login with loggingout, token gone here and on the server', async () => {
    // giulia: her customer (userportal) has no info popup to close over the menu (acme has one).
    const page = await newPage();
    await page.goto(await adminUrl(server, ['token-link', GIULIA]));
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Giulia Verdi').waitFor();
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: messages.navExit }).first().click();
    await page.waitForURL(/\/login\/userportal\?(.*&)?loggingout/);
    await page.getByText(messages.loginLoggedOut).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const after = await fetch(`${server.baseUrl}/api/get-logged-user-info`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(after.status).toBe(401);
  });

  it('sends an idle-expired session back to the login with the session-expired message', async () => {
    const token = await server.login(MARIO);
    const context = await tests.context();
    await seedSession(context, token, 'acme');
    const page = await context.newPage();
    await page.goto('/menu');
    await navbarUser(page, 'Mario Rossi').waitFor();

    const result = await server.app.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(1n);

    await page.reload();
    await page.waitForURL(/\/login\/acme/);
    await page.getByText(messages.sessionExpired).waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});
