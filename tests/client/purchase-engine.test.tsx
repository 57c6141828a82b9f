/**
 * The purchase engine (issue 10 item 2) on purchases declared only in tests/fixtures/purchases: the
 * over-credit warning of the declared balance, "Riepilogo operazione" (figures, ART 51 C.3 labels, not
 * closable by Escape or the backdrop), one POST per confirmation, "Richiesta inviata" with the id and the
 * product text, then the menu; one Idempotency-Key per payload (kept after a lost answer or a 5xx, new
 * for a changed payload, forgotten after a success); the SSO window that follows a purchase.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import { messages } from '../../config/messages.it';
import type { PurchaseDeclaration } from '../../config/purchases/types';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { PurchasePanel } from '../../src/client/engine/purchase';
import { formatEuro, euro } from '../../src/shared/money';
import { acqProva, acqProvaFisso, acqProvaTagli } from '../fixtures/purchases/acq-prova';
import { demoUser, jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';
import { messages as accountMessages } from '../../src/shared/catalogues/account';

configure({ asyncUtilTimeout: 4000 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let calls: RecordedCall[] = [];

/** As Testing Library reads a text: euro amounts carry a no-break space, its matcher a plain one. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

/** The API: credit 1500.00 / 800.00; `create(n)` answers the n-th purchase POST (default 201, id 700 + n). */
function purchaseApi(create?: (call: number) => Response) {
  let creates = 0;
  calls = stubApi((url, init) => {
    if (url.startsWith('/api/crea_acquisto/') && init.method === 'POST') {
      creates += 1;
      return create ? create(creates) : jsonResponse(201, { id_acquisto: 700 + creates });
    }
    if (url === '/api/get-logged-user-info') return jsonResponse(200, demoUser());
    if (url === '/api/prova_sso_link' && init.method === 'POST')
      return jsonResponse(200, { sso_link: 'https://servizio.example/entra?t=abc' });
    return undefined;
  });
}

const posts = () =>
  calls.filter((call) => call.url.startsWith('/api/crea_acquisto/') && call.init.method === 'POST');
const keyOf = (call: RecordedCall | undefined) => new Headers(call?.init.headers).get('Idempotency-Key');
const bodyOfCall = (call: RecordedCall | undefined): unknown =>
  call?.init.body ? JSON.parse(call.init.body as string) : undefined;

async function renderPanel(declaration: PurchaseDeclaration) {
  logInAs();
  return renderInRouter(<PurchasePanel declaration={declaration} />, {
    path: '/acquisto',
    extraPaths: ['/menu'],
  });
}

async function buyButton() {
  return screen.findByRole('button', { name: formMessages.formPurchaseBuy });
}

async function typeAmount(value: string) {
  const input = await screen.findByRole('textbox', { name: accountMessages.amount });
  fireEvent.change(input, { target: { value } });
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(value));
}

function tick(label: string) {
  fireEvent.click(screen.getByRole('checkbox', { name: label }));
}

function confirmDialog() {
  return screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
}

/** Buy -> Prosegui: the POST goes out. */
async function buyAndProceed() {
  fireEvent.click(await buyButton());
  fireEvent.click(within(await confirmDialog()).getByRole('button', { name: accountMessages.proceed }));
}

