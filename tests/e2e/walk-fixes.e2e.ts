/**
 * What the walk found (issue 28), end to end: the internal messaging badge on the back-office home,
 * euro amounts typed and shown the Italian way (rimb-spese and the incentive top-up), the home's info
 * popup coming with the menu and never over a click already started, and the key generation's
 * progress text; axe at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routes } from '../../config/routes';
import { messages as tables } from '../../config/messages-tables.it';
import { formMessages } from '../../src/shared/catalogues/forms';
import { messages as account } from '../../src/shared/catalogues/account';
import { incentiveFigures } from '../../src/shared/incentive';
import { formatEuro } from '../../src/shared/money';
import { settle, useContexts } from './auth-helpers';
import { chooseCategory, openForm, uploadSlot } from './form-driver';
import { makePdf } from './form-files';
import { squash } from './movements-helpers';
import { axeViolations, dismissInfoPopup, screenshotDir, usePortal } from './harness';

const MARIO = 'mario.rossi@example.com';
const LAURA = 'laura.bianchi@example.com';

const portal = usePortal();
const { signIn } = portal;
const contexts = useContexts(portal, 'errori non gestiti nella pagina');

/** A new session of `email` (acme) in a new context of `width` px, and its page. */
async function pageOf(email: string, width: number): Promise<Page> {
  const context = await contexts.context(width);
  await signIn(context, email);
  return context.newPage();
}

const popupOf = (page: Page) => page.getByRole('dialog', { name: account.infoPopupTitle });

describe('back-office home', () => {
  it('has the internal messaging badge, which opens the page; axe at 360 and 1280', async () => {
    for (const width of [360, 1280]) {
      const page = await pageOf(LAURA, width);
      await page.goto(routes['home-refazi'].path);
      const badge = page.getByRole('link', { name: 'Messaggistica interna', exact: true });
      await badge.waitFor();
      expect(await badge.getAttribute('href')).toBe(routes['office-mess-interna'].path);
      await settle(page);
      expect(await axeViolations(page), `home ${width}`).toEqual([]);
      await badge.click();
      await page.getByRole('heading', { level: 1, name: account.messTitle }).waitFor();
    }
  });
});

