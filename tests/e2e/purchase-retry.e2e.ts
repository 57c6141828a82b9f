/**
 * One Idempotency-Key per payload, end to end (issue 10 item 2): mario sends a request form; the
 * server commits the debit but the network drops its answer (Playwright forwards the POST with
 * `route.fetch()`, then aborts it), the backend error box shows, mario confirms again, and exactly one
 * debit is made: the same key went out twice, the server answered the second time with the first
 * purchase, the credit dropped once and the history holds one movement for it.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formMessages } from '../../config/messages-forms.it';
import { messages } from '../../config/messages.it';
import { useContexts } from './auth-helpers';
import { credit, openForm } from './form-driver';
import { apiGet, cents, euro, squash, type HistoryAnswer } from './movements-helpers';
import { usePortal } from './harness';
import { messages as accountMessages } from '../../src/shared/catalogues/account';

const MARIO = 'mario.rossi@example.com';
const CALL = '/api/crea_richiesta/conv-previdenza-integrativa';

const portal = usePortal();
const { server, signIn } = portal;
// The dropped answer is handled by the portal: no uncaught error on the page.
const contexts = useContexts(portal);

/** mario's purchases in the database. */
async function purchaseCount(): Promise<number> {
  const row = await server.app.db
    .selectFrom('purchases')
    .innerJoin('users', 'users.id', 'purchases.user_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('users.email', '=', MARIO)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a purchase whose answer is lost', () => {
  it('is confirmed again with the same Idempotency-Key and debited once', async () => {
    const context = await contexts.context(360);
    const token = await signIn(context, MARIO);
    const page = await context.newPage();
    const before = await credit(page, token);
    const purchasesBefore = await purchaseCount();

    const sent: { key: string | undefined; body: unknown; status?: number }[] = [];
    await page.route(`**${CALL}`, async (route: Route) => {
      const key = route.request().headers()['idempotency-key'];
      const body: unknown = route.request().postDataJSON();
      if (sent.length === 0) {
        // The server commits the purchase; its answer never reaches the portal.
        const response = await route.fetch();
        sent.push({ key, body, status: response.status() });
        await route.abort('connectionreset');
        return;
      }
      sent.push({ key, body });
      await route.continue();
    });

    await openForm(page, '/base-request/conv-previdenza-integrativa');
    await page.getByRole('checkbox', { name: /Dichiaro di aver letto/ }).check();
    const covip = page.getByRole('textbox', { name: formMessages.formFundCovipCode });
    await expect.poll(() => covip.inputValue()).not.toBe('');
    const amount = page.getByRole('textbox', { name: /Importo da versare/ });
    await amount.fill('');
    await amount.pressSequentially('40');

    const submitAndProceed = async () => {
      await page.getByRole('button', { name: formMessages.formSubmit }).click();
      const confirm = page.getByRole('dialog', { name: formMessages.formConfirmTitle });
      await confirm.waitFor();
      await expect
        .poll(async () => squash(await confirm.getByTestId('confirm-figures').innerText()))
        .toContain(euro('40.00'));
      await confirm.getByRole('button', { name: accountMessages.proceed }).click();
    };

    await submitAndProceed();
    const box = page.getByRole('dialog', { name: 'Errore.' });
    await box.waitFor({ timeout: 30_000 });
    await expect.poll(() => box.innerText()).toContain(messages.networkError);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.status).toBe(201);
    // The first request was committed: the credit is already lower, by the amount, once.
    expect(cents((await credit(page, token)).totale)).toBe(cents(before.totale) - 4000);
    await box.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await box.waitFor({ state: 'hidden' });

    await submitAndProceed();
    const success = page.getByRole('dialog', { name: formMessages.formSuccessTitle });
    await success.waitFor({ timeout: 30_000 });
    const id = Number(/(\d+)\s*$/.exec(await success.getByTestId('success-body').innerText())?.[1]);
    expect(id).toBeGreaterThan(0);
    await success.getByRole('button', { name: accountMessages.ok }).click();
    await page.waitForURL(/\/menu$/);

    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
    expect(sent[1]?.key).toBe(sent[0]?.key);

    const after = await credit(page, token);
    expect(cents(after.totale)).toBe(cents(before.totale) - 4000);
    const history = await apiGet<HistoryAnswer>(page.request, token, '/api/get_storico_transazioni/utente', {
      page_size: 500,
    });
    const movements = history.results.filter((movement) => movement.id_acquisto === id);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ id_kind: 7, DARE: '40.00' });
    expect(await purchaseCount()).toBe(purchasesBefore + 1);
    // The key's stored answer is the purchase the success dialog showed.
    const stored = await server.app.db
      .selectFrom('idempotency_keys')
      .select('response_body')
      .where('key', '=', sent[0]!.key!)
      .executeTakeFirstOrThrow();
    expect(stored.response_body).toEqual({ id_acquisto: id });
  });
});
