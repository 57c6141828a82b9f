/**
 * Support, help and content pages and "I Miei Files" end to end (issue 15): the built portal, a real
 * server, Chromium. Lean on purpose: three tests, one browser.
 * - mario sends a support request with an attachment (live phone feedback first); both mails are in the
 *   outbox, the support one with the file;
 * - every content page at 360 and 1280 px with axe clean (screenshots), the home's "Le tue condizioni"
 *   link opening the service conditions, the regulations' 2026 figures, the documentation group of
 *   `fringe-app` opened, the FAQ frame loaded under the CSP, a tutorial video playing;
 * - the files page: thumbnails, filters, Reset, a download under the answer's name, a failed download.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { textOf } from '../../config/texts';
import { formMessages } from '../../config/messages-forms.it';
import { messages as tableMessages } from '../../config/messages-tables.it';
import { messages as firstPaint } from '../../config/messages.it';
import { contentPages } from '../../config/content-pages';
import { routes } from '../../config/routes';
import { formatEuro } from '../../src/shared/money';
import { legalFigures, taxYear } from '../../src/shared/legal-figures';
import { settle, useContexts } from './auth-helpers';
import { outbox } from './auth-helpers';
import { PDF } from '../server/forms-helpers';
import { axeViolations, dismissInfoPopup, screenshotDir, usePortal } from './harness';

const MARIO = 'mario.rossi@example.com';
const SUPPORT = 'assistenza@example.com';

const portal = usePortal();
const { server, signIn } = portal;
const contexts = useContexts(portal);

async function marioPage(width: number): Promise<Page> {
  const context = await contexts.context(width);
  await signIn(context, MARIO);
  return context.newPage();
}

/** The path of a route name (config/routes.ts), without its optional parameters. */
const pathOf = (route: keyof typeof routes) => routes[route].path.replace(/\/\{-\$[a-z_]+\}$/, '');

