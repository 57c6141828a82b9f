/**
 * Passkeys as second factor (issue 28) in Chromium with a virtual authenticator (CDP WebAuthn):
 * mario signs in with password + TOTP, registers a passkey on the profile, signs out, signs in with
 * password + passkey ("Usa una passkey"), removes it. The page runs on `localhost` (the RP ID without
 * PUBLIC_URL; an IP address such as 127.0.0.1 is no valid RP ID). Axe at 360 and 1280 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '../../src/server/messages';
import { submitCredentials, submitLoginCode, TotpClock, TOTP_SECRETS, settle } from './auth-helpers';
import {
  axeViolations,
  dismissInfoPopup,
  launchBrowser,
  newContext,
  startServer,
  type E2eServer,
} from './harness';

let server: E2eServer;
let browser: Browser;
const totp = new TotpClock();
const MARIO = 'mario.rossi@example.com';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A context on http://localhost:<port> with a CTAP2 platform authenticator that verifies the user. */
async function contextWithAuthenticator(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.baseUrl.replace('127.0.0.1', 'localhost'), width);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { context, page };
}

describe('passkeys', () => {
  it('registers a passkey on the profile, signs in with it, removes it', async () => {
    const { context, page } = await contextWithAuthenticator(1280);
    try {
      await page.goto('/login/acme');
      await submitCredentials(page, MARIO);
      await submitLoginCode(page, await totp.code(TOTP_SECRETS.mario));
      await page.waitForURL(/\/menu$/);
      await dismissInfoPopup(page);

      await page.goto('/user-profile');
      const card = page.getByRole('region', { name: messages.passkeysTitle });
      await card.getByText(messages.passkeysEmpty).waitFor();
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        expect.soft(await axeViolations(page), `profilo ${width}px`).toEqual([]);
      }
      await card.getByLabel(messages.passkeysNameLabel).fill('Portatile');
      await card.getByRole('button', { name: messages.passkeysAdd }).click();
      await card.getByText('Portatile', { exact: true }).waitFor();
      await card.getByText(messages.passkeysNeverUsed, { exact: false }).waitFor();

      await page.getByRole('button', { name: messages.navExit }).first().click();
      await page.waitForURL(/\/login\/acme/);
      await submitCredentials(page, MARIO);
      const passkeyButton = page.getByRole('button', { name: messages.loginPasskeyUse });
      await passkeyButton.waitFor();
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        expect.soft(await axeViolations(page), `accesso ${width}px`).toEqual([]);
      }
      await passkeyButton.click();
      await page.waitForURL(/\/menu$/);
      await dismissInfoPopup(page);

      await page.goto('/user-profile');
      const row = card.getByTestId('passkey-row');
      await row.getByText('Portatile', { exact: true }).waitFor();
      await expect.poll(() => row.getByText(messages.passkeysNeverUsed).count()).toBe(0);
      await card
        .getByRole('button', { name: formatMessage('passkeysRemove', { name: 'Portatile' }) })
        .click();
      await page.getByTestId('passkey-remove-confirm').click();
      await card.getByText(messages.passkeysEmpty).waitFor();
    } finally {
      await context.close();
    }
  });
});
