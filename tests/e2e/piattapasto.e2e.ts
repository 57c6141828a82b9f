/**
 * Piattapasto end to end as laura.bianchi@example.com (issue 17; spec 002 §2.8, §4.1, §5, §7): the
 * settings modal and its rules (client code hidden for toduba, VAT only for repas and only 0 or 4, a
 * keystroke that breaks the euro format dropped), the incomplete settings of Acme Servizi (alert,
 * upload disabled), the template CSV filled and uploaded, the order reviewed and confirmed to
 * COMPLETATO, a second order ending ERRORE with the employee the demo supplier refused; axe at 360
 * and 1280 px, screenshots in .tmp/screenshots. One browser, few page loads.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { messages } from '../../config/messages-tables.it';
import { messages as apiMessages } from '../../config/messages-api.it';
import { routes } from '../../config/routes';
import { settle } from './auth-helpers';
import {
  axeViolations,
  launchBrowser,
  newContext,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';

const PATH = routes['office-piattapasto'].path;

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

async function switchCompany(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Azienda per cui operi' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Fills column C of the template: `counts` by e-mail, zero for everyone else. */
function fill(template: string, counts: Record<string, number>): string {
  return template
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line, index) => {
      if (index === 0 || line === '') return line;
      const cells = line.split(';');
      const email = cells[1] ?? '';
      cells[2] = String(counts[email] ?? 0);
      return cells.join(';');
    })
    .join('\r\n');
}

async function uploadCsv(page: Page, name: string, content: string) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/piattapasto_carica_ordine'));
  await page.getByTestId('piatta-upload').click();
  expect((await answer).status()).toBe(201);
  await page.getByTestId('piatta-review').waitFor();
}

