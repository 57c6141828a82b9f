/**
 * What expires next (issue 28), end to end as mario.rossi@example.com of acme (demo seed): the home's
 * credit card and the shell's credit popover list his lines with credit left, soonest first,
 * «120,00 € scadono il 31-12-2026» (the amounts and days of GET crediti_in_scadenza, written the
 * Italian way), without accessibility violations at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreditiInScadenza } from '../../schemas/wire-types.gen';
import { formatMessage, messages } from '../../src/shared/catalogues/account';
import { formatDate } from '../../src/shared/dates';
import { euro, parseCents } from '../../src/shared/money';
import { TestContexts } from './auth-helpers';
import {
  axeViolations,
  dismissInfoPopup,
  launchBrowser,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';

const MARIO = 'mario.rossi@example.com';

let server: E2eServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const contexts = new TestContexts(
  () => browser,
  () => server.baseUrl,
);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterEach(async () => {
  expect(await contexts.closeAll()).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** mario's forecast as the portal must write it. */
async function expectedLines(token: string): Promise<string[]> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/crediti_in_scadenza',
    headers: { authorization: `Token ${token}` },
  });
  expect(response.statusCode).toBe(200);
  const { scadenze } = response.json() as CreditiInScadenza;
  return scadenze.map((line) =>
    formatMessage('creditExpiryLine', {
      importo: euro(parseCents(line.importo) ?? 0),
      data: formatDate(line.data_scadenza),
    }),
  );
}

async function marioHome(width: number): Promise<{ page: Page; token: string }> {
  const context = await contexts.context(width);
  const token = await server.login(MARIO);
  await seedSession(context, token, 'acme');
  const page = await context.newPage();
  await page.goto('/menu');
  await page.getByTestId('home-menu').waitFor();
  await dismissInfoPopup(page);
  return { page, token };
}

describe('credit expiry forecast', () => {
  it.each([1280, 360])('home and credit popover show what expires next (%i px)', async (width) => {
    const { page, token } = await marioHome(width);
    const expected = await expectedLines(token);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected[0]).toMatch(/^[\d.]+,\d{2}\u00a0€ scadono il \d{2}-\d{2}-\d{4}$/);

    const home = page.getByTestId('credit-expiry').first();
    await expect.poll(() => home.getByTestId('credit-expiry-line').allTextContents()).toEqual(expected);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: messages.navMyCredit }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('credit-expiry-line').allTextContents()).toEqual(expected);
    expect(await axeViolations(page)).toEqual([]);
  });
});
