/**
 * The proof of issue 25: declarations added in fixtures only (tests/fixtures/proof/extensions.ts, an
 * installation's overlay of config/extensions) work end to end in Chromium, with demo mode off.
 *
 * The portal is built with the overlay (`WELFARE_EXTENSIONS`, into .tmp/proof-dist); the in-process server
 * reads the same overlay (config/extensions/index.ts mocked with it). On an empty database a customer, its
 * company and its referent are provisioned through the service of `npm run admin -- provision`, an employee
 * is added and credited through the services of `employee-add` and `add-credit`. Then the employee sees the
 * installation's menu section with its two badges, opens its partner page and its content page, sends its
 * reimbursement form with a document and finds the request among his requests, and is offered its support
 * category; the referent (another profile, whose grants lose the installation's key) sees no badge, is sent
 * back from the pages and gets 403 from the form's call. axe on each page at 360 px.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages as accountMessages } from '../../config/messages-account.it';
import { formMessages } from '../../config/messages-forms.it';
import { loadCatalogues } from '../../src/server/services/catalogue-loader';
import { loadVoucherCodes } from '../../src/server/services/voucher-stock';
import type { Catalogues } from '../../schemas/wire-types.gen';
import { formatEuro } from '../../src/shared/money';
import { proofTexts } from '../fixtures/proof/extensions';
import {
  PROOF_CUSTOMER as CUSTOMER,
  PROOF_EMPLOYEE as EMPLOYEE,
  PROOF_REFERENT as REFERENT,
  provisionProofPeople,
} from '../fixtures/proof/people';
import { TestContexts } from './auth-helpers';
import { submitAndConfirm, uploadSlot } from './form-driver';
import { makePdf } from './form-files';
import {
  axeViolations,
  launchBrowser,
  screenshotDir,
  seedSession,
  startServer,
  type E2eServer,
} from './harness';
import { squash } from './movements-helpers';

// The server of this file reads the installation's overlay, as `npm run serve` does with WELFARE_EXTENSIONS.
vi.mock('../../config/extensions/index.ts', async () => import('../fixtures/proof/extensions'));

const OVERLAY = 'tests/fixtures/proof/extensions.ts';
const PROOF_DIST = '.tmp/proof-dist';

let server: E2eServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const contexts = new TestContexts(
  () => browser,
  () => server.baseUrl,
);

/** The portal built with the overlay, in a folder of its own (dist/ is the other tests'). */
async function buildProofPortal(): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', PROOF_DIST, '--emptyOutDir', '--logLevel', 'warn'],
    { env: { ...process.env, NODE_ENV: 'production', WELFARE_EXTENSIONS: OVERLAY }, maxBuffer: 1 << 24 },
  );
}

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  // Built once the database copy is open: a build takes a while, the run's templates may change meanwhile.
  [server, browser] = await Promise.all([
    startServer({
      demo: false,
      staticDir: PROOF_DIST,
      beforeStart: buildProofPortal,
      env: { PARTNER_KEY_PALESTRA_PROVA: 'chiave-della-palestra-di-prova-0123456789' },
    }),
    launchBrowser(),
  ]);
  await provisionProofPeople(server.app.db);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  expect(await contexts.closeAll()).toEqual([]);
});

async function pageOf(email: string): Promise<{ page: Page; token: string }> {
  const context = await contexts.context(360);
  const token = await server.login(email);
  await seedSession(context, token, CUSTOMER);
  return { page: await context.newPage(), token };
}

const bodyText = async (page: Page) => squash(await page.locator('body').innerText());

/** A new person's first session: the privacy consent (signed), then the code of conduct. */
async function acceptConsent(page: Page, name: string): Promise<void> {
  const privacy = page.getByRole('dialog', { name: accountMessages.consentPrivacyTitle });
  await privacy.getByLabel(accountMessages.consentServiceLabel).waitFor({ timeout: 30_000 });
  await privacy.getByLabel(accountMessages.consentServiceLabel).check();
  await privacy.getByLabel(accountMessages.consentSignatureLabel).fill(name);
  await privacy.getByRole('button', { name: accountMessages.proceed }).click();
  const conduct = page.getByRole('dialog', { name: accountMessages.consentConductTitle });
  await conduct.getByLabel(accountMessages.consentConductLabel).check();
  await conduct.getByRole('button', { name: accountMessages.consentConfirm }).click();
  await conduct.waitFor({ state: 'detached' });
}