async function confirmAndWait(page: Page, status: string) {
  await page.getByTestId('piatta-confirm').click();
  await page.getByText(messages.piattaConfirmed).last().waitFor();
  const first = page.getByTestId('piatta-order-row').first();
  await expect
    .poll(
      async () => {
        const state = await first.getAttribute('data-status');
        if (state !== status) await page.getByRole('button', { name: messages.updateReload }).click();
        return state;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(status);
  return first;
}

describe('Piattapasto', () => {
  it('settings, an order from CSV to COMPLETED and one to ERROR; axe at 360 and 1280', async () => {
    const token = await server.login('laura.bianchi@example.com');

    // --- 360 px: Acme Servizi's incomplete settings: alert, upload disabled.
    const phone = await newContext(browser, server.baseUrl, 360);
    await seedSession(phone, token, 'acme');
    const small = await phone.newPage();
    await small.goto(PATH);
    await small.getByTestId('piatta-menu').waitFor();
    await switchCompany(small, 'Acme Servizi S.r.l.');
    await small.getByTestId('piatta-incomplete').waitFor();
    expect(await small.getByTestId('piatta-file').isDisabled()).toBe(true);
    expect(await small.getByTestId('piatta-upload').isDisabled()).toBe(true);
    await settle(small);
    expect(await axeViolations(small)).toEqual([]);
    await small.screenshot({ path: `${screenshotDir}/piattapasto-incomplete-360.png`, fullPage: true });
    // Back to Acme S.p.A. for the rest (the choice is the session's).
    await switchCompany(small, 'Acme S.p.A.');
    await small.getByTestId('piatta-settings-summary').waitFor();
    await phone.close();

    // --- 1280 px: the settings modal and its rules.
    const desk = await newContext(browser, server.baseUrl, 1280);
    await seedSession(desk, token, 'acme');
    const page = await desk.newPage();
    await page.goto(PATH);
    const settingsButton = page.getByTestId('piatta-open-settings');
    await expect.poll(() => settingsButton.isEnabled()).toBe(true);
    await page.getByTestId('piatta-settings-summary').waitFor();
    await settingsButton.click();
    const modal = page.getByRole('dialog', { name: messages.piattaSettingsTitle });
    const value = modal.getByLabel(messages.piattaFieldValue);
    // Shown and typed the Italian way (issue 28).
    expect(await value.inputValue()).toBe('8,00');
    await value.fill('');
    await value.pressSequentially('8,5');
    expect(await value.inputValue()).toBe('8,5');
    await value.blur();
    await expect.poll(() => value.inputValue()).toBe('8,50');
    expect(await modal.getByLabel(messages.piattaFieldVat).inputValue()).toBe('4');
    await modal.getByRole('combobox', { name: messages.piattaFieldSupplier }).click();
    await page.getByRole('option', { name: messages.piattaSupplierToduba }).click();
    await expect.poll(() => modal.getByLabel(messages.piattaFieldClientCode).count()).toBe(0);
    expect(await modal.getByLabel(messages.piattaFieldVat).count()).toBe(0);
    await modal.getByRole('combobox', { name: messages.piattaFieldSupplier }).click();
    await page.getByRole('option', { name: messages.piattaSupplierRepas }).click();
    const vat = modal.getByLabel(messages.piattaFieldVat);
    await vat.fill('22');
    await modal.getByTestId('piatta-settings-save').click();
    await modal.getByText(messages.piattaFieldVatInvalid).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/piattapasto-settings-1280.png` });
    await vat.fill('4');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/piattapasto_impostazioni') && r.request().method() === 'POST',
    );
    await modal.getByTestId('piatta-settings-save').click();
    expect((await saved).request().postDataJSON()).toEqual({
      valore_buono: '8.50',
      fornitore: 'repas',
      codice_cliente: 'RP-10452',
      iva_buono: 4,
    });
    await page.getByText(formMessages.formSettingsSaved).waitFor();
    await modal.waitFor({ state: 'hidden' });

    // --- The template, filled: an order to COMPLETATO.
    const download = page.waitForEvent('download');
    await page.getByTestId('piatta-template').click();
    const file = await download;
    const { readFileSync } = await import('node:fs');
    const template = readFileSync((await file.path())!, 'utf8');
    expect(template.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Nome;Email;Numero buoni;Credito attuale');
    expect(template).toContain('mario.rossi@example.com');
    const noTaxCode = await server.app.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id_azienda', 'u.company_id')
      .select('u.email')
      .where('c.nome', '=', 'Acme S.p.A.')
      .where('u.cod_fisc', '=', '')
      .where('u.is_cessato', '=', false)
      .where('u.profile', '=', 'utente')
      .executeTakeFirstOrThrow();
    const colleague = template.split('\r\n')[2]!.split(';')[1]!;

    await uploadCsv(
      page,
      'ordine-novembre.csv',
      fill(template, { 'mario.rossi@example.com': 20, [colleague]: 18 }),
    );
    await expect.poll(() => page.getByTestId('piatta-review-row').count()).toBe(2);
    await page
      .getByTestId('piatta-review-totals')
      .getByText(/38 buoni per un totale di 323,00/)
      .waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/piattapasto-review-1280.png`, fullPage: true });
    const completed = await confirmAndWait(page, 'COMPLETED');
    await completed.getByText(messages.orderCompleted).waitFor();

    // --- A second order: one employee above the supplier's monthly cap, one without codice fiscale.
    await page.getByTestId('piatta-view-new').click();
    await uploadCsv(
      page,
      'ordine-errore.csv',
      fill(template, { 'mario.rossi@example.com': 25, [noTaxCode.email]: 10, [colleague]: 5 }),
    );
    const failed = await confirmAndWait(page, 'ERROR');
    await failed.getByText(messages.orderError).waitFor();
    await failed.getByRole('button', { name: /Esito dell’ordine/ }).click();
    const detail = page.getByRole('dialog', { name: messages.piattaErrorsTitle });
    const refused = detail.getByTestId('piatta-error-detail');
    await refused.getByText(apiMessages.apiPiattaSupplierNoTaxCode).waitFor();
    await refused.getByText(apiMessages.apiPiattaSupplierMonthlyCap.replace('{max}', '22')).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/piattapasto-error-1280.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/piattapasto-status-1280.png`, fullPage: true });
    await desk.close();

    // --- 360 px: the order status on a phone.
    const phone2 = await newContext(browser, server.baseUrl, 360);
    await seedSession(phone2, token, 'acme');
    const status = await phone2.newPage();
    await status.goto(PATH);
    await expect.poll(() => status.getByTestId('piatta-view-status').isEnabled()).toBe(true);
    await status.getByTestId('piatta-view-status').click();
    await status.getByTestId('piatta-order-row').first().waitFor();
    await settle(status);
    expect(await axeViolations(status)).toEqual([]);
    await status.screenshot({ path: `${screenshotDir}/piattapasto-status-360.png`, fullPage: true });
    await phone2.close();
  });
});