describe('Italian euro amounts', () => {
  it('rimb-spese: "1.234,50" stays as typed and the summary says 1.234,50 €; ambiguous text is refused', async () => {
    for (const width of [360, 1280]) {
      const page = await pageOf(MARIO, width);
      await openForm(page, '/base-request/rimb-spese');
      const amount = page.getByRole('textbox', { name: /Importo da rimborsare/ });

      // Ambiguous: the text stays, a message under the field says how to write it.
      await amount.pressSequentially('1,234.50');
      expect(await amount.inputValue()).toBe('1,234.50');
      await page.getByText(formMessages.formAmountItalian).waitFor();
      await settle(page);
      expect(await axeViolations(page), `ambiguous ${width}`).toEqual([]);
      if (width === 360)
        await page.screenshot({ path: `${screenshotDir}/amount-ambiguous-360.png`, fullPage: true });

      // The Italian form, typed key by key: nothing is dropped.
      await amount.fill('');
      await amount.pressSequentially('1.234,50');
      expect(await amount.inputValue()).toBe('1.234,50');
      await page.getByText(formMessages.formAmountItalian).waitFor({ state: 'hidden' });
      if (width === 360) continue;

      await chooseCategory(page, 'Spese mediche e sanitarie');
      await uploadSlot(page, 'doc_pagam', [await makePdf('ricevuta.pdf', 'Ricevuta')]);
      await uploadSlot(page, 'doc_acq', [await makePdf('fattura.pdf', 'Fattura')]);
      await page.getByRole('button', { name: formMessages.formSubmit }).click();
      const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
      await confirm.waitFor();
      await expect
        .poll(async () => squash(await confirm.getByTestId('confirm-figures').innerText()))
        .toContain(squash(formatEuro(123_450)));
      await settle(page);
      expect(await axeViolations(page), `summary ${width}`).toEqual([]);
      await confirm.getByRole('button', { name: account.cancel }).click();
      await confirm.waitFor({ state: 'hidden' });
      // The amount is shown the Italian way after the field was left.
      expect(await amount.inputValue()).toBe('1.234,50');
    }
  });

  it('incentive top-up: "1.234,50" gives its figures, "45,5" reads 45,50', async () => {
    const page = await pageOf(LAURA, 1280);
    await page.goto(routes['office-incentive-toduba'].path);
    const amount = page.getByRole('textbox', { name: /Importo della ricarica/ });
    await amount.pressSequentially('1.234,50');
    const figures = incentiveFigures(123_450);
    const figure = async (testId: string) => squash(await page.getByTestId(testId).innerText());
    await expect.poll(() => figure('topup-total')).toBe(squash(formatEuro(figures.totale)));
    expect(await figure('topup-fee')).toBe(squash(formatEuro(figures.commissione)));
    await amount.fill('');
    await amount.pressSequentially('45,5');
    await amount.blur();
    expect(await amount.inputValue()).toBe('45,50');
    await expect.poll(() => figure('topup-total')).toBe(squash(formatEuro(incentiveFigures(4_550).totale)));
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('home info popup', () => {
  it('comes with the menu when the user does nothing; axe at 360 and 1280', async () => {
    for (const width of [360, 1280]) {
      const page = await pageOf(MARIO, width);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/info_popup') asked.push(request.url());
      });
      await page.goto('/menu');
      await page.getByTestId('home-menu').waitFor();
      // Its content is asked once, with the menu's data.
      await expect.poll(() => asked.length).toBe(1);
      await popupOf(page).waitFor();
      await settle(page);
      expect(await axeViolations(page), `popup ${width}`).toEqual([]);
      expect(await dismissInfoPopup(page)).toBe(true);
    }
  });

  it('never opens over a click already started: it comes at the next visit of the home', async () => {
    const page = await pageOf(MARIO, 360);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/info_popup', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/menu');
    await page.getByTestId('home-menu').waitFor();
    // The user clicks a badge before the popup's content has come.
    await page.locator('[data-menu-key="tree-buoni"]').click();
    await page.waitForURL(/[?&]subsection=tree-buoni\b/);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/info_popup');
    release();
    await answered;
    await page.getByRole('heading', { name: 'Buoni e gift card', level: 2 }).waitFor();
    await settle(page);
    expect(await popupOf(page).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('info_popup_shown'))).toBeNull();
    // The subsection's badges take clicks: nothing covers them.
    await page.getByRole('button', { name: account.menuBackToMain }).click();
    await page.getByRole('button', { name: 'Utilizza il tuo credito welfare', exact: true }).waitFor();

    // Back on the home in the same session: the popup comes.
    await page.unroute('**/api/info_popup');
    await page.goto('/menu');
    await popupOf(page).waitFor();
    expect(await dismissInfoPopup(page)).toBe(true);
  });
});

describe('key generation', () => {
  it('says what is happening while the pair is generated, in a live region', async () => {
    const page = await pageOf(LAURA, 1280);
    await page.goto(routes['office-cifratura-chain'].path);
    const progress = page.getByTestId('key-progress');
    await progress.waitFor({ state: 'attached' });
    expect(await progress.getAttribute('aria-live')).toBe('polite');
    // The registration is held, so the text can be read before the key is done.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/chiavi_pubbliche', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: tables.boKeysGenerate }).click();
    await expect
      .poll(() => progress.innerText())
      .toMatch(new RegExp(`^(${escape(tables.boKeysGenerating)}|${escape(tables.boKeysRegistering)})$`));
    await expect.poll(() => progress.innerText()).toBe(tables.boKeysRegistering);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    release();
    await page.getByTestId('key-generated').waitFor();
    await expect.poll(() => progress.innerText()).toBe('');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
