/**
 * The six request forms end to end (issue 5), as mario.rossi@example.com of acme, in Chromium against
 * the built portal and a real server on a fresh embedded database: each form is filled the way a user
 * does, with real PDF, JPEG and PNG files (two images merged into one PDF in the browser), confirmed in
 * `Riepilogo operazione`, and its purchase checked in the database and in the credit (the right
 * balance lowered by the amount). Then the spec's refusals, each of which must submit nothing.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import { TestContexts, settle } from './auth-helpers';
import {
  answerFormModals,
  chooseCategory,
  countSubmissions,
  credit,
  openForm,
  pickDate,
  selectFiles,
  submitAndConfirm,
  uploadSlot,
} from './form-driver';
import { makeImage, makeLargePdf, makePdf } from './form-files';
import { cents, euro, squash } from './movements-helpers';
import {
  axeViolations,
  dismissInfoPopup,
  launchBrowser,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';
import { euro as euroParam, formatItalianCents, parseCents } from '../../src/shared/money';
import { messages } from '../../src/shared/catalogues/account';
import { legalParams, taxYear } from '../../src/shared/legal-figures';

const MARIO = 'mario.rossi@example.com';

let server: E2eServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let marioId: number;

const contexts = new TestContexts(
  () => browser,
  () => server.baseUrl,
);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const user = await server.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', MARIO)
    .executeTakeFirstOrThrow();
  marioId = Number(user.id);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  const errors = await contexts.closeAll();
  expect(errors).toEqual([]);
});

async function marioPage(width = 360): Promise<{ page: Page; token: string }> {
  const context = await contexts.context(width);
  const token = await server.login(MARIO);
  await seedSession(context, token, 'acme');
  const page = await context.newPage();
  // A failing step leaves a picture of what the user saw.
  onTestFailed(async ({ task }) => {
    const name = task.name.replace(/\W+/g, '-').slice(0, 60);
    await page
      .screenshot({ path: `${screenshotDir}/failed-${name}.png`, fullPage: true })
      .catch(() => undefined);
  });
  return { page, token };
}

async function purchase(id: number) {
  return server.app.db
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', marioId)
    .executeTakeFirstOrThrow();
}

async function purchaseCount(): Promise<number> {
  const row = await server.app.db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', marioId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function documentsOf(purchaseId: number) {
  return server.app.db
    .selectFrom('documents')
    .select(['id', 'file_kind', 'file_num', 'mime', 'size'])
    .where('purchase_id', '=', purchaseId)
    .orderBy('id')
    .execute();
}

/** The beneficiary block's segmented control (its radios are visually hidden, as Mantine draws them). */
async function chooseFamilyMember(page: Page): Promise<void> {
  await page.getByText(formMessages.formBeneficiaryFamily, { exact: true }).scrollIntoViewIfNeeded();
  await page.getByRole('radio', { name: formMessages.formBeneficiaryFamily }).dispatchEvent('click');
  await page.getByRole('combobox', { name: formMessages.formBeneficiaryTaxCode }).waitFor();
}

/** Fills the amount field by its label, the way a user types it. */
async function typeAmount(page: Page, label: RegExp, value: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label });
  await field.fill('');
  await field.pressSequentially(value);
}

/** The total credit shown in the navbar's popover equals the API's after a purchase. */
async function expectCreditLowered(
  page: Page,
  token: string,
  before: { totale: string; art51c3: string },
  amount: string,
  source: 'totale' | 'art51c3',
): Promise<void> {
  const after = await credit(page, token);
  expect(cents(after.totale)).toBe(cents(before.totale) - cents(amount));
  if (source === 'art51c3') expect(cents(after.art51c3)).toBe(cents(before.art51c3) - cents(amount));
  else expect(cents(after.art51c3)).toBeLessThanOrEqual(cents(before.art51c3));
  // The navbar reads the same credit again after the success dialog (Ok refreshes it); the home's
  // once-per-session information popup comes first.
  await dismissInfoPopup(page);
  await page.getByRole('button', { name: /Il mio credito/ }).click();
  await expect.poll(async () => squash(await page.locator('body').innerText())).toContain(euro(after.totale));
}

