/**
 * What the walk found at 360 px (issue 28), at 360 and 1280 px with axe: the back-office home's
 * "Richiedi una nuova convenzione" wraps instead of being cut; a consortium's e-mail is whole on its
 * page; a voucher's code stays on one line with a copy button that copies it; the phone card of a
 * voucher labels its expiry date; the FAQ shows its title once, and its frame is as tall as its content
 * (one scroll, the page's).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages as accountMessages } from '../../config/messages-account.it';
import { messages } from '../../config/messages-tables.it';
import { routes } from '../../config/routes';
import { settle } from './auth-helpers';
import {
  axeViolations,
  launchBrowser,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';
import { RomeContexts } from './movements-helpers';

const LAURA = 'laura.bianchi@example.com';
const WIDTHS = [360, 1280] as const;

let server: E2eServer;
let browser: Browser;
const contexts = new RomeContexts(
  () => browser,
  () => server.baseUrl,
);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterEach(async () => {
  expect(await contexts.closeAll(), 'errori non gestiti nella pagina').toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function lauraPage(width: number): Promise<Page> {
  const context = await contexts.context(width);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  await seedSession(context, await server.login(LAURA), 'acme');
  return context.newPage();
}

/** The page never scrolls sideways. */
async function noPageOverflow(page: Page, label: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll, label).toBeLessThanOrEqual(width);
}

/** The element's text is whole: nothing hidden past its box (no "…" cut). */
async function notCut(locator: Locator, label: string) {
  const box = await locator.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
    right: element.getBoundingClientRect().right,
    viewport: document.documentElement.clientWidth,
  }));
  expect(box.scroll, label).toBeLessThanOrEqual(box.client);
  expect(box.right, label).toBeLessThanOrEqual(box.viewport);
}

async function checked(page: Page, label: string) {
  await settle(page);
  await noPageOverflow(page, label);
  expect(await axeViolations(page), label).toEqual([]);
  await page.screenshot({ path: `${screenshotDir}/${label}.png`, fullPage: true });
}

describe('narrow screens (issue 28)', () => {
  it('back-office home: "Richiedi una nuova convenzione" whole at 360 and 1280 px', async () => {
    for (const width of WIDTHS) {
      const page = await lauraPage(width);
      await page.goto(routes['home-refazi'].path);
      const button = page.getByTestId('new-convention');
      await button.waitFor();
      expect(await button.innerText()).toContain(messages.boHomeNewConvention);
      await notCut(button.locator('.mantine-Button-label'), `nuova convenzione ${width}`);
      await notCut(
        page.getByRole('button', { name: messages.boHomeAffiliated }).locator('.mantine-Button-label'),
        `aziende affiliate ${width}`,
      );
      await checked(page, `walk-home-refazi-${width}`);
    }
  }, 120_000);

  it('consortium page: the e-mail is whole at 360 and 1280 px', async () => {
    const consortium = await server.app.db
      .selectFrom('conv_suppliers')
      .select(['id', 'email'])
      .where('nome', '=', 'Consorzio Benessere Lombardia')
      .executeTakeFirstOrThrow();
    expect(consortium.email.length).toBeGreaterThan(30);
    for (const width of WIDTHS) {
      const page = await lauraPage(width);
      await page.goto(`/sellers/vetrina-consorzio/${consortium.id}`);
      const email = page.getByTestId('consortium-email');
      await email.waitFor();
      const link = email.getByRole('link', { name: consortium.email });
      expect(await link.innerText()).toBe(consortium.email);
      await notCut(email, `e-mail ${width}`);
      const contacts = page.getByTestId('consortium-contacts');
      await notCut(contacts, `contatti ${width}`);
      await checked(page, `walk-consorzio-${width}`);
    }
  }, 120_000);

  it('vouchers: the code on one line with a copy button; the expiry labelled on the phone card', async () => {
    for (const width of WIDTHS) {
      const page = await lauraPage(width);
      await page.goto('/sellers/stato-voucher');
      const row = page.getByTestId('voucher-row').first();
      await row.waitFor();
      const code = row.getByTestId('table-code');
      const text = await code.innerText();
      expect(text).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      // One line: the code's text makes a single box (never broken at a hyphen), and shows whole.
      expect(
        await code.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      ).toBe(1);
      await notCut(code, `codice ${width}`);

      // The copy button copies the code.
      const copy = row.getByRole('button', { name: `Copia il codice del buono ${text}` });
      await copy.click();
      await expect.poll(() => row.getByTestId('table-copy').getAttribute('data-copied')).toBe('true');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

      // The expiry date with its label, on the card as in the table.
      const expiry = row.locator('td', { hasText: /^\d{2}-\d{2}-\d{4}/ }).first();
      if (width === 360) {
        expect(await expiry.getAttribute('data-label')).toBe(accountMessages.movCreditExpiry);
        const before = await expiry.evaluate((element) => getComputedStyle(element, '::before').content);
        expect(before).toContain(accountMessages.movCreditExpiry);
      } else {
        await page.getByRole('columnheader', { name: accountMessages.movCreditExpiry }).waitFor();
      }
      await checked(page, `walk-voucher-${width}`);
    }
  }, 120_000);

  it('FAQ: one title on screen, and one scroll (the frame as tall as its content)', async () => {
    for (const width of WIDTHS) {
      const page = await lauraPage(width);
      await page.goto(routes['site-faq'].path);
      const frameElement = page.getByTestId('faq-frame');
      await frameElement.waitFor();
      const frame = (await (await frameElement.elementHandle())!.contentFrame()) as Frame;
      await frame.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
      // The title is shown once: the portal's heading; the framed page's is for screen readers only.
      await page.getByRole('heading', { level: 1, name: 'Domande frequenti' }).waitFor();
      const framedTitle = await frame
        .getByRole('heading', { level: 1 })
        .evaluate((element) => element.getBoundingClientRect().width);
      expect(framedTitle).toBeLessThanOrEqual(1);

      const innerScroll = () =>
        frame.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
      await expect.poll(innerScroll).toBeLessThanOrEqual(1);
      // An answer opened: the frame grows with it, still no scroll inside.
      await frame.locator('summary').first().click();
      await expect.poll(innerScroll).toBeLessThanOrEqual(1);
      await notCut(frameElement, `faq ${width}`);
      await checked(page, `walk-faq-${width}`);
    }
  }, 120_000);
});