/** The employee's credit as the portal reads it (total and art. 51 c.3, wire strings). */
async function creditOf(page: Page, token: string): Promise<{ totale: string; art51c3: string }> {
  const response = await page.request.get('/api/pdoppiaapi/credito_utente', {
    headers: { Authorization: `Token ${token}`, Customer: CUSTOMER },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { crediti: { totale: string; art51c3: string } }).crediti;
}

const centsOf = (wire: string) => Math.round(Number(wire) * 100);

describe('declarations added in fixtures only (issue 25, the proof)', () => {
  it('the employee sees and uses every declared page', async () => {
    const { page, token } = await pageOf(EMPLOYEE);

    // The menu section and its two badges.
    await page.goto('/menu');
    await acceptConsent(page, 'Anna Verdi');
    const section = page.getByRole('button', { name: proofTexts.menuSection });
    await section.waitFor({ timeout: 30_000 });
    if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
    const partnerBadge = page.getByRole('link', { name: proofTexts.partnerTitle });
    await partnerBadge.waitFor();
    await page.getByRole('link', { name: proofTexts.contentTitle }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The partner page.
    await partnerBadge.click();
    await page.waitForURL(/\/prova\/prova-palestra$/);
    await expect.poll(() => bodyText(page)).toContain(proofTexts.partnerDescription);
    expect(await axeViolations(page)).toEqual([]);

    // The content page.
    await page.goto('/prova/prova-regolamento');
    await expect.poll(() => bodyText(page)).toContain(proofTexts.contentParagraph);
    expect(await axeViolations(page)).toEqual([]);

    // The reimbursement form with its document slot: filled, a document uploaded, sent.
    await page.goto('/base-request/rimb-sport');
    await page.getByRole('button', { name: formMessages.formSubmit }).waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: /Importo richiesto/ }).pressSequentially('35,00');
    await page.getByRole('textbox', { name: /Descrizione della spesa/ }).fill('Abbonamento mensile');
    await uploadSlot(page, 'doc_acq', [await makePdf('ricevuta.pdf', 'Ricevuta della palestra')]);
    expect(await axeViolations(page)).toEqual([]);
    const id = await submitAndConfirm(page, '35.00');
    const stored = await server.app.db
      .selectFrom('purchases')
      .select(['kind', 'importo'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.importo)).toBe(3500);
    const answer = await page.request.get('/api/pdoppiaapi/credito_utente', {
      headers: { Authorization: `Token ${token}`, Customer: CUSTOMER },
    });
    expect(((await answer.json()) as { crediti: { art51c3: string } }).crediti.art51c3).toBe('465.00');

    // The request among the employee's requests.
    await page.goto('/richieste/');
    await expect.poll(() => bodyText(page)).toContain(String(id));

    // The support category offered in the support form.
    await page.goto('/helpdesk/site-assistenza');
    const category = page.getByRole('combobox', { name: /Categoria/ }).first();
    await category.waitFor({ timeout: 30_000 });
    await category.click();
    await page.getByRole('option', { name: proofTexts.supportCategory }).waitFor();
  });

  it('the referent (another profile) sees none of it and is refused', async () => {
    const { page, token } = await pageOf(REFERENT);
    await page.goto('/menu');
    // His first session too: the consents first (a modal still fading in fails axe's contrast check).
    await acceptConsent(page, 'Bruno Neri');
    await expect.poll(() => bodyText(page), { timeout: 30_000 }).not.toBe('');
    await page.waitForLoadState('networkidle');
    expect(await bodyText(page)).not.toContain(proofTexts.menuSection);
    expect(await page.getByRole('link', { name: proofTexts.partnerTitle }).count()).toBe(0);

    for (const path of ['/prova/prova-palestra', '/prova/prova-regolamento', '/base-request/rimb-sport']) {
      await page.goto(path);
      await expect.poll(() => new URL(page.url()).pathname).not.toBe(path);
    }
    expect(await axeViolations(page)).toEqual([]);

    const refused = await page.request.post('/api/crea_richiesta/rimb-sport', {
      headers: {
        Authorization: `Token ${token}`,
        Customer: CUSTOMER,
        'Idempotency-Key': 'proof-referent-1',
      },
      data: { importo: '10.00', note: 'Non ammesso', docs: [] },
    });
    expect(refused.status()).toBe(403);
  });

  it('the referent opens the back-office table with its own call; the employee is refused', async () => {
    const { page, token } = await pageOf(REFERENT);
    await page.goto('/backoffice-refazi/prova-ufficio');
    const row = page.getByTestId('prova-ufficio-row').filter({ hasText: 'RVIPLA79A01F205N' });
    const consent = page.getByRole('dialog', { name: accountMessages.consentPrivacyTitle });
    // His first session, when this test runs alone: the consents first.
    await Promise.race([row.first().waitFor({ timeout: 60_000 }), consent.waitFor({ timeout: 60_000 })]);
    if (await consent.isVisible()) await acceptConsent(page, 'Bruno Neri');
    await expect.poll(() => bodyText(page), { timeout: 30_000 }).toContain(proofTexts.officeTitle);
    await row.first().waitFor({ timeout: 30_000 });
    // The employee with his credit valid today, as the ledger holds it.
    const credit = await server.app.db
      .selectFrom('credit_lines as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select((eb) => eb.fn.sum<string>('l.credito_spendibile').as('total'))
      .where('u.email', '=', EMPLOYEE)
      .executeTakeFirstOrThrow();
    const rowText = squash(await row.first().innerText());
    expect(rowText).toContain('Verdi');
    expect(rowText).toContain(squash(formatEuro(Number(credit.total))));
    // Only his company's people: the referent and the employee of the proof's company.
    const answer = await page.request.get('/api/prova_ufficio_dipendenti', {
      headers: { Authorization: `Token ${token}`, Customer: CUSTOMER },
    });
    expect(answer.status()).toBe(200);
    const emails = await server.app.db
      .selectFrom('users')
      .select('cod_fisc')
      .where('email', 'in', [EMPLOYEE, REFERENT])
      .execute();
    const body = (await answer.json()) as { count: number; results: { cod_fisc: string }[] };
    expect(body.results.map((r) => r.cod_fisc).sort()).toEqual(emails.map((e) => e.cod_fisc).sort());
    expect(await axeViolations(page)).toEqual([]);

    // The employee: the route sends him away, the call answers 403.
    const employee = await pageOf(EMPLOYEE);
    await employee.page.goto('/backoffice-refazi/prova-ufficio');
    await expect
      .poll(() => new URL(employee.page.url()).pathname, { timeout: 30_000 })
      .not.toBe('/backoffice-refazi/prova-ufficio');
    const refused = await employee.page.request.get('/api/prova_ufficio_dipendenti', {
      headers: { Authorization: `Token ${employee.token}`, Customer: CUSTOMER },
    });
    expect(refused.status()).toBe(403);
  });
  it('the employee buys a voucher from the declared showcase; the referent is refused', async () => {
    // The operator's loads: the retailer and its voucher (`admin catalogues`), the supplier's codes
    // (`admin voucher-codes-load`).
    const document = JSON.parse(readFileSync('tests/fixtures/proof/catalogues.json', 'utf8')) as Catalogues;
    await loadCatalogues(server.app.db, document);
    const csv = readFileSync('tests/fixtures/proof/voucher-codes.csv', 'utf8');
    await loadVoucherCodes(server.app.db, csv, 'voucher-codes.csv');
    const retailer = await server.app.db
      .selectFrom('aml_retailers')
      .select('id')
      .where('name', '=', document.retailers![0]!.name)
      .executeTakeFirstOrThrow();
    const address = `/prova/prova-buoni/${retailer.id}`;

    const { page, token } = await pageOf(EMPLOYEE);
    await page.goto(address);
    const item = page.getByRole('button', { name: 'Buono sport 20 €' });
    const consent = page.getByRole('dialog', { name: accountMessages.consentPrivacyTitle });
    // Her first session, when this test runs alone: the consents first.
    await Promise.race([item.waitFor({ timeout: 60_000 }), consent.waitFor({ timeout: 60_000 })]);
    if (await consent.isVisible()) await acceptConsent(page, 'Anna Verdi');
    await expect.poll(() => bodyText(page), { timeout: 30_000 }).toContain(proofTexts.showcaseTitle);
    await item.waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    const before = await creditOf(page, token);

    // The item, Buy, the summary, the success with the purchase's id.
    await item.click();
    const modal = page.getByRole('dialog', { name: 'Buono sport 20 €' });
    await modal.getByRole('button', { name: formMessages.formPurchaseBuy }).click();
    await page
      .getByRole('dialog', { name: formMessages.formConfirmTitle })
      .getByRole('button', { name: accountMessages.proceed })
      .click();
    const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
    await success.waitFor({ timeout: 30_000 });
    expect(squash(await success.innerText())).toContain(squash(formMessages.formVoucherSuccess));
    const purchaseId = Number(/con l'id (\d+)/.exec(await success.innerText())?.[1]);
    expect(purchaseId).toBeGreaterThan(0);
    await success.getByRole('button', { name: accountMessages.ok }).click();
    await page.waitForURL(/\/menu$/);

    // The credit dropped by the price, through the ledger; the supplier's code is hers.
    await expect
      .poll(async () => centsOf(before.art51c3) - centsOf((await creditOf(page, token)).art51c3))
      .toBe(2000);
    const movement = await server.app.db
      .selectFrom('movements')
      .select(['importo', 'id_kind'])
      .where('id_acquisto', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(Number(movement.importo)).toBe(2000);
    const detail = await page.request.get(`/api/dettaglio_acquisto/${purchaseId}`, {
      headers: { Authorization: `Token ${token}`, Customer: CUSTOMER },
    });
    expect(detail.status()).toBe(200);
    expect(JSON.stringify(await detail.json())).toMatch(/PROVA-SPORT-000[12]/);

    // The referent: the route sends him away, the showcase's and the purchase's calls answer 403.
    const referent = await pageOf(REFERENT);
    await referent.page.goto(address);
    await expect.poll(() => new URL(referent.page.url()).pathname, { timeout: 30_000 }).not.toBe(address);
    const headers = { Authorization: `Token ${referent.token}`, Customer: CUSTOMER };
    const grid = await referent.page.request.get(`/api/prova_buoni/${retailer.id}`, { headers });
    expect(grid.status()).toBe(403);
    const bought = await referent.page.request.post('/api/crea_acquisto/prova-buono', {
      headers: { ...headers, 'Idempotency-Key': 'prova-buono-referente-0001' },
      data: { product_code: 'PROVA-SPORT-20' },
    });
    expect(bought.status()).toBe(403);
  });
});
