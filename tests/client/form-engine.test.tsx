/**
 * The form engine (issue 5 "The engine"): every declaration renders, errors are Italian only, the
 * submission flow through the purchase engine (Riepilogo operazione, one Idempotency-Key per payload, success to menu,
 * backend error box), replay, the pension fund and acceptance dialogs, and a seventh form that
 * exists only in tests/fixtures/forms.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forms } from '../../config/forms';
import type { FormDeclaration } from '../../config/forms/types';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import { emitSessionEnd } from '../../src/client/api/session-events';
import type { LoggedUserInfo } from '../../src/client/api/types';
import { FormScreen } from '../../src/client/features/forms';
import { useSessionStore } from '../../src/client/stores/session';
import { rimbProva } from '../fixtures/forms/rimb-prova';
import {
  demoUser,
  jsonResponse,
  labelled,
  logInAs,
  renderInRouter,
  stubApi,
  type RecordedCall,
} from './helpers';
import { euro, formatItalianCents, parseCents } from '../../src/shared/money';
import { messages } from '../../src/shared/catalogues/account';
import { textOf } from '../../config/texts';
import { legalParams, taxYear } from '../../src/shared/legal-figures';

const FUNDS = [
  { covip: 'C123', nome: 'Fondo Alfa', istituto: 'Istituto A' },
  { covip: 'C999', nome: 'Fondo Beta', istituto: 'Istituto B' },
];

const CATEGORIES = [
  { id: 5, nome: 'Luce e gas', me_stesso: true },
  { id: 66, nome: 'Mutuo prima casa', me_stesso: true },
  { id: 70, nome: 'Affitto', me_stesso: true },
  { id: 12, nome: 'Spese mediche', me_stesso: false },
];

type User = LoggedUserInfo;

/** A user whose saved pension fund is C123 (Fondo Alfa). */
function pensionUser(previdenzaIsOk = true): User {
  const user = demoUser();
  return { ...user, user_anag: { ...user.user_anag, covip_fondo: 'C123', previdenza_is_ok: previdenzaIsOk } };
}

interface ApiOptions {
  user?: User;
  categoriesStatus?: number;
  replay?: unknown;
  replayStatus?: number;
  /** Answer of `POST /api/crea_richiesta/...` (default 201 with id 4321). */
  create?: (call: number) => Response;
  /** Holds the credit answer until resolved (to watch a refetch). */
  credit?: () => Response;
}

let calls: RecordedCall[] = [];

// Forms load their data, their lazy dialogs and their widgets' lookups: a busy machine needs time.
configure({ asyncUtilTimeout: 4000 });

