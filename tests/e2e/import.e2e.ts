/**
 * Bulk credit import end to end (issue 17; spec 002 §2.10, §4.2, §7, §8): laura, referent of Acme
 * S.p.A., opens office-import-anagrafiche-crediti, uploads a good file and a file with errors through
 * the modal, waits for the validation jobs, reads the output file's Esito column back with exceljs,
 * cancels a completed validation; the operator accepts another through `import-accept`, and the new
 * employee and the credit lines appear (schedule page); the new employee sets the password from the
 * welcome mail and signs in up to the second-factor enrolment. axe at 360 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/catalogues/tables';
import { formMessages } from '../../src/shared/catalogues/forms';
import { messages as api } from '../../config/messages-api.it';
import { routes } from '../../config/routes';
import { runAdmin } from '../../src/server/admin';
import { fieldLabel, mailedLink, settle, submitCredentials, waitForMail } from './auth-helpers';
import { axeViolations, newContext, screenshotDir, seedSession, usePortal } from './harness';
import { HEADERS, row, taxCode, xlsx } from '../server/import-helpers';

const PATH = routes['office-import-anagrafiche-crediti'].path;
const NEW_EMAIL = 'giorgia.marino@import.example.com';

const { server, browser } = usePortal();

/** Uploads a file through the modal and waits for the toast. */
async function upload(page: Page, name: string, content: Buffer) {
  await page.getByRole('button', { name: messages.tableUpload }).click();
  const dialog = page.getByRole('dialog', { name: messages.boImportUploadTitle });
  await dialog.waitFor();
  const carica = dialog.getByRole('button', { name: formMessages.formUploadSend, exact: true });
  expect(await carica.isDisabled()).toBe(true);
  await dialog.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: content,
  });
  await carica.click();
  await page.getByText(messages.boImportDone).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** The row of an input file, once its status reads `label` (refreshing while the job runs). */
async function rowWhen(page: Page, file: string, label: string) {
  const locator = page.getByTestId('import-row').filter({ hasText: file });
  await expect
    .poll(
      async () => {
        await server.app.jobs.idle();
        await page.getByRole('button', { name: messages.updateReload }).click();
        await settle(page);
        return (await locator.count()) > 0 ? await locator.first().innerText() : '';
      },
      { timeout: 20_000, interval: 300 },
    )
    .toContain(label);
  return locator.first();
}

