/**
 * What the walk found (issue 28), items 11-13, end to end in Chromium:
 * - an initech public page (a customer with no built-in skin: its colours come from the API) asks for
 *   no skin file that is not there: no 404, no console error; axe clean at 360 and 1280 px;
 * - logging out right after the menu loads logs no 401 (the calls in flight are cancelled first);
 * - the spec's old route names (helpform, notifichewb, tutorial, documentazione, normativa) land on
 *   their screens;
 * - the support page shows the ticket number after sending and lists the sent requests in its second
 *   tab, axe clean at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { formMessages } from '../../config/messages-forms.it';
import { routeAliases, routes } from '../../config/routes';
import { settle, useContexts } from './auth-helpers';
import { axeViolations, screenshotDir, usePortal } from './harness';

const MARIO = 'mario.rossi@example.com';
const GIULIA = 'giulia.verdi@example.com';

const portal = usePortal();
const { signIn } = portal;
const contexts = useContexts(portal);

/** The console errors of a page and the answers of 400 and above it received. */
function watch(page: Page): { errors: string[]; failed: string[] } {
  const seen = { errors: [] as string[], failed: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      const token = response.request().headers()['authorization'] ? 'con token' : 'senza token';
      seen.failed.push(`${response.status()} ${new URL(response.url()).pathname} (${token})`);
    }
  });
  return seen;
}

async function sessionPage(email: string, customer: string, width: number): Promise<Page> {
  const context = await contexts.context(width);
  await signIn(context, email, customer);
  return context.newPage();
}

/** The path of a route name (config/routes.ts), without its optional parameters. */
const pathOf = (route: keyof typeof routes) => routes[route].path.replace(/\/\{-\$[a-z_]+\}$/, '');

describe('console (issue 28)', () => {
  it.each([360, 1280])(
    'an initech public page at %i px: its skin from the API, no 404, no console error, axe clean',
    async (width) => {
      const context = await contexts.context(width);
      const page = await context.newPage();
      const seen = watch(page);
      const skin = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/getapiuserskin/initech');
      await page.goto('/login/initech');
      expect((await skin).status()).toBe(200);
      await page.getByRole('button', { name: messages.loginSubmit }).waitFor();
      await settle(page);
      expect(seen.failed).toEqual([]);
      expect(seen.errors).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    },
    60_000,
  );

  it('logging out right after the menu loads logs no 401', async () => {
    const page = await sessionPage(GIULIA, 'userportal', 1280);
    const seen = watch(page);
    await page.goto('/menu');
    await page.getByTestId('home-menu').waitFor();
    await page.getByRole('button', { name: messages.navExit }).click();
    await page.getByRole('button', { name: messages.loginSubmit }).waitFor();
    // Whatever was still on its way had time to come back.
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(seen.failed.filter((line) => line.startsWith('401'))).toEqual([]);
    expect(seen.errors.filter((text) => text.includes('401'))).toEqual([]);
  }, 60_000);
});

describe('old route names (issue 28)', () => {
  it('each alias lands on its screen, not on "Pagina non trovata"', async () => {
    const page = await sessionPage(MARIO, 'acme', 1280);
    for (const [alias, target] of Object.entries(routeAliases)) {
      await page.goto(`/${alias}`);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(pathOf(target));
      await page.locator('h1').first().waitFor();
      expect(await page.getByText(messages.notFoundTitle).count(), alias).toBe(0);
    }
    await page.goto('/helpdesk/helpform');
    await expect.poll(() => new URL(page.url()).pathname).toBe(pathOf('site-assistenza'));
  }, 90_000);
});

describe('support page (issue 28)', () => {
  it.each([360, 1280])(
    'at %i px shows the ticket number after sending and lists it under "Richieste inviate"',
    async (width) => {
      const page = await sessionPage(MARIO, 'acme', width);
      await page.goto(pathOf('site-assistenza'));
      const form = page.getByTestId('plain-form-assistenza');
      await form.waitFor();
      await expect.poll(() => form.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(MARIO);
      await form.getByRole('textbox', { name: /Telefono/ }).fill('+39 333 1234567');
      await page.getByRole('combobox', { name: /^Categoria/ }).click();
      await page.getByRole('option', { name: 'Altre informazioni', exact: true }).click();
      await form.getByRole('textbox', { name: /Messaggio/ }).fill(`Richiesta di prova a ${width} px.`);
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);

      const sent = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/supporto' && r.request().method() === 'POST',
      );
      await form.getByRole('button', { name: formMessages.formSend }).click();
      const { numero_ticket: numero } = (await (await sent).json()) as { numero_ticket: number };
      const notice = page.getByTestId('support-ticket-number');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(String(numero));

      await page.getByRole('tab', { name: messages.supportTabSent }).click();
      const row = page.getByTestId('support-ticket-row').filter({ hasText: String(numero) });
      await row.waitFor();
      expect(await row.textContent()).toContain('Altre informazioni');
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${screenshotDir}/support-sent-${width}.png`, fullPage: true });
    },
    90_000,
  );
});