function formApi(options: ApiOptions = {}) {
  let nextDoc = 500;
  let creates = 0;
  calls = stubApi((url, init) => {
    const parsed = new URL(url, 'http://portale.test');
    const path = parsed.pathname;
    const method = init.method ?? 'GET';
    if (path === '/api/get-logged-user-info') return jsonResponse(200, options.user ?? demoUser());
    if (path === '/api/pdoppiaapi/credito_utente' && options.credit) return options.credit();
    if (path.startsWith('/api/categorie/'))
      return options.categoriesStatus
        ? jsonResponse(options.categoriesStatus, { detail: 'Errore interno.' })
        : jsonResponse(200, CATEGORIES);
    if (path === '/api/static_links/tutorial')
      return jsonResponse(200, [
        {
          slug_name: 'rimb-spese',
          nome: 'Rimborso spese',
          links: [
            {
              id: 1,
              slug_name: 'video-spese',
              url: 'https://video.example/spese',
              descrizione: 'Come chiedere un rimborso',
              nome: 'Video: il rimborso spese',
            },
          ],
        },
      ]);
    if (path === '/api/static_links/documentazione/informativa_previdenza_integrativa')
      return jsonResponse(200, { url: 'https://docs.example/informativa.pdf' });
    if (path === '/api/static_links/documentazione')
      return jsonResponse(200, [
        {
          id: 2,
          slug_name: 'guida',
          url: `https://docs.example/${parsed.searchParams.get('group')}.pdf`,
          descrizione: 'Guida alla richiesta',
          nome: 'Guida alla richiesta',
        },
      ]);
    if (path === '/api/fondi_previdenza') {
      const term = (parsed.searchParams.get('term') ?? '').toLowerCase();
      return jsonResponse(
        200,
        FUNDS.filter((fund) => `${fund.covip} ${fund.nome} ${fund.istituto}`.toLowerCase().includes(term)),
      );
    }
    if (path.startsWith('/api/get_acquisto_full/'))
      return options.replayStatus
        ? jsonResponse(options.replayStatus, { detail: 'Acquisto non trovato.' })
        : jsonResponse(200, options.replay ?? {});
    if (path.startsWith('/api/file_kind_list/')) return jsonResponse(200, [{ id: 1, nome: 'Fattura' }]);
    if (path.startsWith('/api/file_esistenti_list/'))
      return jsonResponse(200, [
        {
          id_documento: 70,
          file_kind_id: 1,
          tipo: 'Fattura',
          file_date: '2026-01-15',
          nome_file: 'fattura.pdf',
          created: '2026-01-15T10:00:00',
        },
      ]);
    if (path === '/api/clona_allegato_esistente' && method === 'POST')
      return jsonResponse(201, { doc_id: nextDoc++ });
    if (path.startsWith('/api/crea_richiesta/') && method === 'POST') {
      creates += 1;
      return options.create ? options.create(creates) : jsonResponse(201, { id_acquisto: 4321 });
    }
    if (path === '/api/previdenza_info_accept' && method === 'POST')
      return jsonResponse(200, { previdenza_is_ok: true });
    return undefined;
  });
  return calls;
}

const posts = (prefix: string) =>
  calls.filter((call) => call.url.startsWith(prefix) && (call.init.method ?? 'GET') === 'POST');

function headerOf(call: RecordedCall | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

function bodyOfCall(call: RecordedCall | undefined): unknown {
  return call?.init.body ? JSON.parse(call.init.body as string) : undefined;
}

async function renderForm(
  form: string | FormDeclaration,
  { replayId, user }: { replayId?: number; user?: User } = {},
) {
  logInAs();
  if (user) useSessionStore.setState({ user });
  const declaration = typeof form === 'string' ? undefined : form;
  const routeName = typeof form === 'string' ? form : form.route_name;
  const rendered = await renderInRouter(
    <FormScreen routeName={routeName} replayId={replayId} declaration={declaration} />,
    { path: '/modulo', extraPaths: ['/menu'] },
  );
  return rendered;
}

/** The information modal of the form (when it has one) is answered. */
async function dismissInfo(title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: messages.understood }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
}

async function submitButton() {
  return screen.findByRole('button', { name: formMessages.formSubmit }, { timeout: 4000 });
}

async function chooseCategory(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: labelled('Categoria') }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** Types a wire amount ("120.50") the way people write it ("120,50"). */
async function typeAmount(label: string, value: string) {
  const input = screen.getByRole('textbox', { name: labelled(label) });
  const typed = formatItalianCents(parseCents(value)!);
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.blur(input);
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(typed));
}

/** Fills an upload slot with an earlier document (the reuse list of the documents field). */
async function reuseDocument(slot: string) {
  const card = screen.getByTestId(`slot-${slot}`);
  fireEvent.click(within(card).getByRole('button', { name: formMessages.formUploadReuse }));
  fireEvent.click(
    await within(card).findByRole('button', {
      name: formatFormMessage('formUploadReuseUseNamed', { name: 'fattura.pdf' }),
    }),
  );
  await within(card).findByTestId(`slot-${slot}-document`);
}

/** Waits for the "Riepilogo operazione" dialog. */
function confirmDialog() {
  return screen.findByRole('dialog', { name: formMessages.formConfirmTitle }, { timeout: 4000 });
}

/** Text of the page and of the dialogs: what a user can read. */
const visibleText = () => document.body.textContent ?? '';

const ENGLISH = /\b(must|should|required property|is a required|NOT have|allowed values)\b/i;

beforeEach(() => {
  calls = [];
  // The purchase engine keeps a payload's key for the session: each test starts a new one.
  emitSessionEnd();
});