describe('bulk credit import', () => {
  it('laura uploads, reads the results, cancels; the operator accepts; the new employee enrols', async () => {
    const laura = await server.login('laura.bianchi@example.com');

    // --- 1280 px: the page with the seeded imports, axe.
    const desk = await newContext(browser, server.baseUrl, 1280);
    await seedSession(desk, laura, 'acme');
    const page = await desk.newPage();
    await page.goto(PATH);
    await page.getByRole('heading', { name: messages.boImportTitle }).waitFor();
    await page.getByTestId('import-row').first().waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);

    // The template has the 14 columns.
    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: messages.boImportTemplate }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await template.path())!);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);

    // A good file and a file with errors.
    await upload(page, 'buono.xlsx', await xlsx([row(1), row(2)]));
    await upload(
      page,
      'errori.xlsx',
      await xlsx([row(3, { Password: 'x' }), row(4, { 'Tipo fonte': 9, 'Codice Fiscale': 'ABC' }), row(5)]),
    );
    await rowWhen(page, 'buono.xlsx', messages.importValidationCompleted);
    const failed = await rowWhen(page, 'errori.xlsx', messages.importValidationFailed);

    // The output file of the failed one: the Esito column, every error of each row.
    const outputDownload = page.waitForEvent('download');
    await failed.getByRole('button', { name: 'Scarica il file esito_errori.xlsx' }).click();
    const output = await outputDownload;
    expect(output.suggestedFilename()).toBe('esito_errori.xlsx');
    const result = new ExcelJS.Workbook();
    await result.xlsx.load(readFileSync((await output.path())!) as unknown as ArrayBuffer);
    const sheet = result.worksheets[0]!;
    expect(sheet.getCell(1, 15).value).toBe('Esito');
    expect(String(sheet.getCell(2, 15).value)).toContain(api.apiImportPasswordNotEmpty);
    expect(String(sheet.getCell(3, 15).value)).toContain(api.apiImportFonteInvalid);
    expect(String(sheet.getCell(3, 15).value)).toContain(api.apiImportTaxCodeInvalid);
    expect(sheet.getCell(4, 15).value).toBe('OK');

    // The note of the failed one.
    await failed.getByRole('button', { name: /Visualizza la nota/ }).click();
    const note = page.getByRole('dialog', { name: messages.boImportNoteTitle });
    await note.getByText(/3 righe, 2 con errori/).waitFor();
    await page.keyboard.press('Escape');
    await note.waitFor({ state: 'detached' });

    // Cancel the good one: confirmation, toast, Annullato.
    const good = await rowWhen(page, 'buono.xlsx', messages.importValidationCompleted);
    await good.getByRole('button', { name: messages.cancel }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: messages.boImportCancelText });
    await confirm.getByRole('button', { name: messages.no }).waitFor();
    await confirm.getByRole('button', { name: messages.boImportCancelYes }).click();
    await page.getByText(messages.boImportCancelled).first().waitFor();
    await rowWhen(page, 'buono.xlsx', messages.importCancelled);

    // A file with a new employee, accepted by the operator's command.
    await upload(
      page,
      'assunzioni.xlsx',
      await xlsx([
        row(10, {
          Email: NEW_EMAIL,
          Cognome: 'Marino',
          Nome: 'Giorgia',
          'Codice Fiscale': taxCode(4242),
          'Welfare Totale': '1.250,00',
          'Welfare art51c3': '1.000,00',
        }),
      ]),
    );
    const accepted = await rowWhen(page, 'assunzioni.xlsx', messages.importValidationCompleted);
    const id = Number((await accepted.locator('td').first().innerText()).trim());
    const lines: string[] = [];
    const code = await runAdmin(['import-accept', String(id)], {
      db: server.app.db,
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
      imports: {
        files: server.app.files,
        sendMail: (message) => server.app.mail.send(message),
        baseUrl: server.baseUrl,
      },
    });
    expect(lines.join('\n')).toContain('IMPORTED_SUCCESSFULLY');
    expect(code).toBe(0);
    const done = await rowWhen(page, 'assunzioni.xlsx', messages.importAccepted);
    expect(await done.locator('[data-status="IMPORTED_SUCCESSFULLY"]').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}/import-1280.png`, fullPage: true });

    // The new employee and her credit lines: in the database, and in the company's movements.
    const giorgia = await server.app.db
      .selectFrom('users')
      .select(['id', 'company_id', 'cod_fisc'])
      .where('email', '=', NEW_EMAIL)
      .executeTakeFirstOrThrow();
    expect(giorgia.cod_fisc).toBe(taxCode(4242));
    const credit = await server.app.db
      .selectFrom('credit_lines')
      .select(['credito_iniziale', 'is_art51c3'])
      .where('user_id', '=', giorgia.id)
      .orderBy('id')
      .execute();
    expect(credit).toEqual([
      { credito_iniziale: 25000, is_art51c3: false },
      { credito_iniziale: 100000, is_art51c3: true },
    ]);
    await page.goto(routes['office-transactionsdash'].path);
    await page
      .getByText(api.apiImportMovementOggetto.replace('{id}', String(id)))
      .first()
      .waitFor();
    await desk.close();

    // --- 360 px: the page and the upload modal, axe.
    const phone = await newContext(browser, server.baseUrl, 360);
    await seedSession(phone, laura, 'acme');
    const small = await phone.newPage();
    await small.goto(PATH);
    await small.getByTestId('import-row').first().waitFor();
    await settle(small);
    expect(await axeViolations(small)).toEqual([]);
    await small.screenshot({ path: `${screenshotDir}/import-360.png`, fullPage: true });
    await small.getByRole('button', { name: messages.tableUpload }).click();
    await small.getByRole('dialog', { name: messages.boImportUploadTitle }).waitFor();
    await settle(small);
    expect(await axeViolations(small)).toEqual([]);
    await phone.close();

    // --- The new employee: the welcome mail's link sets the password (tax code as the proof), then
    // the sign-in asks for the second factor's enrolment.
    const mail = await waitForMail(server, NEW_EMAIL, { after: 0, subject: api.apiMailImportWelcomeSubject });
    const link = mailedLink(mail, '/password-lost/acme/');
    const fresh = await newContext(browser, server.baseUrl, 1280);
    const enrol = await fresh.newPage();
    await enrol.goto(link);
    const taxField = enrol.getByLabel(fieldLabel(api.profileTaxCode));
    await taxField.waitFor();
    const password = 'Benvenuta2026!ok';
    await enrol.getByLabel(fieldLabel(api.passwordNew)).fill(password);
    await enrol.getByLabel(fieldLabel(api.passwordConfirm)).fill(password);
    await taxField.fill(taxCode(4242));
    await enrol.getByRole('button', { name: api.passwordSubmit }).click();
    await enrol
      .getByRole('link', { name: api.loginGoToLogin })
      .or(enrol.getByRole('button', { name: api.loginGoToLogin }))
      .click();
    await enrol.waitForURL(/\/login\/acme$/);
    await submitCredentials(enrol, NEW_EMAIL, password);
    await enrol.getByText(api.enrolMailIntro).waitFor();
    await waitForMail(server, NEW_EMAIL, { after: mail.id, subject: api.apiMailEnrolCodeSubject });
    await fresh.close();
  });
});