describe('the six request forms', () => {
  it('rimb-spese: family beneficiary found by tax code, two JPEGs merged into one PDF, credit lowered', async () => {
    const { page, token } = await marioPage();
    const before = await credit(page, token);
    await openForm(page, '/base-request/rimb-spese');
    await chooseCategory(page, 'Spese mediche e sanitarie');
    await typeAmount(page, /Importo da rimborsare/, '45,50');
    const receipt = [
      await makeImage(page, 'ricevuta-1.jpg', 'image/jpeg'),
      await makeImage(page, 'ricevuta-2.jpg', 'image/jpeg'),
    ];
    await uploadSlot(page, 'doc_pagam', receipt);
    await uploadSlot(page, 'doc_acq', [await makePdf('fattura.pdf', 'Fattura visita specialistica')]);
    // Family member: the child seeded for mario, found from two typed characters of the code.
    await chooseFamilyMember(page);
    const taxCode = page.getByRole('combobox', { name: formMessages.formBeneficiaryTaxCode });
    await taxCode.pressSequentially('rs');
    await page.getByRole('option', { name: /Luca Rossi/ }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: formMessages.formBeneficiaryName }).inputValue())
      .toBe('Luca Rossi');
    await uploadSlot(page, 'doc_fam', [await makeImage(page, 'stato-famiglia.png', 'image/png')]);
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/form-rimb-spese-filled-360.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    const id = await submitAndConfirm(page, '45.50');
    const row = await purchase(id);
    expect(row.kind).toBe(1);
    expect(Number(row.importo)).toBe(4550);
    expect(row.credit_source).toBe('totale');
    const payload = row.payload as Record<string, unknown>;
    expect(payload.me_stesso).toBe(false);
    expect(payload.nome_ben).toBe('Luca Rossi');
    expect(payload.id_relazione_ben).toBe(3);
    const docs = await documentsOf(id);
    expect(docs.map((d) => d.file_kind).sort()).toEqual(['doc_acq', 'doc_fam', 'doc_pagam']);
    const merged = docs.find((d) => d.file_kind === 'doc_pagam')!;
    expect(merged.file_num).toBe(2);
    expect(merged.mime).toBe('application/pdf');
    await expectCreditLowered(page, token, before, '45.50', 'totale');
  });

  it('conv-ondemand: supplier found by partita IVA, quote PDF, expiry date, notes', async () => {
    const { page, token } = await marioPage(1280);
    const before = await credit(page, token);
    await openForm(page, '/base-request/conv-ondemand');
    // Empty form (placeholders) and an open calendar: nothing for axe either.
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Data di scadenza/ }).click();
    await page.locator('button[data-today]:visible').first().waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await chooseCategory(page, 'Corsi di lingua straniera');
    await typeAmount(page, /Importo del preventivo/, '320');
    await pickDate(page, page.getByRole('button', { name: /Data di scadenza/ }), 1);
    await page.getByRole('textbox', { name: /^Note/ }).fill('Corso di inglese B2, 40 ore');
    await uploadSlot(page, 'doc_preven', [await makePdf('preventivo.pdf', 'Preventivo corso di inglese', 2)]);
    const vat = page.getByRole('combobox', { name: formMessages.formSupplierVat });
    await vat.pressSequentially('01234567897');
    await expect
      .poll(() => page.getByRole('textbox', { name: formMessages.formSupplierName }).inputValue())
      .not.toBe('');
    await page.screenshot({ path: `${screenshotDir}/form-conv-ondemand-filled-1280.png`, fullPage: true });

    const id = await submitAndConfirm(page, '320.00');
    const row = await purchase(id);
    expect(row.kind).toBe(4);
    const payload = row.payload as { fornitore: { p_iva: string }; note: string; me_stesso: boolean };
    expect(payload.fornitore.p_iva).toBe('01234567897');
    expect(payload.note).toBe('Corso di inglese B2, 40 ore');
    expect(payload.me_stesso).toBe(true);
    expect((await documentsOf(id)).map((d) => d.file_kind)).toEqual(['doc_preven']);
    await expectCreditLowered(page, token, before, '320.00', 'totale');
  });

  it('rimb-interessi: maximum from interest and holders, full amount, IBAN from the saved ones', async () => {
    const { page, token } = await marioPage();
    const before = await credit(page, token);
    await openForm(page, '/base-request/rimb-interessi');
    await chooseCategory(page, 'Interessi passivi mutuo acquisto prima casa');
    await pickDate(page, page.getByRole('button', { name: /Data della prossima rata/ }), 2);
    await typeAmount(page, /Quota interessi/, '1000');
    const holders = page.getByRole('textbox', { name: /Numero di intestatari/ });
    await holders.fill('2');
    await holders.blur();
    await expect
      .poll(async () => squash(await page.getByTestId('loan-maximum').innerText()))
      .toContain(euro('450.00'));
    await page.getByRole('radio', { name: formMessages.formLoanFull }).check();
    const iban = page.getByRole('combobox', { name: /IBAN/ });
    await iban.pressSequentially('it61');
    await page.getByRole('option', { name: /IT61E0200801600000105432178/ }).click();
    await uploadSlot(page, 'doc_rata', [await makePdf('quietanza.pdf', 'Quietanza rata di ottobre')]);
    await uploadSlot(page, 'doc_loan', [await makePdf('piano.pdf', 'Piano di ammortamento', 3)]);

    const id = await submitAndConfirm(page, '450.00');
    const row = await purchase(id);
    expect(row.kind).toBe(3);
    expect(Number(row.importo)).toBe(45000);
    const payload = row.payload as Record<string, unknown>;
    expect(payload).toMatchObject({
      importo_interessi: '1000.00',
      intestatari: 2,
      importo_max_rimb: '450.00',
      quant_rimb: 'massima',
      iban: 'IT61E0200801600000105432178',
    });
    await expectCreditLowered(page, token, before, '450.00', 'totale');
  });

  it('rimb-bollette: three required documents, art. 51 c.3 credit, read-only user data', async () => {
    const { page, token } = await marioPage();
    const before = await credit(page, token);
    await openForm(page, '/base-request/rimb-bollette');
    const userData = page.getByTestId('form-user-data');
    await expect.poll(() => userData.getByRole('textbox', { name: 'Cognome' }).inputValue()).toBe('Rossi');
    await chooseCategory(page, 'Gas');
    await typeAmount(page, /Importo della bolletta/, '82,40');
    await uploadSlot(page, 'doc_acq', [await makePdf('bolletta.pdf', 'Bolletta gas')]);
    await uploadSlot(page, 'doc_extr_p', [await makePdf('autocertificazione.pdf', 'Autocertificazione')]);
    await uploadSlot(page, 'doc_pagam', [await makeImage(page, 'pagamento.jpg', 'image/jpeg')]);

    await page.getByRole('button', { name: formMessages.formSubmit }).click();
    const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
    await confirm.waitFor();
    // ART 51 C.3 labels when that credit pays (000 §8).
    expect(await confirm.innerText()).toContain(formMessages.formConfirmCurrentCreditArt51c3);
    await confirm.getByRole('button', { name: messages.cancel }).click();
    await confirm.waitFor({ state: 'hidden' });
    const id = await submitAndConfirm(page, '82.40');
    const row = await purchase(id);
    expect(row.kind).toBe(13);
    expect(row.credit_source).toBe('art51c3');
    await expectCreditLowered(page, token, before, '82.40', 'art51c3');
  });

  it('rimb-aff-mutui: months, mortgage category requires the amortization plan', async () => {
    const { page, token } = await marioPage();
    const before = await credit(page, token);
    await openForm(page, '/base-request/rimb-aff-mutui');
    await chooseCategory(page, 'Canone di locazione prima casa');
    // Rent (id above 68): no amortization plan slot.
    expect(await page.getByTestId('slot-doc_loan').count()).toBe(0);
    await chooseCategory(page, 'Interessi mutuo prima casa');
    await page.getByTestId('slot-doc_loan').waitFor();
    await typeAmount(page, /Importo da rimborsare/, '300');
    await page.getByRole('checkbox', { name: 'gennaio' }).check();
    await page.getByRole('checkbox', { name: 'febbraio' }).check();
    await uploadSlot(page, 'doc_acq', [await makePdf('contratto.pdf', 'Contratto di mutuo')]);
    await uploadSlot(page, 'doc_extr_p', [await makePdf('autocertificazione.pdf', 'Autocertificazione')]);
    await uploadSlot(page, 'doc_pagam', [await makePdf('ricevuta.pdf', 'Ricevuta rata')]);
    // Without the plan the rule of 001 §5 stops the request.
    const submissions = countSubmissions(page);
    await page.getByRole('button', { name: formMessages.formSubmit }).click();
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain(formMessages.formAmortizationRequired);
    expect(submissions.count).toBe(0);
    await uploadSlot(page, 'doc_loan', [await makePdf('piano.pdf', 'Piano di ammortamento', 2)]);

    const id = await submitAndConfirm(page, '300.00');
    const row = await purchase(id);
    expect(row.kind).toBe(14);
    expect((row.payload as { mesi_sel: string[] }).mesi_sel).toEqual(['gennaio', 'febbraio']);
    expect((await documentsOf(id)).map((d) => d.file_kind).sort()).toEqual([
      'doc_acq',
      'doc_extr_p',
      'doc_loan',
      'doc_pagam',
    ]);
    await expectCreditLowered(page, token, before, '300.00', 'art51c3');
  });

  it('conv-previdenza-integrativa: saved fund, blank notes sent as null', async () => {
    const { page, token } = await marioPage();
    const before = await credit(page, token);
    await page.goto('/base-request/conv-previdenza-integrativa');
    // The information on load names this tax year's deductibility limits, as people read euro.
    const info = page.getByRole('dialog', { name: 'Previdenza integrativa' });
    await info.waitFor({ timeout: 30_000 });
    expect(squash(await info.innerText())).toContain(
      squash(formatFormMessage('formInfoPension', legalParams(taxYear()))),
    );
    await page.screenshot({ path: `${screenshotDir}/form-pension-info-360.png` });
    await answerFormModals(page);
    await page.getByRole('checkbox', { name: /Dichiaro di aver letto/ }).check();
    const covip = page.getByRole('textbox', { name: formMessages.formFundCovipCode });
    await expect.poll(() => covip.inputValue()).not.toBe('');
    await typeAmount(page, /Importo da versare/, '150');

    const id = await submitAndConfirm(page, '150.00');
    const row = await purchase(id);
    expect(row.kind).toBe(7);
    const payload = row.payload as Record<string, unknown>;
    expect(payload.note).toBeNull();
    expect(payload).not.toHaveProperty('istituto');
    expect(payload).not.toHaveProperty('nome');
    expect(payload.prev_ok).toBe(true);
    await expectCreditLowered(page, token, before, '150.00', 'totale');
  });
});

