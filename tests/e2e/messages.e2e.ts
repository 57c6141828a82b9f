/**
 * Internal messaging end to end (issue 17; spec 002 §2.8, §5): laura.bianchi@example.com, referent of
 * Acme S.p.A., opens office-mess-interna, picks Mario Rossi among the active employees, writes a
 * formatted message in the rich-text editor (the counter follows the HTML), sends it (toast), finds it
 * in the "sent messages" modal; mario then reads it in his notifications inbox with laura as the
 * sender, the bell having counted it. axe at 360 and 1280 px, screenshots in .tmp/screenshots.
 */
import { describe, expect, it } from 'vitest';
import { messages as account, formatMessage } from '../../src/shared/catalogues/account';
import { routes } from '../../config/routes';
import { settle } from './auth-helpers';
import { axeViolations, newContext, screenshotDir, seedSession, usePortal } from './harness';

const PATH = routes['office-mess-interna'].path;
const TEXT = 'Venerdì la sede chiude alle 14';

const { server, browser } = usePortal();

describe('internal messaging', () => {
  it('laura sends a message to mario; mario reads it in his inbox with the sender', async () => {
    const laura = await server.login('laura.bianchi@example.com');
    const mario = await server.login('mario.rossi@example.com');
    const marioId = (
      await server.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'mario.rossi@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const unreadBefore = (
      (await (
        await fetch(`${server.baseUrl}/api/info_notifiche`, { headers: { authorization: `Token ${mario}` } })
      ).json()) as { ricevuti_new: number }
    ).ricevuti_new;

    // --- laura at 360 px: the screen, axe.
    const phone = await newContext(browser, server.baseUrl, 360);
    await seedSession(phone, laura, 'acme');
    const small = await phone.newPage();
    const recipientsCall = small.waitForResponse((r) =>
      r.url().includes('/api/utenti_azienda?solo_attivi=1'),
    );
    await small.goto(PATH);
    expect((await recipientsCall).status()).toBe(200);
    await small.getByTestId('recipient').first().waitFor();
    await small.getByTestId('message-editor').waitFor();
    await settle(small);
    expect(await axeViolations(small)).toEqual([]);
    await small.screenshot({ path: `${screenshotDir}/messages-360.png`, fullPage: true });
    await phone.close();

    // --- laura at 1280 px: pick mario, write, send.
    const desk = await newContext(browser, server.baseUrl, 1280);
    await seedSession(desk, laura, 'acme');
    const page = await desk.newPage();
    await page.goto(PATH);
    await page.getByTestId('recipient').first().waitFor();
    const send = page.getByTestId('message-send');
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel(account.messFilter).fill('rossi mario');
    await page.locator(`input[type="checkbox"][value="${marioId}"]`).check();
    await page
      .getByTestId('recipients-count')
      .getByText(/^1 di /)
      .waitFor();
    const editor = page.getByTestId('message-editor');
    await editor.click();
    await page.keyboard.type(`${TEXT} `);
    await page.getByRole('button', { name: account.messEditorBold }).click();
    await page.keyboard.type('per manutenzione');
    const html = `<p>${TEXT} <strong>per manutenzione</strong></p>`;
    await page
      .getByTestId('message-counter')
      .getByText(formatMessage('messCounter', { n: html.length, limit: 8000 }))
      .waitFor();
    await expect.poll(() => send.isEnabled()).toBe(true);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/messages-1280.png`, fullPage: true });

    const posted = page.waitForResponse((r) => r.url().endsWith('/api/comunicazione_interna'));
    await send.click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toMatchObject({ messaggio: html });
    await page.getByText(account.messSentTextOne).waitFor();

    // The company's sent messages list it.
    await page.getByRole('button', { name: account.messSentButton }).click();
    const modal = page.getByRole('dialog', { name: account.messSentModalTitle });
    await modal.getByTestId('internal-message-row').first().getByText('Rossi').waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/messages-sent-1280.png` });
    await desk.close();

    // --- mario: the bell counted it, the inbox shows it with laura as the sender.
    const marioContext = await newContext(browser, server.baseUrl, 360);
    await seedSession(marioContext, mario, 'acme');
    const inbox = await marioContext.newPage();
    await inbox.goto(routes['site-notifiche'].path);
    const row = inbox.getByTestId('notification-row').first();
    await row.getByText('Laura Bianchi').waitFor();
    const status = (await (
      await fetch(`${server.baseUrl}/api/info_notifiche`, { headers: { authorization: `Token ${mario}` } })
    ).json()) as { ricevuti_new: number };
    expect(status.ricevuti_new).toBe(unreadBefore + 1);
    await row.getByRole('button').click();
    const detail = inbox.getByRole('dialog', { name: account.inboxDetailTitle });
    const text = detail.getByTestId('notification-text');
    await text.getByText(TEXT).waitFor();
    expect(await text.locator('strong').textContent()).toBe('per manutenzione');
    await marioContext.close();
  });
});
