/**
 * Showcases end to end (issue 13): the built portal, a real server, Chromium. Lean on purpose: two tests.
 * - 360 px: the voucher home, a retailer's showcase (18 a page, the pager, the search sending one call
 *   per pause), a voucher bought through the detail modal and the purchase engine (art. 51 c.3 before and
 *   after, the movement, the delivered code on the purchase detail page), axe and screenshots;
 * - 1280 px: the mutual-aid disclaimer gate (not closable by Escape, Prosegui only once ticked), the
 *   sections grid, a section's detail modal, the supplementary-health purchase from the total and its SSO
 *   window on the demo partner; the voucher grids at 1280 px; axe and screenshots;
 * - 1280 px, one page walking the other purchase kinds: the fuel card (bought once, then none offered and
 *   a second refused), a Toduba voucher (appaga's send button disabled, the ollipay purchase page of the
 *   wfm profile), a section's product from art. 51 c.3, a product of the "100" page (conv-eurete-100)
 *   from the total; for each the credit before and after, the movement in the history and its link to
 *   the purchase detail with the delivered code, the same code in the notifications inbox; the "100"
 *   page at 360 and 1280 px and the history at 1280 px with axe and screenshots.
 */
import { describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { messages } from '../../config/messages-account.it';
import { tableMessages } from '../../config/messages-tables.it';
import { routes } from '../../config/routes';
import type { Page } from 'playwright-core';
import { formatTableMessage } from '../../src/shared/catalogues/tables';
import { settle, useContexts } from './auth-helpers';
import { credit } from './form-driver';
import { cents, euro, squash } from './movements-helpers';
import { axeViolations, dismissInfoPopup, screenshotDir, usePortal } from './harness';

const MARIO = 'mario.rossi@example.com';
const CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

const portal = usePortal();
const { server, signIn } = portal;
const contexts = useContexts(portal);

const retailerId = async (name: string) =>
  Number(
    (
      await server.app.db
        .selectFrom('aml_retailers')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id,
  );

/** From the Buy button's click: the summary, the success (its purchase id), Ok, the menu. */
async function confirmPurchase(page: Page): Promise<number> {
  await page
    .getByRole('dialog', { name: formMessages.formConfirmTitle })
    .getByRole('button', { name: messages.proceed })
    .click();
  const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
  await success.waitFor();
  const id = Number(/con l'id (\d+)/.exec(await success.innerText())?.[1]);
  expect(id).toBeGreaterThan(0);
  await success.getByRole('button', { name: messages.ok }).click();
  await page.waitForURL(/\/menu$/);
  return id;
}

const deliveredCode = async (purchaseId: number) =>
  (
    await server.app.db
      .selectFrom('delivered_codes')
      .select('code')
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow()
  ).code;

describe('showcases', () => {
  it('vouchers at 360 px: grid, paging, debounced search, a purchase and its delivered code', async () => {
    const context = await contexts.context(360);
    const token = await signIn(context, MARIO);
    const page = await context.newPage();
    const before = await credit(page, token);

    await page.goto('/aml/conv-aml');
    await page.getByRole('heading', { level: 1, name: messages.titleVouchers }).waitFor();
    await page.getByRole('link', { name: 'Supermercato Fresco' }).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-conv-aml-360.png`, fullPage: true });

    const id = await retailerId('Supermercato Fresco');
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/aml_prodotti/${id}` && url.searchParams.has('filter'))
        searches.push(url.searchParams.toString());
    });
    await page.getByRole('link', { name: 'Supermercato Fresco' }).click();
    await page.waitForURL(`**/aml/forn-aml/${id}`);
    const cards = page.getByTestId(/^showcase-item-/);
    await expect.poll(() => cards.count()).toBe(18);
    await page.getByTestId('showcase-header').getByRole('heading', { name: 'Supermercato Fresco' }).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-forn-aml-360.png`, fullPage: true });

    // Paging: 20 vouchers, 18 a page.
    await page.getByRole('button', { name: formatTableMessage('tablePage', { n: 2 }) }).click();
    await expect.poll(() => cards.count()).toBe(2);

    // Search: typing within one pause sends one call, from the first page.
    await page
      .getByRole('searchbox', { name: formMessages.formRetailerSearchLabel })
      .pressSequentially('bio', {
        delay: 60,
      });
    await expect.poll(() => cards.count()).toBe(5);
    await page.waitForTimeout(800);
    expect(searches).toEqual(['page=1&page_size=18&price_sort=true&filter=bio']);
    await page.getByRole('searchbox', { name: formMessages.formRetailerSearchLabel }).fill('');
    await expect.poll(() => cards.count()).toBe(18);

    // Buy the 25 € voucher: the modal, the summary, the success, the menu.
    await page.getByRole('button', { name: 'Buono 25 €' }).click();
    const modal = page.getByRole('dialog', { name: 'Buono 25 €' });
    await modal.waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: formMessages.formPurchaseBuy }).click();
    const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
    await confirm.getByRole('button', { name: messages.proceed }).click();
    const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
    await success.waitFor();
    const purchaseId = Number(/con l'id (\d+)/.exec(await success.innerText())?.[1]);
    expect(purchaseId).toBeGreaterThan(0);
    await success.getByRole('button', { name: messages.ok }).click();
    await page.waitForURL(/\/menu$/);
    await dismissInfoPopup(page, 3000);

    const after = await credit(page, token);
    expect(cents(before.art51c3) - cents(after.art51c3)).toBe(2500);
    expect(cents(before.totale) - cents(after.totale)).toBe(2500);
    const movement = await server.app.db
      .selectFrom('movements')
      .select(['verso', 'importo', 'id_kind', 'soggetto'])
      .where('id_acquisto', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(movement).toEqual({ verso: 'DARE', importo: 2500, id_kind: 5, soggetto: 'Supermercato Fresco' });

    // The delivered code: the purchase detail, the same as the inbox's.
    await page.goto(`/acquisti/${purchaseId}`);
    const code = (await page.getByTestId('delivered-code').innerText()).trim();
    expect(code).toMatch(CODE);
    const stored = await server.app.db
      .selectFrom('delivered_codes')
      .select('code')
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(stored.code).toBe(code);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-delivered-code-360.png`, fullPage: true });
  }, 120_000);

  it('mutual aid at 1280 px: the disclaimer gate, sections, a section, the health purchase and its SSO window', async () => {
    const context = await contexts.context(1280);
    const token = await signIn(context, MARIO);
    const page = await context.newPage();

    await page.goto('/aml/conv-aml');
    await page.getByRole('link', { name: 'Supermercato Fresco' }).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-conv-aml-1280.png`, fullPage: true });
    await page.getByRole('link', { name: 'Libreria Centrale' }).click();
    await expect.poll(() => page.getByTestId(/^showcase-item-/).count()).toBe(18);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-forn-aml-1280.png`, fullPage: true });

    await page.goto('/eurete/conv-eurete-buoni');
    const gate = page.getByRole('dialog', { name: formMessages.formEureteDisclaimerTitle });
    await gate.waitFor();
    await settle(page);
    await page.keyboard.press('Escape');
    await gate.waitFor();
    const proceed = gate.getByRole('button', { name: messages.proceed });
    expect(await proceed.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-eurete-gate-1280.png` });
    await gate.getByRole('checkbox', { name: formMessages.formEureteDisclaimerAccept }).check();
    await proceed.click();
    await gate.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Famiglia' }).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-eurete-sections-1280.png`, fullPage: true });

    await page.getByRole('link', { name: 'Famiglia' }).click();
    await page.waitForURL('**/eurete/sez-eurete/famiglia');
    await expect.poll(() => page.getByTestId(/^showcase-item-/).count()).toBe(8);
    await page.getByRole('button', { name: 'Contributo nascita' }).click();
    const detail = page.getByRole('dialog', { name: 'Contributo nascita' });
    await detail.waitFor();
    await settle(page);
    await page.keyboard.press('Escape');
    await detail.getByRole('link', { name: formMessages.formEureteTechSheet }).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-eurete-section-1280.png`, fullPage: true });
    await detail.getByRole('button', { name: messages.cancel }).click();
    await detail.waitFor({ state: 'detached' });

    // The supplementary health: from the total, then the SSO window on the demo partner.
    const before = await credit(page, token);
    await page.goto('/eurete/conv-assirete');
    await page.getByRole('button', { name: 'Piano salute base' }).click();
    await page
      .getByRole('dialog', { name: 'Piano salute base' })
      .getByRole('button', { name: formMessages.formPurchaseBuy })
      .click();
    await page
      .getByRole('dialog', { name: formMessages.formConfirmTitle })
      .getByRole('button', { name: messages.proceed })
      .click();
    const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
    await success.waitFor();
    const [partner] = await Promise.all([
      context.waitForEvent('page'),
      success.getByRole('button', { name: messages.ok }).click(),
    ]);
    await partner.waitForURL(/\/demo-partner\/convenzioni\/conv-assirete\?d=/);
    await partner.getByRole('heading', { level: 1, name: 'Benvenuto, Mario Rossi' }).waitFor();
    await page.waitForURL(/\/menu$/);
    const after = await credit(page, token);
    expect(cents(before.totale) - cents(after.totale)).toBe(24_000);
    expect(after.art51c3).toBe(before.art51c3);
  }, 120_000);

  it('every other purchase kind in one walk: fuel card, app vouchers, mutual aid from art. 51 c.3 and from the total; history, detail and inbox', async () => {
    const context = await contexts.context(1280);
    const token = await signIn(context, MARIO);
    const page = await context.newPage();
    const bought: { id: number; oggetto: string; amount: string }[] = [];

    // The fuel card: the highest within the year's limit, once.
    let before = await credit(page, token);
    await page.goto(routes['bonus-benzina'].path);
    const card = page.getByTestId('fuel-card');
    await card.getByText('Carta carburante 200 €').waitFor();
    await card.getByRole('button', { name: formMessages.formPurchaseBuy }).click();
    bought.push({
      id: await confirmPurchase(page),
      oggetto: 'Bonus carburante: Carta carburante 200 €',
      amount: '200.00',
    });
    let after = await credit(page, token);
    expect(cents(before.art51c3) - cents(after.art51c3)).toBe(20_000);
    expect(cents(before.totale) - cents(after.totale)).toBe(20_000);
    // Then none is offered, and a second card is refused.
    await page.goto(routes['bonus-benzina'].path);
    await page.getByTestId('fuel-none').getByText(formMessages.formFuelNone).waitFor();
    const second = await page.request.post('/api/crea_acquisto/bonus-benzina', {
      headers: { Authorization: `Token ${token}`, Customer: 'Acme', 'Idempotency-Key': 'e2e-second-card' },
      data: { product_code: 'FUEL-50' },
    });
    expect(second.status()).toBe(400);
    expect(await second.json()).toEqual({ product_code: [formMessages.formFuelAlreadyBought] });

    // A Toduba voucher of 10 euro from art. 51 c.3.
    before = after;
    await page.goto(routes['conv-toduba'].path);
    await page.getByRole('radio', { name: /^10,00/ }).check();
    await page.getByRole('button', { name: formMessages.formPurchaseBuy }).click();
    bought.push({ id: await confirmPurchase(page), oggetto: 'Buono Toduba', amount: '10.00' });
    after = await credit(page, token);
    expect(cents(before.art51c3) - cents(after.art51c3)).toBe(1_000);

    // Appaga: chosen or not, its send button stays disabled. Ollipay: mario's profile is wfm, a purchase page.
    await page.goto(routes['conv-appaga'].path);
    await page.getByRole('radio', { name: /^10,00/ }).check();
    await page.getByTestId('app-voucher-disabled').waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: formMessages.formPurchaseBuy }).isDisabled())
      .toBe(true);
    await page.goto(routes['conv-ollipay'].path);
    await page.getByRole('heading', { level: 1, name: messages.titleWfm }).waitFor();
    // The heading comes before the amounts (they load): wait for them.
    await expect.poll(() => page.getByRole('radio').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: formMessages.formPurchaseBuy }).isEnabled())
      .toBe(true);

    // A section's product from art. 51 c.3 (the disclaimer again: this tab's session has not agreed yet).
    before = after;
    await page.goto('/eurete/sez-eurete/famiglia');
    const gate = page.getByRole('dialog', { name: formMessages.formEureteDisclaimerTitle });
    await gate.getByRole('checkbox', { name: formMessages.formEureteDisclaimerAccept }).check();
    await gate.getByRole('button', { name: messages.proceed }).click();
    await page.getByRole('button', { name: 'Contributo nascita' }).click();
    await page
      .getByRole('dialog', { name: 'Contributo nascita' })
      .getByRole('button', { name: formMessages.formPurchaseBuy })
      .click();
    bought.push({
      id: await confirmPurchase(page),
      oggetto: 'Welfare sociale Eurete: Contributo nascita',
      amount: '150.00',
    });
    after = await credit(page, token);
    expect(cents(before.art51c3) - cents(after.art51c3)).toBe(15_000);

    // The "100" page: its products from the total (the agreement of this session holds).
    before = after;
    await page.goto(routes['conv-eurete-100'].path);
    await page
      .getByTestId('showcase-header')
      .getByRole('heading', { name: 'Welfare sociale art. 100' })
      .waitFor();
    await expect.poll(() => page.getByTestId(/^showcase-item-/).count()).toBe(8);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-eurete-100-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Tessera musei' }).click();
    await page
      .getByRole('dialog', { name: 'Tessera musei' })
      .getByRole('button', { name: formMessages.formPurchaseBuy })
      .click();
    bought.push({
      id: await confirmPurchase(page),
      oggetto: 'Welfare sociale Eurete art. 100: Tessera musei',
      amount: '60.00',
    });
    after = await credit(page, token);
    expect(cents(before.totale) - cents(after.totale)).toBe(6_000);
    expect(after.art51c3).toBe(before.art51c3);

    // The history: each movement, with its link to the purchase detail showing the delivered code.
    await page.goto(routes.dashmovimenti.path);
    for (const { id, oggetto, amount } of bought) {
      const link = page.getByRole('link', {
        name: formatTableMessage('movDeliveredCodeLabel', { id }),
      });
      const row = page.getByTestId('movement-row').filter({ has: link });
      const text = squash(await row.innerText());
      expect(text).toContain(oggetto);
      expect(text).toContain(euro(amount));
      await link.click();
      await page.waitForURL(`**/acquisti/${id}`);
      expect((await page.getByTestId('delivered-code').innerText()).trim()).toBe(await deliveredCode(id));
      // Back through its link to the history.
      await page.getByTestId('purchase-detail-history').click();
      await page.waitForURL(/\/dashmovimenti$/);
    }
    await page.getByRole('link', { name: tableMessages.movDeliveredCode }).first().waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-history-codes-1280.png` });

    // The inbox: the newest notices are these purchases', each with its code.
    await page.goto(routes['site-notifiche'].path);
    const notices = new Map<number, string>();
    for (let index = 0; index < bought.length; index += 1) {
      await page.getByTestId('notification-row').nth(index).getByRole('button', { name: /^Apri/ }).click();
      const dialog = page.getByRole('dialog', { name: messages.inboxDetailTitle });
      const text = await dialog.getByTestId('notification-text').innerText();
      notices.set(Number(/acquisto n\. (\d+)/.exec(text)?.[1]), text);
      // Its own Chiudi (the header's close button has the same name).
      await dialog.getByRole('button', { name: messages.close }).last().click();
      await dialog.waitFor({ state: 'detached' });
    }
    for (const { id } of bought) expect(notices.get(id)).toContain(await deliveredCode(id));

    // The "100" page on a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(routes['conv-eurete-100'].path);
    await expect.poll(() => page.getByTestId(/^showcase-item-/).count()).toBe(8);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/showcase-eurete-100-360.png`, fullPage: true });
  }, 180_000);
});