afterEach(() => {
  useSessionStore.setState({ user: null });
});

describe('every declaration of config/forms renders through the one engine', () => {
  for (const form of forms as readonly FormDeclaration[]) {
    it(`${form.route_name}: title, intro, fields and the submit button`, async () => {
      formApi({ user: pensionUser() });
      await renderForm(form.route_name);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: textOf(messages, form.title) },
          { timeout: 4000 },
        ),
      ).toBeTruthy();
      if (form.intro.infoModal) await dismissInfo(textOf(messages, form.intro.infoModal.title));
      await submitButton();

      if (form.categories) {
        expect(screen.getByRole('combobox', { name: labelled('Categoria') })).toBeTruthy();
        const { set } = form.categories;
        expect(calls.some((call) => call.url === `/api/categorie/${set}`)).toBe(true);
      }
      for (const slot of form.slots.filter((entry) => entry.visibleWhen === undefined)) {
        expect(screen.getByTestId(`slot-${slot.name}`)).toBeTruthy();
      }
      if (form.intro.showUserData) {
        const userData = screen.getByTestId('form-user-data');
        expect((within(userData).getByLabelText(messages.profileTaxCode) as HTMLInputElement).value).toBe(
          'RSSMRA80A01H501U',
        );
      } else {
        expect(screen.queryByTestId('form-user-data')).toBeNull();
      }
      if (form.intro.tutorialSlug === 'rimb-spese') {
        const link = within(screen.getByTestId('form-tutorial')).getByRole('link', { name: /Video/ });
        expect(link.getAttribute('href')).toBe('https://video.example/spese');
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toContain('noopener');
      }
      if (form.intro.documentationGroup) {
        const box = within(await screen.findByTestId('form-documentation'));
        const link = box.getAllByRole('link')[0]!;
        expect(link.getAttribute('href')).toBe(`https://docs.example/${form.intro.documentationGroup}.pdf`);
        expect(link.getAttribute('rel')).toContain('noopener');
        // The whole group on site-documentazione, opened (issue 15).
        expect(box.getByTestId('form-documentation-all').getAttribute('href')).toBe(
          `/infos/site-documentazione/${form.intro.documentationGroup}`,
        );
      }
      // Nothing technical of the schema (its description) and nothing English is shown.
      expect(visibleText()).not.toContain('Payload of');
      expect(visibleText()).not.toMatch(ENGLISH);
    });
  }
});