/** Chooses an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('support, help and content pages', () => {
  it('sends a support request with an attachment; both mails reach the outbox', async () => {
    const page = await marioPage(360);
    await page.goto(pathOf('site-assistenza'));
    const form = page.getByTestId('plain-form-assistenza');
    await form.waitFor();
    await expect.poll(() => form.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(MARIO);
    expect(await form.getByRole('textbox', { name: 'Cognome' }).inputValue()).toBe('Rossi');

    const phone = form.getByRole('textbox', { name: /Telefono/ });
    await phone.fill('333abc');
    await form.getByText(formMessages.formPhoneLetters).waitFor();
    await phone.fill('+39 333 1234567');
    await expect.poll(() => form.getByText(formMessages.formPhoneLetters).count()).toBe(0);
    await form.getByRole('textbox', { name: /Numero richiesta/ }).fill('42');
    await choose(page, 'Categoria', 'Buoni Eurete');
    await form.getByRole('textbox', { name: /Messaggio/ }).fill('Il buono non risulta tra i miei acquisti.');
    await form
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'ricevuta.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/support-360.png`, fullPage: true });

    await form.getByRole('button', { name: formMessages.formSend }).click();
    await page.getByText(formMessages.formSupportReceived).waitFor();

    const toSupport = await expect
      .poll(async () => (await outbox(server, SUPPORT))[0], { timeout: 15_000 })
      .toBeDefined()
      .then(async () => (await outbox(server, SUPPORT))[0]!);
    expect(toSupport.subject).toMatch(/^Richiesta di assistenza n\. \d+: Buoni Eurete$/);
    expect(toSupport.text).toContain('Telefono: +39 333 1234567');
    expect((toSupport as unknown as { allegati: unknown[] }).allegati).toEqual([
      { nome: 'ricevuta.pdf', tipo: 'application/pdf', dimensione: PDF.length },
    ]);
    const numero = /n\. (\d+)/.exec(toSupport.subject)![1];
    await expect
      .poll(async () => (await outbox(server, MARIO)).map((mail) => mail.subject))
      .toContain(`Abbiamo ricevuto la tua richiesta di assistenza n. ${numero}`);
  }, 90_000);

  it.each([360, 1280])(
    'shows every content page at %i px with axe clean',
    async (width) => {
      const page = await marioPage(width);
      const cspErrors: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/.test(message.text())) cspErrors.push(message.text());
      });

      // The home's "Le tue condizioni" opens the service conditions.
      await page.goto('/menu');
      await dismissInfoPopup(page, 5000);
      await page
        .getByRole('link', { name: `${messages.conditionsOpen}: ${messages.conditionsService}` })
        .click();
      await page.waitForURL(/\/infos\/cond-servizio$/);

      for (const content of contentPages) {
        const path =
          content.route === 'site-documentazione'
            ? `${pathOf(content.route)}/fringe-app`
            : pathOf(content.route);
        if (new URL(page.url()).pathname !== path) await page.goto(path);
        await page.getByRole('heading', { level: 1, name: textOf(messages, content.title) }).waitFor();
        const body = page.getByTestId(`content-page-${content.route}`);
        if (content.route === 'cond-servizio') {
          expect(await body.getByTestId('content-article').count()).toBe(16);
        }
        if (content.route === 'cond-privacy') {
          expect(await body.innerText()).toContain('10 anni dalla sua cessazione');
        }
        if (content.route === 'site-normativa') {
          const figures = legalFigures(taxYear());
          const limits = await body.getByTestId('legal-limit').allInnerTexts();
          expect(limits.map((text) => text.replace(/\s+/g, ' '))).toEqual(
            [
              formatEuro(figures.supplementaryHealthLimit),
              formatEuro(figures.pensionDeductibilityLimit),
              `${formatEuro(figures.art51c3Limit)} oppure ${formatEuro(figures.art51c3LimitWithChildren)}`,
              `${formatEuro(figures.mealVoucherElectronicDailyLimit)} al giorno`,
            ].map((text) => text.replace(/\s+/g, ' ')),
          );
          if (taxYear() === 2026) expect(limits.join(' ').replace(/\s+/g, ' ')).toContain('5.300,00 €');
        }
        if (content.route === 'site-documentazione') {
          await body.getByTestId('doc-links-fringe-app').getByRole('link').first().waitFor();
          expect(await body.getByTestId('doc-links-rimb-spese').count()).toBe(0);
        }
        if (content.route === 'site-faq') {
          const frame = page.frameLocator('[data-testid="faq-frame"]');
          await frame.getByRole('heading', { level: 1, name: 'Domande frequenti' }).waitFor();
        }
        if (content.route === 'site-tutorial' && width === 1280) {
          await body.getByRole('button', { name: messages.contentVideoPlay }).first().waitFor();
          await body.getByTestId('tutorial-card').first().getByRole('button').click();
          const video = page.getByTestId('tutorial-video');
          await video.waitFor();
          await expect
            .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
            .toBeGreaterThan(0.3);
          await settle(page);
          expect(await axeViolations(page)).toEqual([]);
          await page.screenshot({ path: `${screenshotDir}/tutorial-video-1280.png` });
          await page.keyboard.press('Escape');
          await video.waitFor({ state: 'detached' });
        }
        await settle(page);
        expect(await axeViolations(page), content.route).toEqual([]);
        await page.screenshot({ path: `${screenshotDir}/${content.route}-${width}.png`, fullPage: true });
      }
      expect(cspErrors).toEqual([]);
    },
    120_000,
  );

  it('files page: thumbnails, filters and Reset, download by the answer’s name, a failed download', async () => {
    // The thumbnails are drawn by a job (at start for the seeded files), never by the list: once done.
    await server.app.jobs.idle();
    const page = await marioPage(1280);
    await page.goto(pathOf('site-archivio-files'));
    await page.getByRole('heading', { level: 1, name: messages.filesTitle }).waitFor();
    const groups = page.getByTestId('file-group');
    await groups.first().waitFor();
    const total = await groups.count();
    expect(total).toBeGreaterThan(1);
    const thumb = page.getByTestId('file-thumb').first();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    const reset = page.getByTestId('filter-reset');
    expect(await reset.isDisabled()).toBe(true);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/files-1280.png`, fullPage: true });

    // Filter by file type: every file shown is of that type; Reset brings everything back.
    const type = (await page.getByTestId('file-type').first().innerText()).trim();
    await choose(page, messages.filesFilterType, type);
    await expect.poll(() => reset.isDisabled()).toBe(false);
    await expect
      .poll(async () => new Set(await page.getByTestId('file-type').allInnerTexts()))
      .toEqual(new Set([type]));
    await reset.click();
    await expect.poll(() => groups.count()).toBe(total);
    expect(await reset.isDisabled()).toBe(true);

    // Filter by purchase id: one group.
    const firstTitle = await groups.first().getByRole('heading').innerText();
    const purchaseId = /n\. (\d+)/.exec(firstTitle)![1]!;
    await choose(page, messages.purchaseIdLabel, purchaseId);
    await expect.poll(() => groups.count()).toBe(1);
    await reset.click();
    await expect.poll(() => groups.count()).toBe(total);

    // Download under the answer's name.
    const card = page.getByTestId('file-card').first();
    const name = (await card.locator('p').first().innerText()).trim();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('file-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);

    // A failed download: the error box, then the button works again.
    await page.route('**/api/download_document/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"detail":"Archivio non raggiungibile."}',
      }),
    );
    await card.getByTestId('file-download').click();
    const box = page.getByRole('dialog', { name: firstPaint.backendErrorTitle });
    await box.getByText('Archivio non raggiungibile.').waitFor();
    await box.getByRole('button').last().click();
    await box.waitFor({ state: 'hidden' });
    await expect.poll(() => card.getByTestId('file-download').isEnabled()).toBe(true);
    expect(tableMessages.tableDownload).toBe(await card.getByTestId('file-download').innerText());

    const small = await marioPage(360);
    await small.goto(pathOf('site-archivio-files'));
    await small.getByTestId('file-group').first().waitFor();
    await settle(small);
    expect(await axeViolations(small)).toEqual([]);
    await small.screenshot({ path: `${screenshotDir}/files-360.png`, fullPage: true });
  }, 90_000);
});
