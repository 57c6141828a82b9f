/**
 * Conventions end to end (issue 14): the built portal, a real server, Chromium.
 * - 360 px: mario meets the disclaimer, accepts it, browses the categories, filters suppliers by
 *   province and the company suppliers by name, opens a showcase (pager, search), opens an article of
 *   each template ("Template non trovato" for an unknown one, the e-mail hidden by no_mail, the image
 *   carousel) and buys one from the total credit (credit down, the movement in the history);
 * - 1280 px: the consortium page without a PIN (warning, Acquista disabled), the affiliates modal, the
 *   PIN made on gestione-pin and read from the mailbox, the voucher bought from art51c3, seen in
 *   stato-voucher, partly redeemed at the demo supplier's till with the PIN, and the redemption in the
 *   detail modal.
 * axe on every screen at its width; screenshots in .tmp/screenshots. Lean: two tests, one browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../config/messages-account.it';
import { formMessages } from '../../config/messages-forms.it';
import { messages as tableMessages } from '../../config/messages-tables.it';
import { formatEuro } from '../../src/shared/money';
import { outbox, settle, useContexts } from './auth-helpers';
import { credit } from './form-driver';
import { cents, squash } from './movements-helpers';
import { axeViolations, dismissInfoPopup, screenshotDir, usePortal } from './harness';

const MARIO = 'mario.rossi@example.com';

const portal = usePortal();
const { server, signIn } = portal;
const contexts = useContexts(portal);

async function api<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, {
    headers: { Authorization: `Token ${token}`, Customer: 'Acme' },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

interface Supplier {
  id: number;
  nome: string;
}
interface Article {
  id: number;
  descrizione: string;
  prezzo_scontato: string;
  disponibilita_max: number;
  imgs: unknown[];
  id_template: { nome: string };
}

async function checked(page: Page, name: string) {
  await settle(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

describe('conventions', () => {
  it('browses, filters, opens every template and buys an article (360 px)', async () => {
    const context = await contexts.context(360);
    const token = await signIn(context, MARIO);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto('/sellers/home-fornitori');
    const disclaimer = page.getByRole('dialog', { name: formMessages.formSellersDisclaimerTitle });
    await disclaimer.waitFor();
    const accept = disclaimer.getByRole('button', { name: formMessages.formSellersDisclaimerAccept });
    expect(await accept.isDisabled()).toBe(true);
    await checked(page, 'sellers-disclaimer-360');
    await disclaimer.getByRole('checkbox', { name: formMessages.formEureteDisclaimerAccept }).check();
    await accept.click();
    await disclaimer.waitFor({ state: 'hidden' });
    expect(await api(page, token, '/conv_special_agreed')).toEqual({ conv_special_agreed: true });

    // Categories, then the suppliers of one, filtered by province.
    await page.getByRole('button', { name: 'Salute e benessere' }).click();
    await page.getByRole('heading', { level: 1, name: 'Salute e benessere' }).waitFor();
    await page.getByTestId('showcase-grid').getByText('Terme Reali di Torino').waitFor();
    await page.getByRole('combobox', { name: formMessages.formSellersProvince }).click();
    await page.getByRole('option', { name: 'Milano' }).click();
    await page.waitForURL(/provincia=MI/);
    await expect
      .poll(() => page.getByTestId('showcase-grid').getByText('Terme Reali di Torino').count())
      .toBe(0);
    await page.getByTestId('showcase-grid').getByText('Centro Medico Sempione').waitFor();
    await checked(page, 'sellers-suppliers-360');

    // Company suppliers: the filter on first name and surname.
    await page.getByTestId('sellers-back').click();
    await page.getByRole('button', { name: 'Fornitori aziendali' }).click();
    await page.getByTestId('showcase-grid').getByText('Giovanni Ferri').waitFor();
    await page.getByRole('searchbox', { name: formMessages.formSellersCompanySearch }).fill('ferr');
    await expect.poll(() => page.getByTestId('showcase-grid').locator('a').count()).toBe(2);
    expect(await page.getByTestId('showcase-grid').innerText()).toContain('Chiara Ferrari');
    await page.getByRole('searchbox', { name: formMessages.formSellersCompanySearch }).fill('GIOVANNI FE');
    await expect.poll(() => page.getByTestId('showcase-grid').locator('a').count()).toBe(1);

    // A showcase of 24 articles: 18 on the first page, the pager, the search.
    const [centro] = (await api<Supplier[]>(page, token, '/fornitori_convenzionati?id_categoria=1')).filter(
      (s) => s.nome === 'Centro Medico Sempione',
    );
    await page.goto(`/sellers/vetrina-fornitore/${centro!.id}`);
    await page.getByRole('heading', { name: 'Centro Medico Sempione' }).waitFor();
    await expect.poll(() => page.getByTestId('showcase-grid').locator('a').count()).toBe(18);
    await page.getByTestId('showcase-pager').waitFor();
    await checked(page, 'sellers-showcase-360');
    await page.getByRole('searchbox', { name: formMessages.formSellersArticleSearch }).fill('check-up');
    await expect.poll(() => page.getByTestId('showcase-grid').locator('a').count()).toBeLessThan(18);
    expect(await page.getByTestId('showcase-pager').count()).toBe(0);

    // One article of each template.
    const articles = (await api<{ results: Article[] }>(page, token, `/vetrina_fornitore/${centro!.id}`))
      .results;
    const of = (template: string, extra: (a: Article) => boolean = () => true) =>
      articles.find((a) => a.id_template.nome === template && extra(a))!;
    await page.goto(`/sellers/vetrina-articolo/${of('tmpl_with_images', (a) => a.imgs.length > 1).id}`);
    const carousel = page.getByTestId('article-carousel');
    await carousel.waitFor();
    expect(await page.getByTestId('article-supplier-email').count()).toBe(1);
    const first = await carousel.getAttribute('data-shown');
    await expect.poll(() => carousel.getAttribute('data-shown'), { timeout: 6_000 }).not.toBe(first);
    await checked(page, 'sellers-article-images-360');
    await page.goto(`/sellers/vetrina-articolo/${of('tmpl_with_images_no_mail').id}`);
    await page.getByTestId('article-tmpl_with_images_no_mail').waitFor();
    expect(await page.getByTestId('article-supplier-email').count()).toBe(0);
    await page.goto(`/sellers/vetrina-articolo/${of('tmpl_default_no_mail').id}`);
    await page.getByTestId('article-tmpl_default_no_mail').waitFor();
    expect(await page.getByTestId('article-supplier-email').count()).toBe(0);
    expect(await page.getByTestId('article-carousel').count()).toBe(0);
    await page.goto(`/sellers/vetrina-articolo/${of('tmpl_legacy').id}`);
    await page.getByText(formMessages.formSellersTemplateNotFound).waitFor();

    // Buy a default-template article from the total credit.
    const article = of('tmpl_default', (a) => a.disponibilita_max > 0 && Number(a.prezzo_scontato) < 500);
    const before = await credit(page, token);
    await page.goto(`/sellers/vetrina-articolo/${article.id}`);
    await page.getByTestId('article-tmpl_default').waitFor();
    expect(await page.getByTestId('article-supplier-email').count()).toBe(1);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    await checked(page, 'sellers-article-360');
    await page.getByTestId('article-buy').click();
    const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
    await confirm.waitFor();
    expect(squash(await confirm.getByTestId('confirm-figures').innerText())).toContain(
      squash(formatEuro(cents(article.prezzo_scontato))),
    );
    await confirm.getByRole('button', { name: messages.proceed }).click();
    const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
    await success.waitFor({ timeout: 30_000 });
    await success.getByRole('button', { name: messages.ok }).click();
    await page.waitForURL(/\/menu$/);
    await dismissInfoPopup(page, 3000);
    expect(cents((await credit(page, token)).totale)).toBe(
      cents(before.totale) - cents(article.prezzo_scontato),
    );
    await page.goto('/dashmovimenti');
    const row = page.getByTestId('movement-row').filter({ hasText: 'Centro Medico Sempione' }).first();
    await row.waitFor();
    expect(squash(await row.innerText())).toContain(squash(formatEuro(cents(article.prezzo_scontato))));
    expect(dialogs).toEqual([]);
  }, 120_000);

  it('buys a consortium voucher with a PIN, redeems part at the supplier and shows it (1280 px)', async () => {
    const context = await contexts.context(1280);
    const token = await signIn(context, MARIO);
    const page = await context.newPage();
    const [consortium] = (
      await api<Supplier[]>(page, token, '/fornitori_convenzionati?id_categoria=9')
    ).filter((s) => s.nome === 'Consorzio Benessere Lombardia');
    const before = await credit(page, token);

    // Without a PIN: the warning, and Acquista stays disabled.
    await page.goto(`/sellers/vetrina-consorzio/${consortium!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Consorzio Benessere Lombardia' }).waitFor();
    await page.getByTestId('purchase-pin-missing').waitFor();
    await page.getByRole('combobox', { name: formMessages.formSellersVoucherCut }).click();
    await page.getByRole('option', { name: formatEuro(5000), exact: true }).click();
    await page.getByRole('checkbox', { name: /art\. 51 c\.3 del TUIR/ }).check();
    expect(await page.getByTestId('consortium-buy').isDisabled()).toBe(true);
    expect(await page.getByTestId('consortium-voucher').innerText()).toContain(formatEuro(51500));
    const maps = await page.getByTestId('consortium-maps').getAttribute('href');
    expect(maps).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Via.+Milano/);
    await checked(page, 'sellers-consortium-nopin-1280');
    await page.getByTestId('consortium-affiliates-open').click();
    const affiliates = page.getByTestId('consortium-affiliates');
    await affiliates.waitFor();
    const names = (await affiliates.locator('li').allInnerTexts()).map((t) => t.split(' – ')[0]!.trim());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    expect(names).toContain('Palestra Olimpia');
    await checked(page, 'sellers-affiliates-1280');
    await page.keyboard.press('Escape');

    // The PIN: made on gestione-pin, mailed, never shown.
    await page.getByRole('link', { name: formMessages.formSellersVoucherGoToPin }).click();
    await page.getByRole('heading', { name: formMessages.formSellersPinTitle }).waitFor();
    await page.getByTestId('pin-generate').click();
    await page.getByTestId('pin-sent').waitFor();
    const mail = (await outbox(server, MARIO)).find((m) => m.subject.includes('PIN identificativo'))!;
    const pin = /è (\d{6})\./.exec(mail.text)![1]!;
    expect(await page.locator('body').innerText()).not.toContain(pin);
    await checked(page, 'sellers-pin-1280');

    // The voucher, from art51c3.
    await page.goto(`/sellers/vetrina-consorzio/${consortium!.id}`);
    await page.getByTestId('consortium-credit').waitFor();
    expect(await page.getByTestId('purchase-pin-missing').count()).toBe(0);
    await page.getByRole('combobox', { name: formMessages.formSellersVoucherCut }).click();
    await page.getByRole('option', { name: formatEuro(5000), exact: true }).click();
    expect(await page.getByTestId('consortium-buy').isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /art\. 51 c\.3 del TUIR/ }).check();
    await page.getByTestId('consortium-buy').click();
    const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: messages.proceed }).click();
    const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
    await success.waitFor({ timeout: 30_000 });
    await success.getByRole('button', { name: messages.ok }).click();
    await page.waitForURL(/\/menu$/);
    expect(cents((await credit(page, token)).art51c3)).toBe(cents(before.art51c3) - 5000);

    // stato-voucher: the voucher, no movement yet.
    await page.goto('/sellers/stato-voucher');
    const voucherRow = page.getByTestId('voucher-row').first();
    await voucherRow.waitFor();
    const code = /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(await voucherRow.innerText())![0];
    expect(squash(await voucherRow.innerText())).toContain(squash(formatEuro(5000)));
    await checked(page, 'sellers-vouchers-1280');

    // The supplier's till redeems 12,50 € with the PIN.
    const till = await context.newPage();
    await till.goto('/demo-fornitore');
    await till.getByLabel('Fornitore').selectOption({ label: 'Palestra Olimpia' });
    await till.getByLabel('Codice del buono').fill(code);
    await till.getByLabel('PIN del titolare').fill(pin);
    await till.getByLabel('Importo da scalare').fill('12.50');
    await till.getByRole('button', { name: 'Scala dal buono' }).click();
    await till.getByTestId('demo-supplier-done').waitFor();
    expect(squash(await till.getByTestId('demo-supplier-done').innerText())).toContain(
      squash(`Credito residuo: ${formatEuro(3750)}`),
    );
    expect(await axeViolations(till)).toEqual([]);
    await till.screenshot({ path: `${screenshotDir}/sellers-demo-supplier-1280.png`, fullPage: true });
    await till.close();

    // The redemption in the detail modal.
    await page.reload();
    const row = page.getByTestId('voucher-row').first();
    await row.waitFor();
    await expect.poll(async () => squash(await row.innerText())).toContain(squash(formatEuro(3750)));
    await row.getByRole('button', { name: `Movimenti del buono ${code}` }).click();
    const detail = page.getByRole('dialog', { name: tableMessages.voucherDetailTitle });
    await detail.waitFor();
    const movements = detail.getByTestId('voucher-movements');
    expect(squash(await movements.innerText())).toContain(squash(`Palestra Olimpia ${formatEuro(1250)}`));
    await checked(page, 'sellers-voucher-detail-1280');
  }, 120_000);
});