describe('loading', () => {
  it('shows the spec text and a way back to the menu when the form data cannot be loaded', async () => {
    logInAs();
    stubApi((url) =>
      url === '/api/get-logged-user-info' ? jsonResponse(500, { detail: 'Errore.' }) : undefined,
    );
    const { router } = await renderInRouter(<FormScreen routeName="rimb-bollette" />, {
      path: '/modulo',
      extraPaths: ['/menu'],
    });
    const alert = await screen.findByTestId('form-load-error', {}, { timeout: 4000 });
    expect(alert.textContent).toBe(formMessages.formLoadError);
    fireEvent.click(screen.getByRole('link', { name: formMessages.formBackToMenu }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('says when the categories cannot be loaded', async () => {
    formApi({ categoriesStatus: 500 });
    await renderForm('rimb-bollette');
    expect((await screen.findByTestId('form-load-error', {}, { timeout: 4000 })).textContent).toBe(
      formMessages.formCategoriesLoadError,
    );
  });

  it('says when the purchase to replay cannot be loaded', async () => {
    formApi({ replayStatus: 404 });
    await renderForm('rimb-bollette', { replayId: 77 });
    expect((await screen.findByTestId('form-load-error', {}, { timeout: 4000 })).textContent).toBe(
      formMessages.formReplayLoadError,
    );
  });

  it('shows the loading text while the data arrives', async () => {
    let release: (response: Response) => void = () => undefined;
    logInAs();
    formApi();
    const held = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const fetchMock = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) =>
      url === '/api/get-logged-user-info' ? held : fetchMock(url, init)) as typeof fetch;
    await renderInRouter(<FormScreen routeName="conv-ondemand" />, { path: '/modulo' });
    expect(await screen.findByText(formMessages.formLoading)).toBeTruthy();
    await act(async () => release(jsonResponse(200, demoUser())));
    await submitButton();
  });
});

describe('Italian errors only', () => {
  it('an empty submission shows Italian errors under the fields, focuses the first and alerts', async () => {
    formApi();
    await renderForm('rimb-spese');
    await dismissInfo('Rimborso spese');
    fireEvent.click(await submitButton());

    const alert = await screen.findByTestId('form-fix-errors');
    expect(alert.textContent).toContain(formMessages.formFixErrors);
    const category = screen.getByRole('combobox', { name: labelled('Categoria') });
    await waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(category);
    expect(visibleText()).toContain(formMessages.formRequiredField);
    // The amount: the shared rule's text wins over the schema's "required", said the Italian way
    // by the euro input (issue 28).
    expect(visibleText()).toContain(formMessages.formAmountItalian);
    // The two required documents.
    expect(visibleText()).toContain(
      formatFormMessage('formDocumentRequired', { slot: 'Documento di pagamento' }),
    );
    expect(visibleText()).not.toMatch(ENGLISH);
    expect(posts('/api/crea_richiesta/')).toHaveLength(0);
  });

  it('a field corrected by the user loses its error at once', async () => {
    formApi();
    await renderForm('rimb-bollette');
    await dismissInfo('Rimborso bollette');
    fireEvent.click(await submitButton());
    const category = screen.getByRole('combobox', { name: labelled('Categoria') });
    await waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    await chooseCategory('Luce e gas');
    await waitFor(() => expect(category.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('the amount above the credit is reported with the ART 51 C.3 text', async () => {
    formApi();
    await renderForm('rimb-bollette');
    await dismissInfo('Rimborso bollette');
    await typeAmount('Importo della bolletta', '900.00');
    fireEvent.click(await submitButton());
    await screen.findByTestId('form-fix-errors');
    expect(visibleText()).toContain(formatFormMessage('formAmountOverCreditArt51c3', { n: euro(80_000) }));
    expect(visibleText()).toContain('che è di 800,00\u00a0€.');
  });
});

describe('the confirm dialog and the submission', () => {
  let rendered: Awaited<ReturnType<typeof renderForm>> | undefined;
  const routerOf = () => {
    if (!rendered) throw new Error('form not rendered');
    return rendered;
  };

  async function fillBills(amount = '120.50') {
    rendered = await renderForm('rimb-bollette');
    await dismissInfo('Rimborso bollette');
    await chooseCategory('Luce e gas');
    await typeAmount('Importo della bolletta', amount);
    await reuseDocument('doc_acq');
    await reuseDocument('doc_extr_p');
    await reuseDocument('doc_pagam');
  }

  it('shows the figures with the ART 51 C.3 labels for a form paid by art51c3', async () => {
    formApi();
    await fillBills();
    fireEvent.click(await submitButton());
    const dialog = await confirmDialog();
    const rows = within(within(dialog).getByTestId('confirm-figures'))
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      `${formMessages.formConfirmCurrentCreditArt51c3}800,00 €`,
      `${formMessages.formConfirmAmount}120,50 €`,
      `${formMessages.formConfirmResidualArt51c3}679,50 €`,
    ]);
    expect(within(dialog).getByText(formMessages.formConfirmQuestion)).toBeTruthy();
    // Not closable by Escape nor by a header button.
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: formMessages.formConfirmTitle })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts('/api/crea_richiesta/')).toHaveLength(0);
  }, 20_000);

  it('a double click on Prosegui sends one request with one Idempotency-Key, then success and menu', async () => {
    let creditCalls = 0;
    formApi({
      credit: () => {
        creditCalls += 1;
        return jsonResponse(200, {
          crediti: { totale: '1500.00', art51c3: creditCalls > 1 ? '679.50' : '800.00' },
        });
      },
    });
    const { router } = await renderForm('rimb-bollette');
    await dismissInfo('Rimborso bollette');
    await chooseCategory('Luce e gas');
    await typeAmount('Importo della bolletta', '120.50');
    await reuseDocument('doc_acq');
    await reuseDocument('doc_extr_p');
    await reuseDocument('doc_pagam');
    fireEvent.click(await submitButton());
    const dialog = await confirmDialog();
    const proceed = within(dialog).getByRole('button', { name: messages.proceed });
    fireEvent.click(proceed);
    fireEvent.click(proceed);

    const success = await screen.findByRole(
      'dialog',
      { name: formMessages.formSuccessTitle },
      { timeout: 4000 },
    );
    expect(within(success).getByTestId('success-body').textContent).toBe(
      formatFormMessage('formSuccessBody', { id: 4321 }),
    );
    expect(within(success).getByText(formMessages.formSuccessBills)).toBeTruthy();
    expect(within(success).getByText(formMessages.formSuccessMailFollows)).toBeTruthy();

    const sent = posts('/api/crea_richiesta/');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/crea_richiesta/rimb-bollette');
    expect(headerOf(sent[0], 'Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(bodyOfCall(sent[0])).toEqual({ id_categ: 5, importo: '120.50', docs: [500, 501, 502] });

    const creditBefore = creditCalls;
    fireEvent.click(within(success).getByRole('button', { name: messages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    // The credit is read again (the navbar's figure drops) and the session's user is refreshed.
    await waitFor(() => expect(creditCalls).toBeGreaterThan(creditBefore));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/get-logged-user-info').length).toBeGreaterThan(1),
    );
  }, 20_000);

  it('a refusal closes the overlay and opens the backend error box; the refused payload gets a new key', async () => {
    formApi({
      create: (call) =>
        call === 1
          ? jsonResponse(400, { importo: ['Credito insufficiente per la richiesta.'] })
          : jsonResponse(201, { id_acquisto: 99 }),
    });
    await fillBills();
    fireEvent.click(await submitButton());
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.proceed }));

    const box = await screen.findByRole('dialog', { name: 'Errore.' }, { timeout: 4000 });
    expect(within(box).getByText('Credito insufficiente per la richiesta.')).toBeTruthy();
    expect(screen.queryByTestId('form-submitting')).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await submitButton());
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle }, { timeout: 4000 });
    const sent = posts('/api/crea_richiesta/');
    expect(sent).toHaveLength(2);
    expect(headerOf(sent[0], 'Idempotency-Key')).not.toBe(headerOf(sent[1], 'Idempotency-Key'));
  }, 20_000);

  it('a lost answer or a 5xx keeps the key: confirming the same payload again sends it again', async () => {
    formApi({
      create: (call) => {
        if (call === 1) throw new TypeError('Failed to fetch');
        return call === 2
          ? jsonResponse(502, { detail: 'Servizio non raggiungibile.' })
          : jsonResponse(201, { id_acquisto: 77 });
      },
    });
    await fillBills();
    for (const text of [
      'Impossibile contattare il server. Verificare la connessione e riprovare.',
      'Servizio non raggiungibile.',
    ]) {
      fireEvent.click(await submitButton());
      fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.proceed }));
      const box = await screen.findByRole('dialog', { name: 'Errore.' }, { timeout: 4000 });
      expect(within(box).getByText(text)).toBeTruthy();
      fireEvent.click(within(box).getByRole('button', { name: 'Chiudi' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    fireEvent.click(await submitButton());
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle }, { timeout: 4000 });
    const sent = posts('/api/crea_richiesta/');
    expect(sent).toHaveLength(3);
    expect(headerOf(sent[0], 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((call) => headerOf(call, 'Idempotency-Key'))).size).toBe(1);
  }, 30_000);

  it('shows the overlay while the request runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    formApi();
    await fillBills();
    const fetchMock = globalThis.fetch;
    globalThis.fetch = ((url: string, init?: RequestInit) =>
      url.startsWith('/api/crea_richiesta/')
        ? new Promise<Response>((resolve) => {
            calls.push({ url, init: init ?? {} });
            answer = resolve;
          })
        : fetchMock(url, init)) as typeof fetch;
    fireEvent.click(await submitButton());
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.proceed }));
    const overlay = await screen.findByTestId('form-submitting');
    expect(overlay.textContent).toContain(formMessages.formSubmitting);
    expect(screen.getByRole('button', { name: formMessages.formSubmit }).hasAttribute('disabled')).toBe(true);
    await act(async () => answer(jsonResponse(201, { id_acquisto: 8 })));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(screen.queryByTestId('form-submitting')).toBeNull();
  }, 20_000);

  it('leaving the form closes the summary: nothing is sent', async () => {
    formApi();
    await fillBills();
    fireEvent.click(await submitButton());
    await confirmDialog();
    const { router } = routerOf();
    await act(async () => {
      await router.navigate({ to: '/menu' });
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: formMessages.formConfirmTitle })).toBeNull(),
    );
    expect(posts('/api/crea_richiesta/')).toHaveLength(0);
  }, 20_000);

  it('shows the pension information with the legal figures of this tax year, as people read euro', async () => {
    formApi({ user: pensionUser() });
    await renderForm('conv-previdenza-integrativa');
    const dialog = await screen.findByRole('dialog', { name: 'Previdenza integrativa' });
    const expected = formatFormMessage('formInfoPension', legalParams(taxYear()));
    expect(dialog.textContent).toContain(expected);
    // 2026 and later (until a new year is listed in config/legal-constants.ts): 5.300,00 €, 8.300,00 € with a bonus.
    if (taxYear() >= 2026)
      expect(expected).toContain('deducibile fino a 5.300,00\u00a0€ all’anno, elevabili a 8.300,00\u00a0€');
    expect(dialog.textContent).not.toMatch(/\{\w+(:euro)?\}|5\.164/);
    await dismissInfo('Previdenza integrativa');
  });

  it('uses the total credit labels for a form paid by the total', async () => {
    formApi({ user: pensionUser() });
    await renderForm('conv-previdenza-integrativa');
    await dismissInfo('Previdenza integrativa');
    await screen.findByDisplayValue('Fondo Alfa');
    const consent = screen.getByRole('checkbox', { name: labelled('Dichiaro di aver letto') });
    // A consent is ticked by the user, never by a default (the schema's `const: true` is a rule).
    expect((consent as HTMLInputElement).checked).toBe(false);
    fireEvent.click(consent);
    await typeAmount('Importo da versare', '200.00');
    fireEvent.click(await submitButton());
    const rows = within(within(await confirmDialog()).getByTestId('confirm-figures'))
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      `${formMessages.formConfirmCurrentCredit}1.500,00 €`,
      `${formMessages.formConfirmAmount}200,00 €`,
      `${formMessages.formConfirmResidual}1.300,00 €`,
    ]);
  }, 20_000);
});

