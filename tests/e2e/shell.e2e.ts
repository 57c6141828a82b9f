import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import {
  axeViolations,
  dismissInfoPopup,
  launchBrowser,
  newContext,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

const acmeSkin = JSON.parse(readFileSync('skins/acme/skin.json', 'utf8')) as { colors: { primary: string } };

describe('public routes', () => {
  it('sends a visitor who is not logged in to the login of the default customer', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login\/userportal/);
    // The login form appears once the customer's skin is read: wait for it, do not sample it.
    await page.getByRole('button', { name: messages.loginSubmit }).waitFor();
    await context.close();
  });

  it('remembers the customer (wbcustomer) and goes back to its login', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login/acme');
    await page.getByRole('button', { name: messages.loginSubmit }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('wbcustomer'))).toBe('acme');
    await page.goto('/menu');
    await page.waitForURL(/\/login\/acme/);
    await context.close();
  });

  it('shows the acme skin on /login/acme', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    // The skin is its own file, found from the customer's name (no list of skins in the first paint).
    const skinFile = page.waitForResponse((r) => /\/assets\/skin-acme-[0-9a-f]{10}\.js$/.test(r.url()));
    await page.goto('/login/acme');
    expect((await skinFile).status()).toBe(200);
    const logo = page.getByRole('img', { name: /acme/i }).first();
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toMatch(/acme|data:image/);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--welfare-primary').trim().toLowerCase(),
    );
    expect(primary).toBe(acmeSkin.colors.primary.toLowerCase());
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'login-acme-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'login-acme-1280');
    await context.close();
  });

  it('loads the initech skin from the API', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const skinResponse = page.waitForResponse((r) => r.url().endsWith('/api/getapiuserskin/initech'));
    await page.goto('/login/initech');
    const response = await skinResponse;
    expect(response.status()).toBe(200);
    const skin = (await response.json()) as { colors: { primary: string }; login_logo: string };
    const logo = page.getByRole('img', { name: /initech/i }).first();
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(skin.login_logo);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--welfare-primary').trim().toLowerCase(),
    );
    expect(primary).toBe(skin.colors.primary.toLowerCase());
    await shot(page, 'login-initech-360');
    await context.close();
  });

  it('shows the colour-map alert when the skin cannot be loaded', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login/cliente-sconosciuto');
    await page.getByText(messages.colorMapLoadFailed).waitFor();
    await context.close();
  });

  it('shows the page-not-found screen with a way home', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/questa/pagina/non-esiste');
    await page.getByText(messages.pageNotFound).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'not-found-360');
    await page
      .getByRole('link', { name: messages.backToHome })
      .or(page.getByRole('button', { name: messages.backToHome }))
      .click();
    await page.waitForURL(/\/login\//);
    await context.close();
  });

  it('answers the HTML with the security headers', async () => {
    const response = await fetch(`${server.baseUrl}/login/acme`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/script-src 'self'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
  });
});

describe('logged-in shell', () => {
  it('shows the navbar with the user, the credit popover and no back-office switch for an employee', async () => {
    const context = await newContext(browser, server.baseUrl);
    await seedSession(context, await server.login('mario.rossi@example.com'), 'acme');
    const page = await context.newPage();
    await page.goto('/menu');
    await page.getByRole('link', { name: /Mario/ }).first().waitFor();
    // acme's info popup covers the home once per session: close it first.
    await dismissInfoPopup(page);
    expect(await page.getByRole('button', { name: messages.navBackOffice }).count()).toBe(0);
    await page
      .getByRole('button', { name: new RegExp(messages.navMyCredit, 'i') })
      .first()
      .click();
    const popover = page.getByRole('dialog');
    // The balances themselves (the forecast below them names amounts too, with their dates).
    await popover.getByText(/^\s*1\.500,00\s€\s*$/).waitFor();
    await popover.getByText(/^\s*800,00\s€\s*$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'menu-mario-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'menu-mario-1280');
    await context.close();
  });

  it('shows the back-office switch to a referent', async () => {
    const context = await newContext(browser, server.baseUrl, 1280);
    await seedSession(context, await server.login('laura.bianchi@example.com'), 'acme');
    const page = await context.newPage();
    await page.goto('/menu');
    await page.getByRole('link', { name: /Laura/ }).first().waitFor();
    await page
      .getByRole('button', { name: messages.navBackOffice })
      .or(page.getByRole('link', { name: messages.navBackOffice }))
      .first()
      .waitFor();
    await context.close();
  });

  it('logs out with Exit and lands on the customer login with the logging-out flag', async () => {
    const context = await newContext(browser, server.baseUrl);
    await seedSession(context, await server.login('mario.rossi@example.com'), 'acme');
    const page = await context.newPage();
    await page.goto('/menu');
    await page.getByRole('link', { name: /Mario/ }).first().waitFor();
    // acme's info popup covers the home once per session: close it first.
    await dismissInfoPopup(page);
    await page.getByRole('button', { name: messages.navExit }).first().click();
    await page.waitForURL(/\/login\/acme\?.*loggingout/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('forces logout with the session-expired alert on a 401', async () => {
    const context = await newContext(browser, server.baseUrl);
    const token = await server.login('mario.rossi@example.com');
    await seedSession(context, token, 'acme');
    const page = await context.newPage();
    await page.goto('/menu');
    await page.getByRole('link', { name: /Mario/ }).first().waitFor();
    // acme's info popup covers the home once per session: close it first.
    await dismissInfoPopup(page);
    await server.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Token ${token}` },
    });
    await page.reload();
    await page.waitForURL(/\/login\/acme/);
    await page.getByText(messages.sessionExpired).waitFor();
    await context.close();
  });
});

describe('PWA', () => {
  it('publishes an installable manifest with its icons', async () => {
    const html = await (await fetch(`${server.baseUrl}/login/acme`)).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const manifest = (await (await fetch(new URL(href!, server.baseUrl))).json()) as {
      name: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.display).toBe('standalone');
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, server.baseUrl));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/png');
    }
  });

  it('shows the offline screen when the network is gone', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login/acme');
    await page.getByRole('button', { name: messages.loginSubmit }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByText(messages.offlineTitle).waitFor();
    await shot(page, 'offline-360');
    await context.setOffline(false);
    await context.close();
  });
});