describe('replay and refusals', () => {
  it('a replayed expenses purchase opens prefilled', async () => {
    const { page } = await marioPage();
    const last = await server.app.db
      .selectFrom('purchases')
      .select(['id', 'importo', 'payload'])
      .where('user_id', '=', marioId)
      .where('kind', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await openForm(page, `/base-request/rimb-spese/${last.id}`);
    const amount = page.getByRole('textbox', { name: /Importo da rimborsare/ });
    // Shown the Italian way (issue 28): "45,50".
    await expect.poll(() => amount.inputValue()).toBe(formatItalianCents(Number(last.importo)));
    const category = (last.payload as { id_categ: number }).id_categ;
    const name = await server.app.db
      .selectFrom('purchase_categories')
      .select('nome')
      .where('id', '=', category)
      .executeTakeFirstOrThrow();
    await expect.poll(() => page.getByRole('combobox', { name: /^Categoria/ }).inputValue()).toBe(name.nome);
  });

  it('an amount over the credit shows the spec warning and submits nothing', async () => {
    const { page, token } = await marioPage(1280);
    const { totale } = await credit(page, token);
    const submissions = countSubmissions(page);
    await openForm(page, '/base-request/rimb-spese');
    await chooseCategory(page, 'Spese mediche e sanitarie');
    await typeAmount(page, /Importo da rimborsare/, '99999');
    const warning = formatFormMessage('formAmountOverCredit', { n: euroParam(parseCents(totale)!) });
    await expect.poll(() => page.locator('body').innerText()).toContain(warning);
    await page.screenshot({ path: `${screenshotDir}/form-over-credit-1280.png` });
    await page.getByRole('button', { name: formMessages.formSubmit }).click();
    await page.getByTestId('form-fix-errors').waitFor();
    expect(submissions.count).toBe(0);
  });

  it('a missing document and a wrong tax code are refused before anything is sent', async () => {
    const { page } = await marioPage();
    const submissions = countSubmissions(page);
    await openForm(page, '/base-request/conv-ondemand');
    await chooseCategory(page, 'Corsi di lingua straniera');
    await typeAmount(page, /Importo del preventivo/, '50');
    await chooseFamilyMember(page);
    const taxCode = page.getByRole('combobox', { name: formMessages.formBeneficiaryTaxCode });
    await taxCode.pressSequentially('rssmra80a01h501x');
    expect(await taxCode.inputValue()).toBe('RSSMRA80A01H501X');
    await taxCode.blur();
    await page.getByRole('button', { name: formMessages.formSubmit }).click();
    await page.getByTestId('form-fix-errors').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain(formMessages.formTaxCodeInvalid);
    expect(text).toContain(formMessages.formQuoteRequired);
    expect(submissions.count).toBe(0);
  });

  it('a fifth file and a 4 MB file are cancelled with the spec messages', async () => {
    const { page } = await marioPage();
    await openForm(page, '/base-request/rimb-spese');
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => makePdf(`pagina-${n}.pdf`, `Pagina ${n}`)));
    const slot = await selectFiles(page, 'doc_pagam', five);
    await expect.poll(() => slot.innerText()).toContain(formatFormMessage('formUploadTooMany', { max: 4 }));
    const large = await makeLargePdf('scansione.pdf', 4 * 1024 * 1024);
    await selectFiles(page, 'doc_pagam', [large]);
    await expect
      .poll(() => slot.innerText())
      .toContain(formatFormMessage('formUploadTooLarge', { name: 'scansione.pdf' }));
    await expect.poll(() => slot.innerText()).toContain(formMessages.formNoFileUploaded);
  });

  it('a double click on Prosegui creates one purchase', async () => {
    const { page } = await marioPage(1280);
    await openForm(page, '/base-request/rimb-bollette');
    await chooseCategory(page, 'Acqua');
    await typeAmount(page, /Importo della bolletta/, '12,30');
    await uploadSlot(page, 'doc_acq', [await makePdf('bolletta.pdf', 'Bolletta acqua')]);
    await uploadSlot(page, 'doc_extr_p', [await makePdf('autocertificazione.pdf', 'Autocertificazione')]);
    await uploadSlot(page, 'doc_pagam', [await makePdf('pagamento.pdf', 'Pagamento')]);
    const count = await purchaseCount();
    const submissions = countSubmissions(page);
    await page.getByRole('button', { name: formMessages.formSubmit }).click();
    const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: messages.proceed }).dblclick();
    await page.getByRole('dialog', { name: formMessages.formSuccessTitle }).waitFor({ timeout: 30_000 });
    expect(submissions.count).toBe(1);
    expect(await purchaseCount()).toBe(count + 1);
  });
});