/** The backend error box shows `text` and is closed. */
async function closeErrorBox(text: string) {
  const box = await screen.findByRole('dialog', { name: 'Errore.' });
  expect(within(box).getByText(text)).toBeTruthy();
  expect(screen.queryByTestId('purchase-submitting')).toBeNull();
  fireEvent.click(within(box).getByRole('button', { name: 'Chiudi' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

beforeEach(() => {
  calls = [];
  // Kept keys live for the session: each test starts a new one.
  emitSessionEnd();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a declared purchase runs through the purchase engine', () => {
  it('warns when the amount exceeds the declared balance and keeps the buy button off', async () => {
    purchaseApi();
    await renderPanel(acqProva);
    await typeAmount('805');
    const warning = await screen.findByTestId('purchase-over-credit');
    expect(warning.textContent).toBe(formatFormMessage('formAmountOverCreditArt51c3', { n: euro(80_000) }));
    expect(warning.textContent).toContain('che è di 800,00\u00a0€.');
    expect((await buyButton()).hasAttribute('disabled')).toBe(true);
    await typeAmount('800');
    await waitFor(() => expect(screen.queryByTestId('purchase-over-credit')).toBeNull());
    expect((await buyButton()).hasAttribute('disabled')).toBe(false);
  }, 30_000);

  it('checks amount and ticks, shows the summary (not closable), sends once, shows the id and text, then the menu', async () => {
    purchaseApi();
    const { router } = await renderPanel(acqProva);
    await typeAmount('12');
    fireEvent.click(await buyButton());
    expect(
      await screen.findByText(
        spaced(formatFormMessage('formPurchaseAmountStep', { min: euro(1000), step: euro(500) })),
      ),
    ).toBeTruthy();
    expect(screen.getByText(formMessages.formPurchaseTickMissing)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await typeAmount('120');
    tick(formMessages.formPurchaseDeclarationLabel);
    fireEvent.click(await buyButton());
    const dialog = await confirmDialog();
    const rows = within(within(dialog).getByTestId('confirm-figures'))
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      `${formMessages.formConfirmCurrentCreditArt51c3}800,00 €`,
      `${formMessages.formConfirmAmount}120,00 €`,
      `${formMessages.formConfirmResidualArt51c3}680,00 €`,
    ]);
    // Neither Escape, nor the backdrop, nor a header button closes it.
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.mantine-Modal-overlay');
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    expect(screen.getByRole('dialog', { name: formMessages.formConfirmTitle })).toBeTruthy();

    const proceed = within(dialog).getByRole('button', { name: accountMessages.proceed });
    fireEvent.click(proceed);
    fireEvent.click(proceed);
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(within(success).getByTestId('success-body').textContent).toBe(
      formatFormMessage('formSuccessBody', { id: 701 }),
    );
    expect(within(success).getByText(formMessages.formPurchaseSuccessGeneric)).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.url).toBe('/api/crea_acquisto/acq-prova');
    expect(bodyOfCall(posts()[0])).toEqual({ importo: '120.00', dichiarazione: true });
    expect(keyOf(posts()[0])).toMatch(UUID);

    fireEvent.click(within(success).getByRole('button', { name: accountMessages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  }, 30_000);

  it('reuses the key after a lost answer and after a 500; a success forgets it', async () => {
    purchaseApi((call) => {
      if (call === 1) throw new TypeError('Failed to fetch');
      if (call === 2) return jsonResponse(500, { detail: 'Errore interno.' });
      return jsonResponse(201, { id_acquisto: 800 + call });
    });
    const first = await renderPanel(acqProva);
    await typeAmount('50');
    tick(formMessages.formPurchaseDeclarationLabel);
    await buyAndProceed();
    await closeErrorBox(messages.networkError);
    await buyAndProceed();
    await closeErrorBox('Errore interno.');
    await buyAndProceed();
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(within(success).getByTestId('success-body').textContent).toBe(
      formatFormMessage('formSuccessBody', { id: 803 }),
    );
    const keys = posts().map(keyOf);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
    fireEvent.click(within(success).getByRole('button', { name: accountMessages.ok }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/menu'));
    first.unmount();

    // The same purchase again, with the same payload: a new purchase, a new key.
    await renderPanel(acqProva);
    await typeAmount('50');
    tick(formMessages.formPurchaseDeclarationLabel);
    await buyAndProceed();
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(posts()).toHaveLength(4);
    expect(bodyOfCall(posts()[3])).toEqual(bodyOfCall(posts()[0]));
    expect(keyOf(posts()[3])).toMatch(UUID);
    expect(keyOf(posts()[3])).not.toBe(keys[0]);
  }, 40_000);

  it('gives a changed payload a new key; the uncertain payload keeps its own', async () => {
    purchaseApi(() => jsonResponse(503, { detail: 'Servizio non disponibile.' }));
    await renderPanel(acqProva);
    await typeAmount('50');
    tick(formMessages.formPurchaseDeclarationLabel);
    await buyAndProceed();
    await closeErrorBox('Servizio non disponibile.');
    await typeAmount('55');
    await buyAndProceed();
    await closeErrorBox('Servizio non disponibile.');
    await typeAmount('50');
    await buyAndProceed();
    await closeErrorBox('Servizio non disponibile.');
    const [fifty, fiftyFive, fiftyAgain] = posts();
    expect(bodyOfCall(fiftyFive)).toEqual({ importo: '55.00', dichiarazione: true });
    expect(keyOf(fiftyFive)).not.toBe(keyOf(fifty));
    expect(keyOf(fiftyAgain)).toBe(keyOf(fifty));
  }, 40_000);

  it('a refusal (4xx) forgets the key: the next confirmation has a new one', async () => {
    purchaseApi((call) =>
      call === 1
        ? jsonResponse(400, { importo: ['Importo non valido.'] })
        : jsonResponse(201, { id_acquisto: 9 }),
    );
    await renderPanel(acqProva);
    await typeAmount('20');
    tick(formMessages.formPurchaseDeclarationLabel);
    await buyAndProceed();
    await closeErrorBox('Importo non valido.');
    await buyAndProceed();
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(keyOf(posts()[1])).not.toBe(keyOf(posts()[0]));
  }, 30_000);

  it('cuts from the total: over-credit cut, total labels, then the declared SSO window and the menu', async () => {
    purchaseApi();
    const popup = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const { router } = await renderPanel(acqProvaTagli);
    fireEvent.click(await screen.findByRole('radio', { name: formatEuro(200_000) }));
    expect((await screen.findByTestId('purchase-over-credit')).textContent).toBe(
      formatFormMessage('formAmountOverCredit', { n: euro(150_000) }),
    );
    fireEvent.click(screen.getByRole('radio', { name: formatEuro(5000) }));
    tick(formMessages.formPurchaseConditionsLabel);
    fireEvent.click(await buyButton());
    const rows = within(within(await confirmDialog()).getByTestId('confirm-figures'))
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      `${formMessages.formConfirmCurrentCredit}1.500,00 €`,
      `${formMessages.formConfirmAmount}50,00 €`,
      `${formMessages.formConfirmResidual}1.450,00 €`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: accountMessages.proceed }));
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(bodyOfCall(posts()[0])).toEqual({ service: 'prova', importo: '50.00', condizioni: true });
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(within(success).getByRole('button', { name: accountMessages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    expect(popup.location.href).toBe('https://servizio.example/entra?t=abc');
    expect(bodyOfCall(calls.find((call) => call.url === '/api/prova_sso_link'))).toEqual({
      service: 'prova',
    });
  }, 30_000);

  it('reads a free amount the Italian way and refuses, with a message, one that is no amount', async () => {
    purchaseApi();
    await renderPanel(acqProva);
    await typeAmount('1,234.50');
    const input = screen.getByRole('textbox', { name: accountMessages.amount });
    fireEvent.blur(input);
    expect(await screen.findByText(formMessages.formAmountItalian)).toBeTruthy();
    fireEvent.click(await buyButton());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toHaveLength(0);

    await typeAmount('45,5');
    fireEvent.blur(input);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('45,50'));
    await typeAmount('45,00');
    tick(formMessages.formPurchaseDeclarationLabel);
    fireEvent.click(await buyButton());
    const dialog = await confirmDialog();
    expect(within(dialog).getByTestId('confirm-figures').textContent?.replace(/\s+/g, ' ')).toContain(
      `${formMessages.formConfirmAmount}45,00 €`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: accountMessages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(bodyOfCall(posts()[0])).toEqual({ importo: '45.00', dichiarazione: true });
  }, 30_000);

  it('a fixed amount is shown, not chosen, and sent as the declared constants only', async () => {
    purchaseApi();
    await renderPanel(acqProvaFisso);
    expect(await screen.findByText(spaced(formatEuro(1250)))).toBeTruthy();
    await buyAndProceed();
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(posts()[0]?.url).toBe('/api/crea_acquisto/acq-prova-fisso');
    expect(bodyOfCall(posts()[0])).toEqual({ product_code: 'ABB-1' });
  }, 30_000);

  it('is accessible: the panel with its errors and warnings, and the summary (axe)', async () => {
    purchaseApi();
    const { container } = await renderPanel(acqProvaTagli);
    fireEvent.click(await screen.findByRole('radio', { name: formatEuro(200_000) }));
    await screen.findByTestId('purchase-over-credit');
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    const panel = await axe.run(container, rules);
    expect(panel.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: formatEuro(2500) }));
    fireEvent.click(await buyButton());
    expect(await screen.findByText(formMessages.formPurchaseTickMissing)).toBeTruthy();
    tick(formMessages.formPurchaseConditionsLabel);
    fireEvent.click(await buyButton());
    const dialog = await confirmDialog();
    const summary = await axe.run(dialog, rules);
    expect(summary.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  }, 30_000);
});
