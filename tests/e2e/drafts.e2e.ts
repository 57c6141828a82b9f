/**
 * Drafts of the request forms on the device and sending offline (issue 28), in Chromium against the
 * built portal and a real server, as mario.rossi@example.com of acme on the expenses form: what he
 * types and chooses (an uploaded document and a file chosen but not uploaded yet) survives a reload in
 * IndexedDB; the form offers it back ("Riprendi la bozza del DD-MM-YYYY HH:MM", axe-clean at 360 and
 * 1280 px), restoring fills the form and he sends it himself; the draft is gone afterwards. Offline the
 * form stays on screen, its send button waits with the catalogue's note, and comes back online.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { messages } from '../../src/shared/catalogues/first-paint';
import { formMessages } from '../../src/shared/catalogues/forms';
import { messages as accountMessages } from '../../src/shared/catalogues/account';
import { TestContexts, settle } from './auth-helpers';
import {
  chooseCategory,
  chooseOption,
  countSubmissions,
  pickDate,
  submitAndConfirm,
  uploadSlot,
} from './form-driver';
import { makePdf } from './form-files';
import {
  axeViolations,
  launchBrowser,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';

const MARIO = 'mario.rossi@example.com';
/** The draft's key in IndexedDB (stores/form-drafts.ts: customer/e-mail, then the form's route name). */
const DRAFT_KEY = ['acme/mario.rossi@example.com', 'rimb-spese'];

let server: E2eServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

const contexts = new TestContexts(
  () => browser,
  () => server.baseUrl,
);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  const errors = await contexts.closeAll();
  expect(errors).toEqual([]);
});

async function marioPage(width = 360) {
  const context = await contexts.context(width);
  const token = await server.login(MARIO);
  await seedSession(context, token, 'acme');
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    const name = task.name.replace(/\W+/g, '-').slice(0, 60);
    await page
      .screenshot({ path: `${screenshotDir}/failed-${name}.png`, fullPage: true })
      .catch(() => undefined);
  });
  return { context, page };
}

interface StoredDraft {
  values: Record<string, unknown>;
  documents: string[];
  picks: Record<string, { typeId: string | null; date: string | null; files: string[]; bytes: number[] }>;
}

/** The draft as IndexedDB holds it (read with the browser's own API), or null. */
async function storedDraft(page: Page): Promise<StoredDraft | null> {
  return page.evaluate(
    (key) =>
      new Promise<StoredDraft | null>((resolve, reject) => {
        const open = indexedDB.open('welfare-form-drafts');
        // Never create the database here: the portal creates it with its store.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('drafts').objectStore('drafts').get(key);
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            const draft = request.result as
              | {
                  values: Record<string, unknown>;
                  slotDocuments: Record<string, unknown>;
                  slotPicks: Record<
                    string,
                    { typeId: string | null; date: string | null; files: { name: string; blob: Blob }[] }
                  >;
                }
              | undefined;
            if (!draft) {
              resolve(null);
              return;
            }
            const picks: StoredDraft['picks'] = {};
            for (const [slot, pick] of Object.entries(draft.slotPicks))
              picks[slot] = {
                typeId: pick.typeId,
                date: pick.date,
                files: pick.files.map((file) => file.name),
                bytes: pick.files.map((file) => file.blob.size),
              };
            resolve({ values: draft.values, documents: Object.keys(draft.slotDocuments), picks });
          };
        };
      }),
    DRAFT_KEY,
  );
}

/**
 * The expenses form's information modal is answered (it may open a moment after the form is drawn, so
 * it is waited for: the form has one).
 */
async function answerInformation(page: Page): Promise<void> {
  const understood = page.getByRole('button', { name: accountMessages.understood });
  await understood.click({ timeout: 30_000 });
  await understood.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: formMessages.formSubmit }).waitFor();
}

async function openExpenses(page: Page): Promise<void> {
  await page.goto('/base-request/rimb-spese');
  await answerInformation(page);
}

/** The amount field as the user reads it. */
const amountField = (page: Page) => page.getByRole('textbox', { name: /Importo da rimborsare/ });

async function typeAmount(page: Page, value: string): Promise<void> {
  const field = amountField(page);
  await field.fill('');
  await field.pressSequentially(value);
}

