/**
 * The password pages through the real portal in Chromium at 360 px (spec 000 §2, §4, §5, §7): the
 * expired password met after the code step (renewal mail, link, new password with the TOTP code) and
 * the password-forgotten modal (same answer for everyone, link, new password with the tax code).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { addDays, romeDate } from '../../src/server/services/calendar';
import {
  akeyOf,
  DEMO_PASSWORD,
  fieldLabel,
  lastMailId,
  mailedCode,
  mailedLink,
  outbox,
  settle,
  storedToken,
  submitCredentials,
  submitLoginCode,
  TotpClock,
  TOTP_SECRETS,
  waitForMail,
  useContexts,
} from './auth-helpers';
import { axeViolations, screenshotDir, usePortal } from './harness';

const portal = usePortal();
const { server } = portal;
const totp = new TotpClock();
const tests = useContexts(portal, 'errori non gestiti nella pagina');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

const ANNA = 'anna.gallo@example.com';
const GIULIA = 'giulia.verdi@example.com';

const navbarUser = (page: Page, fullName: string) =>
  page.getByRole('link', { name: `${fullName} (${messages.navProfile})` });

/** "Vai alla pagina di accesso": a link styled as a button. */
const toLogin = (page: Page) =>
  page
    .getByRole('link', { name: messages.loginGoToLogin })
    .or(page.getByRole('button', { name: messages.loginGoToLogin }));

/** The new password and its confirmation of the password page. */
async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel(fieldLabel(messages.passwordNew)).fill(password);
  await page.getByLabel(fieldLabel(messages.passwordConfirm)).fill(password);
}

/** YYYY-MM-DD -> DD-MM-YYYY, as the portal shows dates. */
const italianDate = (iso: string) => iso.split('-').reverse().join('-');

