/**
 * A request's whole life, end to end (issue 26): mario sends a reimbursement request (through the
 * API the form calls: the forms' own end-to-end tests drive the form); paolo signs in on the
 * operators' page with his authenticator app, finds it in the queue by its amount, opens it and asks
 * for a document; mario sees what is asked on the request's page and uploads it; chiara (who pays)
 * approves it, makes a payout batch, downloads its SEPA file and marks it executed; mario sees
 * "Pagata" with the day and the timeline. Operators at 1280 px, mario at 360 px; axe on every page.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/catalogues/tables';
import { DEMO_OPERATORS } from '../../src/server/db/seed-operators';
import { supplierByKey } from '../../src/server/services/sellers';
import { romeDate } from '../../src/server/services/calendar';
import { settle, submitCredentials, submitLoginCode, TestContexts, TotpClock } from './auth-helpers';
import { uploadSlot } from './form-driver';
import { makePdf } from './form-files';
import {
  axeViolations,
  launchBrowser,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';

const [CHIARA, PAOLO] = DEMO_OPERATORS;
const MARIO = 'mario.rossi@example.com';
/** An amount no seeded request has: the queue's amount filter finds this one alone. */
const AMOUNT = '47.31';
const AMOUNT_IT = '47,31';

let server: E2eServer;
let browser: Browser;
const contexts = new TestContexts(
  () => browser,
  () => server.baseUrl,
);
const totp = new TotpClock();

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterEach(async () => {
  expect(await contexts.closeAll()).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A document uploaded as mario, through the upload call the forms use. */
async function uploadDocument(token: string, kind: string, typeId: number): Promise<number> {
  const pdf = await makePdf('ricevuta.pdf', 'Ricevuta di prova');
  const body = new FormData();
  body.set('file_kind', kind);
  body.set('file_kind_id', String(typeId));
  body.set('file_date', romeDate());
  body.set('file_num', '1');
  body.set('file_data', new Blob([new Uint8Array(pdf.buffer)], { type: 'application/pdf' }), pdf.name);
  const response = await fetch(`${server.baseUrl}/api/upload_allegato`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}` },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { doc_id: number }).doc_id;
}

async function sendRequest(token: string): Promise<number> {
  const docs = [await uploadDocument(token, 'doc_pagam', 2), await uploadDocument(token, 'doc_acq', 1)];
  const response = await fetch(`${server.baseUrl}/api/crea_richiesta/rimb-spese`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      id_categ: 1,
      importo: AMOUNT,
      me_stesso: true,
      cod_fisc_ben: null,
      nome_ben: null,
      id_relazione_ben: null,
      docs,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id_acquisto: number }).id_acquisto;
}

/** An operator signs in on /operatore/accesso with the password and a code of the app. */
async function operatorPage(operator: (typeof DEMO_OPERATORS)[number]): Promise<Page> {
  const page = await contexts.page(1280);
  await page.goto('/operatore/accesso');
  await submitCredentials(page, operator.email);
  await submitLoginCode(page, await totp.code(operator.totpSecret));
  await page.waitForURL(/\/operatore\/?$/);
  await page.getByRole('heading', { name: messages.opQueueTitle }).waitFor();
  return page;
}

async function checkAxe(page: Page, name: string): Promise<void> {
  await settle(page);
  expect(await axeViolations(page), name).toEqual([]);
  await page.screenshot({ path: join(screenshotDir, `request-life-${name}.png`), fullPage: true });
}

/** The request's page as an operator sees it, once its state reads `stage`. */
async function openRequest(page: Page, id: number): Promise<void> {
  await page.goto(`/operatore/operatore-richiesta/${id}`);
  await page.getByRole('heading', { name: messages.opDecision }).waitFor();
}

describe('a request’s whole life', () => {
  it('goes from "inviata" to "pagata" through two operators, a document asked for and a SEPA batch', async () => {
    const marioToken = await server.login(MARIO);
    const id = await sendRequest(marioToken);

    // Paolo finds it in the queue by its amount, and asks for a document.
    const paolo = await operatorPage(PAOLO);
    await checkAxe(paolo, 'queue-1280');
    await paolo.getByLabel(messages.opFilterAmountMin).fill(AMOUNT_IT);
    await paolo.getByLabel(messages.opFilterAmountMax).fill(AMOUNT_IT);
    const link = paolo.getByRole('link', { name: `Apri la richiesta n. ${id}` }).first();
    await link.waitFor({ timeout: 20_000 });
    await link.click();
    await paolo.getByRole('heading', { name: messages.opDecision }).waitFor();
    await paolo.getByText(messages.opIbanMasked).waitFor();
    await checkAxe(paolo, 'request-1280');
    await paolo.getByRole('button', { name: messages.opAskDocuments }).click();
    await paolo.getByLabel(new RegExp(messages.opAskDocumentsNote)).fill('Manca la fattura della visita');
    await paolo
      .getByRole('form', { name: messages.opAskDocumentsTitle })
      .getByRole('button', { name: messages.opAskDocuments })
      .click();
    await paolo.getByText(messages.opDecisionDone).waitFor();

    // Mario sees what is asked and adds it from the request's page.
    const marioContext = await contexts.context(360);
    await seedSession(marioContext, marioToken, 'acme');
    const mario = await marioContext.newPage();
    await mario.goto(`/richieste/${id}`);
    const asked = mario.getByTestId('request-documents-asked');
    await asked.waitFor();
    expect(await mario.getByTestId('request-documents-note').innerText()).toContain(
      'Manca la fattura della visita',
    );
    await checkAxe(mario, 'documents-asked-360');
    await uploadSlot(mario, 'richiesta-doc-1', [await makePdf('fattura.pdf', 'Fattura della visita')]);
    await mario.getByTestId('request-documents-send').click();
    await mario.getByText(messages.requestDocumentsSent).waitFor();
    await expect
      .poll(async () => mario.getByTestId('request-stage').innerText(), { timeout: 15_000 })
      .toContain(messages.requestInReview);

    // Chiara, a second operator who pays, approves it.
    const chiara = await operatorPage(CHIARA);
    await openRequest(chiara, id);
    await chiara.getByRole('button', { name: messages.opApprove }).click();
    await chiara.getByTestId('operator-approve-confirm').click();
    await chiara.getByText(messages.opDecisionDone).waitFor();

    // The payout batch: the account, an execution day, the SEPA file, executed.
    await chiara.goto('/operatore/operatore-pagamenti');
    await chiara.getByRole('heading', { name: messages.opNewBatch }).waitFor();
    const account = chiara.getByRole('combobox', { name: new RegExp(messages.opAccount) });
    // The only account comes chosen; picking it again keeps it.
    await account.click();
    await chiara.getByRole('option', { name: /Welfare Demo S\.r\.l\./ }).click();
    await expect.poll(async () => account.inputValue()).toContain('Welfare Demo');
    await chiara.getByRole('button', { name: new RegExp(messages.opExecutionDate) }).click();
    const day = chiara
      .locator('button[class*="day"]:not([disabled]):not([data-disabled]):not([data-outside]):visible')
      .first();
    await day.waitFor();
    await day.click();
    await chiara.getByRole('button', { name: messages.opCreateBatch }).click();
    const row = chiara.getByTestId('operator-batch-row').first();
    await row.getByText(messages.batchOpen).waitFor({ timeout: 20_000 });
    await checkAxe(chiara, 'payouts-1280');
    const [download] = await Promise.all([
      chiara.waitForEvent('download'),
      row.getByRole('button', { name: messages.opSepaDownload }).click(),
    ]);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('pain.001.001.03');
    expect(xml).toContain(`<EndToEndId>RIMB-${id}</EndToEndId>`);
    expect(xml).toContain(`>${AMOUNT}</InstdAmt>`);
    await row.getByRole('button', { name: messages.opBatchExecute }).click();
    await chiara.getByRole('dialog').getByRole('button', { name: messages.opBatchExecute }).click();
    await row.getByText(messages.batchExecuted).waitFor({ timeout: 20_000 });

    // Mario: paid, on the batch's day, with the whole timeline.
    await mario.reload();
    await mario.getByTestId('request-paid-on').waitFor();
    expect(await mario.getByTestId('request-stage').innerText()).toContain(messages.requestPaid);
    const steps = await mario.getByTestId('request-timeline-steps').innerText();
    for (const label of [
      messages.requestSent,
      messages.requestInReview,
      messages.requestDocumentsAsked,
      messages.requestEventDocumentsAdded,
      messages.requestApproved,
      messages.requestInPayment,
      messages.requestPaid,
    ])
      expect(steps).toContain(label);
    await checkAxe(mario, 'paid-360');
    await mario.setViewportSize({ width: 1280, height: 900 });
    await checkAxe(mario, 'paid-1280');
    await paolo.setViewportSize({ width: 360, height: 740 });
    await openRequest(paolo, id);
    await checkAxe(paolo, 'request-paid-360');
  });

  it('serves the console’s other pages, and issues a supplier key shown once', async () => {
    const chiara = await operatorPage(CHIARA);
    for (const [path, title] of [
      ['/operatore/operatore-importazioni', messages.opImportsTitle],
      ['/operatore/operatore-piattapasto', messages.opPiattaTitle],
      ['/operatore/operatore-codici', messages.opCodesTitle],
      ['/operatore/operatore-registro', messages.opAuditTitle],
      ['/operatore/operatore-fornitori', messages.opSuppliersTitle],
    ] as const) {
      await chiara.goto(path);
      await chiara.getByRole('heading', { name: title }).first().waitFor();
      await chiara
        .getByRole('table')
        .or(chiara.getByText(/Nessun/))
        .first()
        .waitFor({ timeout: 20_000 });
      await checkAxe(chiara, `${path.split('-').at(-1)}-1280`);
    }
    // On the suppliers' page: a new key, confirmed, shown once; the server knows it.
    await chiara.getByRole('button', { name: messages.opKeyNew }).first().click();
    await chiara.getByRole('dialog').getByRole('button', { name: messages.opKeyNewYes }).click();
    const shown = chiara.getByTestId('operator-supplier-key');
    await shown.waitFor();
    const key = (await shown.innerText()).trim();
    const supplier = await supplierByKey(server.app.db, key);
    expect(supplier).not.toBeNull();
    await checkAxe(chiara, 'supplier-key-1280');
    await chiara.getByRole('button', { name: messages.opKeyDone }).click();
    await shown.waitFor({ state: 'detached' });
    await chiara.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/operatore/operatore-codici', '/operatore/operatore-importazioni']) {
      await chiara.goto(path);
      await chiara
        .getByRole('table')
        .or(chiara.getByText(/Nessun/))
        .or(chiara.locator('[data-testid$="-row"]'))
        .first()
        .waitFor({ timeout: 20_000 });
      await checkAxe(chiara, `${path.split('-').at(-1)}-360`);
    }
  });
});