describe('replay', () => {
  it('prefills the form from the purchase (amount, category, family beneficiary)', async () => {
    formApi({
      replay: {
        kind: 1,
        id_categ_id: 12,
        acquisto_row: { importo_totale: '45.00' },
        note: { note: null },
        fornitore: null,
        beneficiario: { nome: 'Lucia', cognome: 'Rossi', cod_fisc: 'RSSLCU10A41H501X' },
        relazione_parentale: { id: 3 },
      },
    });
    await renderForm('rimb-spese', { replayId: 77 });
    await dismissInfo('Rimborso spese');
    expect(calls.some((call) => call.url === '/api/get_acquisto_full/77')).toBe(true);
    expect(
      (screen.getByRole('textbox', { name: labelled('Importo da rimborsare') }) as HTMLInputElement).value,
    ).toBe('45,00');
    expect((screen.getByRole('combobox', { name: labelled('Categoria') }) as HTMLInputElement).value).toBe(
      'Spese mediche',
    );
    expect(screen.getByDisplayValue('RSSLCU10A41H501X')).toBeTruthy();
    expect(screen.getByDisplayValue('Lucia Rossi')).toBeTruthy();
    // The family member's document slot is shown (documents are never replayed), without taking the focus.
    expect(screen.getByTestId('slot-doc_fam')).toBeTruthy();
    expect(screen.getByTestId('slot-doc_fam').contains(document.activeElement)).toBe(false);
  });
});