async function userRow(email: string) {
  return server.app.db
    .selectFrom('users')
    .select(['id', 'cod_fisc', 'pass_expiry_date'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

describe('expired password', () => {
  it('sends anna from the code step to the renewal mail, then her new password signs her in', async () => {
    const newPassword = 'Initech2027nuova';
    const page = await tests.page();
    await page.goto('/login/initech');
    const after = await lastMailId(server, ANNA);
    await submitCredentials(page, ANNA);
    await page.getByText(messages.loginCodeAuthIntro).waitFor();
    await submitLoginCode(page, await totp.code(TOTP_SECRETS.anna));

    // No session: the token of the expired password is revoked, the renewal mail is asked for.
    const notice = page.getByRole('dialog', { name: messages.loginPasswordExpiredTitle });
    // A text for anna, who has just signed in (issue 28): her address, not the neutral "Se l'indirizzo…".
    await notice.getByText(messages.loginPasswordExpiredText.replace('{email}', ANNA)).waitFor();
    expect(await notice.getByText(messages.apiPasswordResetRequested).count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    const anna = await userRow(ANNA);
    const open = await server.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', anna.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    await notice.getByRole('button', { name: messages.understood }).click();
    await page.getByRole('heading', { name: messages.loginTitle }).waitFor();
    expect(page.url()).toMatch(/\/login\/initech$/);

    const mail = await waitForMail(server, ANNA, { after, subject: messages.apiMailPasswordExpiredSubject });
    const link = mailedLink(mail, '/password-expired/initech/');
    expect(link.startsWith(`${server.baseUrl}/`)).toBe(true);

    // The link: new password + the app's code (anna has an active TOTP).
    await page.goto(link);
    await page.getByRole('heading', { name: messages.passwordExpiredTitle }).waitFor();
    const codeField = page.getByLabel(fieldLabel(messages.loginCodeLabel));
    await codeField.waitFor();
    expect(await page.getByLabel(fieldLabel(messages.profileTaxCode)).count()).toBe(0);
    await settle(page);
    expect.soft(await axeViolations(page)).toEqual([]);
    await shot(page, 'password-expired-360');
    await fillNewPassword(page, newPassword);
    await codeField.fill(await totp.code(TOTP_SECRETS.anna)); // next step: the login's one is spent
    await page.getByRole('button', { name: messages.passwordSubmit }).click();

    const expiry = addDays(romeDate(new Date()), 90);
    await page.getByText(formatMessage('passwordSaved', { date: italianDate(expiry) })).waitFor();
    expect((await userRow(ANNA)).pass_expiry_date).toBe(expiry);

    // Used once: the same link is now refused.
    const reused = await tests.page();
    await reused.goto(link);
    await reused.getByText(messages.apiPasswordLinkInvalid).waitFor();
    await reused.getByText(messages.passwordBadLink).waitFor();

    // The old password no longer opens, the new one does.
    const old = await fetch(`${server.baseUrl}/api/api-token-ckey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ akey: akeyOf(ANNA, DEMO_PASSWORD) }),
    });
    expect(old.status).toBe(400);
    await toLogin(page).click();
    await page.waitForURL(/\/login\/initech$/);
    await submitCredentials(page, ANNA, newPassword);
    await page.getByText(messages.loginCodeAuthIntro).waitFor();
    await submitLoginCode(page, await totp.code(TOTP_SECRETS.anna));
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Anna Gallo').waitFor();
  }, 150_000);
});

describe('password forgotten', () => {
  it('answers the same for everyone, mails the link, and the tax code sets the new password', async () => {
    const page = await tests.page();
    await page.goto('/login/userportal');
    const forgot = page.getByRole('button', { name: messages.loginForgotPassword });
    const modal = page.getByRole('dialog', { name: messages.passwordLostModalTitle });
    const confirmation = modal.getByRole('status');

    // An address nobody has: the same confirmation, and no mail.
    const nobody = 'nessuno.qui@example.com';
    await page.getByLabel(messages.loginUsername).fill(nobody);
    await forgot.click();
    const email = modal.getByLabel(fieldLabel(messages.passwordLostEmail));
    expect(await email.inputValue()).toBe(nobody);
    await modal.getByRole('button', { name: messages.passwordLostSubmit }).click();
    await confirmation.getByText(messages.apiPasswordResetRequested).waitFor();
    await modal.getByRole('button', { name: messages.close, exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await outbox(server, nobody)).toEqual([]);

    // giulia: the same confirmation, and the mail with the link.
    const after = await lastMailId(server, GIULIA);
    await page.getByLabel(messages.loginUsername).fill(GIULIA);
    await forgot.click();
    expect(await email.inputValue()).toBe(GIULIA);
    await modal.getByRole('button', { name: messages.passwordLostSubmit }).click();
    await confirmation.getByText(messages.apiPasswordResetRequested).waitFor();
    const mail = await waitForMail(server, GIULIA, { after, subject: messages.apiMailPasswordLostSubject });
    const link = mailedLink(mail, '/password-lost/userportal/');
    expect(link.startsWith(`${server.baseUrl}/`)).toBe(true);

    // giulia has no authenticator app: the link asks for her tax code.
    await page.goto(link);
    await page.getByRole('heading', { name: messages.passwordLostTitle }).waitFor();
    const taxCode = page.getByLabel(fieldLabel(messages.profileTaxCode));
    await taxCode.waitFor();
    const newPassword = 'Userportal2027nuova';
    await fillNewPassword(page, newPassword);
    await taxCode.fill((await userRow(GIULIA)).cod_fisc.toLowerCase());
    await page.getByRole('button', { name: messages.passwordSubmit }).click();
    const expiry = addDays(romeDate(new Date()), 90);
    await page.getByText(formatMessage('passwordSaved', { date: italianDate(expiry) })).waitFor();

    // The new password opens (with the mailed code).
    await toLogin(page).click();
    await page.waitForURL(/\/login\/userportal$/);
    const codeAfter = await lastMailId(server, GIULIA);
    await submitCredentials(page, GIULIA, newPassword);
    await page.getByText(messages.loginCodeMailIntro).waitFor();
    const code = await waitForMail(server, GIULIA, {
      after: codeAfter,
      subject: messages.apiMailLoginCodeSubject,
    });
    await submitLoginCode(page, mailedCode(code));
    await page.waitForURL(/\/menu$/);
    await navbarUser(page, 'Giulia Verdi').waitFor();
  });
});