describe('the draft of a request form on the device', () => {
  it('rimb-spese: typed values and files survive a reload, the draft is restored, sent and removed', async () => {
    const { page } = await marioPage();
    const submissions = countSubmissions(page);
    await openExpenses(page);
    await chooseCategory(page, 'Spese mediche e sanitarie');
    await typeAmount(page, '12');
    await uploadSlot(page, 'doc_pagam', [await makePdf('pagamento.pdf', 'Ricevuta di pagamento')]);
    // The purchase document: type, date and file chosen, not uploaded yet.
    const invoice = await makePdf('fattura.pdf', 'Fattura della visita');
    const acq = page.getByTestId('slot-doc_acq');
    await chooseOption(page, acq.getByRole('combobox', { name: /Tipo documento/ }), /.+/);
    await pickDate(page, acq.getByRole('button', { name: /Data documento/ }));
    await acq.locator('input[type="file"]').setInputFiles([invoice]);
    await acq.getByText('fattura.pdf').waitFor();

    // Written to IndexedDB after a pause, the file as a Blob of its own size.
    await expect
      .poll(async () => (await storedDraft(page))?.picks.doc_acq?.files ?? [], { timeout: 10_000 })
      .toEqual(['fattura.pdf']);
    const stored = (await storedDraft(page))!;
    expect(stored.values.importo).toMatch(/^12(\.00)?$/);
    expect(stored.documents).toEqual(['doc_pagam']);
    expect(stored.picks.doc_acq!.bytes).toEqual([invoice.buffer.length]);
    expect(stored.picks.doc_acq!.typeId).not.toBeNull();
    await expect.poll(() => page.getByTestId('form-draft-saved').innerText()).toMatch(/^Bozza salvata/);

    await page.reload();
    await answerInformation(page);
    const offer = page.getByTestId('form-draft-offer');
    await offer.waitFor();
    const restore = offer.getByRole('button', {
      name: /^Riprendi la bozza del \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/,
    });
    await restore.waitFor();
    expect(await offer.innerText()).toContain(messages.draftOfferText);
    // The form is empty until Mario chooses; nothing was sent.
    expect(await amountField(page).inputValue()).toBe('');
    expect(submissions.count).toBe(0);
    await settle(page);
    // Nothing of the offer is cut on a 360 px screen.
    const frame = (await offer.boundingBox())!;
    for (const button of [restore, offer.getByRole('button', { name: messages.draftDiscard })]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    }
    await page.screenshot({ path: `${screenshotDir}/form-draft-offer-360.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/form-draft-offer-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });

    await restore.click();
    await offer.waitFor({ state: 'hidden' });
    await expect.poll(() => amountField(page).inputValue()).toMatch(/^12([.,]00)?$/);
    await page.getByTestId('slot-doc_pagam-document').getByText('pagamento.pdf').waitFor();
    await acq.getByText('fattura.pdf').waitFor();
    expect(submissions.count).toBe(0);

    // The restored file is uploaded by Mario, then he sends the request himself.
    await acq.getByRole('button', { name: formMessages.formUploadSend, exact: true }).click();
    await page.getByTestId('slot-doc_acq-document').waitFor({ timeout: 30_000 });
    const id = await submitAndConfirm(page, '12.00');
    expect(submissions.count).toBe(1);
    const row = await server.app.db
      .selectFrom('purchases')
      .select(['importo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.importo)).toBe(1200);
    const docs = await server.app.db
      .selectFrom('documents')
      .select(['file_kind', 'size'])
      .where('purchase_id', '=', id)
      .execute();
    expect(docs.map((doc) => doc.file_kind).sort()).toEqual(['doc_acq', 'doc_pagam']);
    // Sent: the draft is gone from the device, and the form opens empty with no offer.
    await expect.poll(() => storedDraft(page)).toBeNull();
    await openExpenses(page);
    expect(await page.getByTestId('form-draft-offer').count()).toBe(0);
  }, 120_000);

  it('offline the form stays usable, the send button waits with the note; back online it is enabled', async () => {
    const { context, page } = await marioPage();
    const submissions = countSubmissions(page);
    await openExpenses(page);
    const send = page.getByRole('button', { name: formMessages.formSubmit });

    await context.setOffline(true);
    const note = page.getByTestId('form-offline-note');
    await note.waitFor();
    expect(await note.innerText()).toBe(messages.draftOfflineNote);
    await expect.poll(() => send.isDisabled()).toBe(true);
    // Not covered by the full-page offline screen: the form is still there to fill.
    expect(await page.getByTestId('offline-screen').count()).toBe(0);
    await typeAmount(page, '7');
    await expect.poll(() => amountField(page).inputValue()).toMatch(/^7/);
    await expect
      .poll(async () => String((await storedDraft(page))?.values.importo), { timeout: 10_000 })
      .toMatch(/^7(\.00)?$/);
    await settle(page);
    await page.screenshot({ path: `${screenshotDir}/form-offline-360.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(false);
    await note.waitFor({ state: 'hidden' });
    await expect.poll(() => send.isDisabled()).toBe(false);
    expect(submissions.count).toBe(0);
    // What was typed offline is still there.
    expect(await amountField(page).inputValue()).toMatch(/^7/);
  }, 90_000);
});