describe('the family document slot (issue 11 item 10)', () => {
  it('choosing «Familiare» adds the slot right after the beneficiary block and focuses it', async () => {
    formApi();
    await renderForm('rimb-spese');
    await dismissInfo('Rimborso spese');
    await submitButton();
    expect(screen.queryByTestId('slot-doc_fam')).toBeNull();
    const family = screen.getByLabelText(formMessages.formBeneficiaryFamily);
    fireEvent.click(family);
    const slot = await screen.findByTestId('slot-doc_fam');
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    // Where the eye is: after the toggle and the beneficiary's fields, not above with the other documents.
    expect(follows(family, slot)).toBe(true);
    const relation = screen.getByRole('combobox', { name: labelled(formMessages.formBeneficiaryRelation) });
    expect(follows(relation, slot)).toBe(true);
    expect(follows(screen.getByTestId('slot-doc_pagam'), family)).toBe(true);
    // And the keyboard is there: its first control (the document type) has the focus.
    await waitFor(() => expect(slot.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(
      within(slot).getByRole('combobox', { name: new RegExp(`^${formMessages.formUploadDocType}`) }),
    );
    // Back to «Me stesso»: the slot goes away.
    fireEvent.click(screen.getByLabelText(formMessages.formBeneficiaryMyself));
    await waitFor(() => expect(screen.queryByTestId('slot-doc_fam')).toBeNull());
  }, 20_000);
});

describe('pension', () => {
  async function openPension() {
    formApi({ user: pensionUser() });
    const rendered = await renderForm('conv-previdenza-integrativa');
    await dismissInfo('Previdenza integrativa');
    await screen.findByDisplayValue('Fondo Alfa');
    return rendered;
  }

  async function chooseOtherFund() {
    const search = screen.getByRole('combobox', { name: labelled(formMessages.formFundSearch) });
    fireEvent.change(search, { target: { value: 'Beta' } });
    fireEvent.click(await screen.findByRole('option', { name: '[Istituto B] Fondo Beta' }));
    await screen.findByDisplayValue('C999');
  }

  it('a fund change declined restores the saved fund and sends nothing', async () => {
    await openPension();
    await chooseOtherFund();
    fireEvent.click(screen.getByRole('checkbox', { name: labelled('Dichiaro di aver letto') }));
    await typeAmount('Importo da versare', '100.00');
    fireEvent.click(await submitButton());

    const question = await screen.findByRole('dialog', { name: formMessages.formFundConfirmTitle });
    expect(question.textContent).toContain(
      formatFormMessage('formFundConfirmBody', {
        from: '[Istituto A] Fondo Alfa',
        to: '[Istituto B] Fondo Beta',
      }),
    );
    fireEvent.click(within(question).getByRole('button', { name: messages.cancel }));
    await screen.findByDisplayValue('C123');
    expect(screen.getByDisplayValue('Fondo Alfa')).toBeTruthy();
    expect(screen.getByDisplayValue('Istituto A')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: formMessages.formConfirmTitle })).toBeNull();
    expect(posts('/api/crea_richiesta/')).toHaveLength(0);
  }, 20_000);

  it('a fund change confirmed goes on to the summary and sends covip without institute and name', async () => {
    await openPension();
    await chooseOtherFund();
    fireEvent.click(screen.getByRole('checkbox', { name: labelled('Dichiaro di aver letto') }));
    await typeAmount('Importo da versare', '100.00');
    fireEvent.click(await submitButton());
    const question = await screen.findByRole('dialog', { name: formMessages.formFundConfirmTitle });
    fireEvent.click(within(question).getByRole('button', { name: formMessages.formFundConfirmProceed }));
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(bodyOfCall(posts('/api/crea_richiesta/')[0])).toEqual({
      prev_ok: true,
      covip: 'C999',
      importo: '100.00',
      note: null,
    });
  }, 20_000);

  it('asks to accept the information first; Annulla goes back to the menu', async () => {
    formApi({ user: pensionUser(false) });
    const { router } = await renderForm('conv-previdenza-integrativa', { user: pensionUser(false) });
    const dialog = await screen.findByRole('dialog', { name: formMessages.formPensionAcceptTitle });
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
    const link = await within(dialog).findByRole('link', {
      name: labelled(formMessages.formPensionInformationLink),
    });
    expect(link.getAttribute('href')).toBe('https://docs.example/informativa.pdf');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(posts('/api/previdenza_info_accept')).toHaveLength(0);
  });

  it('Accetta e Continua records the acceptance on the server and in the session; one modal, not two', async () => {
    formApi({ user: pensionUser(false) });
    await renderForm('conv-previdenza-integrativa', { user: pensionUser(false) });
    const dialog = await screen.findByRole('dialog', { name: formMessages.formPensionAcceptTitle });
    // The one modal on entry carries the form's information too.
    expect(within(dialog).getByTestId('form-pension-information').textContent).toBe(
      formatFormMessage('formInfoPension', legalParams(taxYear())),
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: formMessages.formPensionAcceptContinue }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: formMessages.formPensionAcceptTitle })).toBeNull(),
    );
    // No information modal follows the acceptance (it opened within a few ticks before).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
    const accepted = posts('/api/previdenza_info_accept');
    expect(accepted).toHaveLength(1);
    expect(bodyOfCall(accepted[0])).toEqual({ previdenza_is_ok: true });
    expect(useSessionStore.getState().user?.user_anag.previdenza_is_ok).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('user') ?? '{}').user_anag.previdenza_is_ok).toBe(true);
    await submitButton();
  });

  it('does not ask again once accepted in this session', async () => {
    formApi({ user: pensionUser(false) });
    await renderForm('conv-previdenza-integrativa', { user: pensionUser(true) });
    await dismissInfo('Previdenza integrativa');
    expect(screen.queryByRole('dialog', { name: formMessages.formPensionAcceptTitle })).toBeNull();
  });
});

