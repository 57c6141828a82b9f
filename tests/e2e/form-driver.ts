/**
 * Drives the request forms the way a user does (labels, roles, the slot cards' test ids), for
 * tests/e2e/forms*.e2e.ts. Every step waits for what the user would see before going on.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formMessages } from '../../config/messages-forms.it';
import type { UploadFile } from './form-files';
import { euro, squash } from './movements-helpers';
import { messages } from '../../src/shared/catalogues/account';

/**
 * Answers a form's opening modals the way a user must: the pension acceptance (Accetta e Continua),
 * then the non-dismissible information modal that follows it; a form without modals is left as it is.
 */
export async function answerFormModals(page: Page): Promise<void> {
  const info = page.getByRole('button', { name: messages.understood });
  const accept = page.getByRole('button', { name: formMessages.formPensionAcceptContinue });
  const submit = page.getByRole('button', { name: formMessages.formSubmit });
  // The submit button is drawn under the modals: the modals (or their absence) decide first.
  await info.or(accept).or(submit).first().waitFor({ timeout: 30_000 });
  if (await accept.isVisible()) {
    await accept.click();
    await accept.waitFor({ state: 'hidden' });
  }
  if (await info.isVisible({ timeout: 1_000 }).catch(() => false)) {
    await info.click();
    await info.waitFor({ state: 'hidden' });
  }
  await submit.waitFor();
}

/** Opens a form route and answers its opening modals. */
export async function openForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await answerFormModals(page);
}

export async function chooseOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

export async function chooseCategory(page: Page, name: string): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: /^Categoria/ }), name);
}

/**
 * Picks a day in a Mantine date picker: today, or day 15 of the month `monthsAhead` months from now
 * (the calendar may open on a later month when the field has a minimum date).
 */
export async function pickDate(page: Page, opener: Locator, monthsAhead = 0): Promise<void> {
  await opener.click();
  const anyDay = page.locator('button[class*="DatePickerInput-day"]:visible');
  await anyDay.first().waitFor();
  const target = new Date();
  target.setDate(15);
  target.setMonth(target.getMonth() + monthsAhead);
  const label =
    monthsAhead === 0
      ? null
      : `15 ${target.toLocaleString('it-IT', { month: 'long' })} ${target.getFullYear()}`;
  const day = label
    ? page.locator(`button[aria-label="${label}"]:visible`)
    : page.locator('button[data-today]:visible');
  for (let i = 0; i < 24 && !(await day.first().isVisible()); i += 1)
    await page.locator('button[data-direction="next"]:visible').first().click();
  await day.first().click();
  await anyDay.first().waitFor({ state: 'hidden' });
}

/** Fills and uploads one slot: first offered document type, today's date, the files. */
export async function uploadSlot(page: Page, slotName: string, files: UploadFile[]): Promise<void> {
  const slot = page.getByTestId(`slot-${slotName}`);
  await chooseOption(page, slot.getByRole('combobox', { name: /Tipo documento/ }), /.+/);
  await pickDate(page, slot.getByRole('button', { name: /Data documento/ }));
  await slot.locator('input[type="file"]').setInputFiles(files);
  await slot.getByRole('button', { name: formMessages.formUploadSend, exact: true }).click();
  await slot.getByTestId(`slot-${slotName}-document`).waitFor({ timeout: 30_000 });
}

/** Chooses files in a slot without uploading (for the cancelled selections). */
export async function selectFiles(page: Page, slotName: string, files: UploadFile[]): Promise<Locator> {
  const slot = page.getByTestId(`slot-${slotName}`);
  await slot.locator('input[type="file"]').setInputFiles(files);
  return slot;
}

/** The spendable credit of mario read from the API (the navbar shows the same figures). */
export async function credit(page: Page, token: string): Promise<{ totale: string; art51c3: string }> {
  const response = await page.request.get('/api/pdoppiaapi/credito_utente', {
    headers: { Authorization: `Token ${token}`, Customer: 'Acme' },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { crediti: { totale: string; art51c3: string } };
  return body.crediti;
}

/** Submits the form through the confirm dialog; returns the purchase id of the success dialog. */
export async function submitAndConfirm(page: Page, amount: string): Promise<number> {
  await page.getByRole('button', { name: formMessages.formSubmit }).click();
  const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
  await confirm.waitFor();
  await expect
    .poll(async () => squash(await confirm.getByTestId('confirm-figures').innerText()))
    .toContain(euro(amount));
  await expect.poll(() => confirm.innerText()).toContain(formMessages.formConfirmQuestion);
  await confirm.getByRole('button', { name: messages.proceed }).click();
  const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
  await success.waitFor({ timeout: 30_000 });
  const body = await success.getByTestId('success-body').innerText();
  const id = Number(/(\d+)\s*$/.exec(body)?.[1]);
  expect(id).toBeGreaterThan(0);
  await success.getByRole('button', { name: messages.ok }).click();
  await page.waitForURL(/\/menu$/);
  return id;
}

/** Counts the POSTs to crea_richiesta made by the page from now on. */
export function countSubmissions(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/crea_richiesta/')) counter.count += 1;
  });
  return counter;
}