describe('a seventh form that exists only in tests/fixtures/forms', () => {
  it('is rendered, validated in Italian and submitted without any code of its own', async () => {
    formApi();
    await renderForm(rimbProva);
    await dismissInfo('Richiesta di prova');
    expect(screen.getByRole('heading', { level: 1, name: 'Richiesta di prova' })).toBeTruthy();
    expect(screen.getByText('Al massimo 40 caratteri.')).toBeTruthy();

    const description = screen.getByRole('textbox', { name: labelled('Descrizione della spesa') });
    fireEvent.change(description, { target: { value: 'x'.repeat(41) } });
    fireEvent.click(await submitButton());
    await screen.findByTestId('form-fix-errors');
    expect(visibleText()).toContain(formatFormMessage('formTooLong', { limit: 40 }));
    expect(visibleText()).toContain(formMessages.formRequiredField);
    expect(visibleText()).toContain(formMessages.formPensionConsentRequired);
    expect(visibleText()).toContain(
      formatFormMessage('formDocumentRequired', { slot: 'Ricevuta della spesa' }),
    );
    expect(visibleText()).not.toMatch(ENGLISH);

    await chooseCategory('Luce e gas');
    await typeAmount('Importo richiesto', '30.00');
    fireEvent.change(description, { target: { value: 'Visita di controllo' } });
    fireEvent.click(screen.getByRole('combobox', { name: labelled('Tipo di spesa') }));
    fireEvent.click(await screen.findByRole('option', { name: 'straordinaria' }));
    fireEvent.click(screen.getByRole('checkbox', { name: labelled('Confermo che i dati') }));
    await reuseDocument('doc_acq');
    fireEvent.click(await submitButton());

    const dialog = await confirmDialog();
    expect(within(dialog).getByText(formMessages.formConfirmCurrentCreditArt51c3)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    const sent = posts('/api/crea_richiesta/');
    expect(sent.map((call) => call.url)).toEqual(['/api/crea_richiesta/rimb-prova']);
    expect(bodyOfCall(sent[0])).toEqual({
      id_categ: 5,
      importo: '30.00',
      note: 'Visita di controllo',
      tipo: 'straordinaria',
      persone: 1,
      conferma: true,
      docs: [500],
    });
  }, 20_000);
});
