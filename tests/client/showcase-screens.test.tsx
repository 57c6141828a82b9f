/**
 * The showcase screens that are not a grid (issue 13; 001 §2, §4, §5, §8): the fuel bonus (a card, or
 * none with its reasons and a button home), the app voucher pages (only the offered amounts, "Non si
 * dispone di sufficiente credito per l'acquisto" with none, "Nessun buono selezionato..." with no choice,
 * appaga's send button always disabled, ollipay's information page outside the wfm profile), the
 * mutual-aid disclaimer gate (closable only by its buttons, Prosegui once ticked, recorded on the server),
 * and the mutual-aid "100" page (conv-eurete-100: its fixed section, paid from the total).
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findAppVoucherPage } from '../../config/showcases/app-vouchers';
import { messages as accountMessages } from '../../src/shared/catalogues/account';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import { euro } from '../../src/shared/money';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { AppVoucherScreen } from '../../src/client/features/showcases/app-voucher-screen';
import { EureteGate } from '../../src/client/features/showcases/eurete-gate';
import { useSessionStore } from '../../src/client/stores/session';
import { FuelBonusScreen } from '../../src/client/features/showcases/fuel-bonus-screen';
import { ShowcaseScreen } from '../../src/client/features/showcases/showcase-screen';
import { eureteSectionShowcase } from '../../config/showcases';
import { findPageByRoute } from '../../config/pages';
import { RegistryPageScreen } from '../../src/client/routes/_authenticated/-page-screens';
import { screenConstants } from '../../config/screen-constants';
import { demoUser, jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

configure({ asyncUtilTimeout: 4000 });

let calls: RecordedCall[] = [];

/** The installation's content the voucher pages read (static links), unless a test answers otherwise. */
const FRINGE_DOCUMENT = {
  id: 1,
  slug_name: 'guida_fringe_benefit',
  nome: 'Guida ai fringe benefit',
  descrizione: '',
  url: 'https://documenti.example.com/fringe.pdf',
};
const APP_LINKS = [
  {
    route_name: 'conv-ollipay',
    ios: null,
    android: 'https://play.google.com/store/apps/details?id=com.example.ollipay',
  },
  {
    route_name: 'conv-toduba',
    ios: 'https://apps.apple.com/it/app/toduba/id1',
    android: 'https://play.google.com/store/apps/details?id=com.example.toduba',
  },
];

function api(answers: Record<string, () => Response>) {
  calls = stubApi((url, init) => {
    const path = url.split('?')[0]!;
    if (answers[path]) return answers[path]();
    if (url === '/api/static_links/documentazione?group=fringe-app')
      return jsonResponse(200, [FRINGE_DOCUMENT]);
    if (url === '/api/static_links/app') return jsonResponse(200, APP_LINKS);
    if (url.startsWith('/api/crea_acquisto/') && init.method === 'POST')
      return jsonResponse(201, { id_acquisto: 77 });
    if (url === '/api/get-logged-user-info') return jsonResponse(200, demoUser());
    return undefined;
  });
}

async function show(ui: React.ReactNode) {
  logInAs();
  return renderInRouter(ui, { path: '/pagina', extraPaths: ['/menu'] });
}

beforeEach(() => {
  calls = [];
  emitSessionEnd();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fuel bonus', () => {
  it('204: no card, the reasons, and a button home', async () => {
    api({ '/api/bonus_benzina': () => new Response(null, { status: 204 }) });
    const { router } = await show(<FuelBonusScreen />);
    const none = await screen.findByTestId('fuel-none');
    expect(within(none).getByText(formMessages.formFuelNone)).toBeTruthy();
    expect(within(none).getByText(formMessages.formFuelReasons)).toBeTruthy();
    expect(screen.queryByRole('button', { name: formMessages.formPurchaseBuy })).toBeNull();
    // A voucher page: it links the documentation of the fringe benefits (001 §2 site-documentazione).
    expect((await screen.findByTestId('documentation-link')).getAttribute('href')).toBe(
      '/infos/site-documentazione/fringe-app',
    );
    fireEvent.click(within(none).getByRole('button', { name: accountMessages.backToHome }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('200: the card with the year limit, bought through the purchase engine with its code', async () => {
    api({
      '/api/bonus_benzina': () =>
        jsonResponse(200, {
          product_code: 'FUEL-200',
          nome: 'Carta carburante 200 €',
          importo: '200.00',
          immagine: '',
          limite: '200.00',
          anno: 2026,
        }),
    });
    await show(<FuelBonusScreen />);
    const card = await screen.findByTestId('fuel-card');
    expect(
      within(card).getByText(
        formatFormMessage('formFuelIntro', { limit: euro(20_000), year: 2026 }).replace(/\s/g, ' '),
        {
          normalizer: (text) => text.replace(/\s/g, ' '),
        },
      ),
    ).toBeTruthy();
    fireEvent.click(await within(card).findByRole('button', { name: formMessages.formPurchaseBuy }));
    const confirm = await screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: accountMessages.proceed }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    const post = calls.find((call) => call.url === '/api/crea_acquisto/bonus-benzina');
    expect(JSON.parse(post?.init.body as string)).toEqual({ product_code: 'FUEL-200' });
  }, 30_000);
});

describe('app vouchers', () => {
  it('offers only the amounts the call gives; no choice: "Nessun buono selezionato..."', async () => {
    api({ '/api/toduba_buoni': () => jsonResponse(200, { buoni_disp: ['5.00', '10.00'] }) });
    await show(<AppVoucherScreen page={findAppVoucherPage('conv-toduba')!} />);
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['5.00', '10.00']);
    expect((await screen.findByTestId('documentation-link')).getAttribute('href')).toBe(
      '/infos/site-documentazione/fringe-app',
    );
    fireEvent.click(screen.getByRole('button', { name: formMessages.formPurchaseBuy }));
    expect(await screen.findByText(formMessages.formAppVoucherNoneChosen)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/crea_acquisto/'))).toBe(false);
  });

  it('with none offered: "Non si dispone di sufficiente credito per l\'acquisto" and no purchase', async () => {
    api({ '/api/toduba_buoni': () => jsonResponse(200, { buoni_disp: [] }) });
    await show(<AppVoucherScreen page={findAppVoucherPage('conv-toduba')!} />);
    expect((await screen.findByTestId('purchase-none-offered')).textContent).toBe(
      formMessages.formAppVoucherNoCredit,
    );
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('button', { name: formMessages.formPurchaseBuy }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("appaga's send button stays disabled whatever is chosen", async () => {
    api({ '/api/appaga_buoni': () => jsonResponse(200, { buoni_disp: ['5.00'] }) });
    await show(<AppVoucherScreen page={findAppVoucherPage('conv-appaga')!} />);
    fireEvent.click(await screen.findByRole('radio'));
    expect(screen.getByTestId('app-voucher-disabled').textContent).toBe(formMessages.formAppagaUnavailable);
    expect(screen.getByRole('button', { name: formMessages.formPurchaseBuy }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('ollipay: Welfare Di Marca buys for the wfm profile; any other profile gets the information and the app links', async () => {
    api({
      '/api/ollipay_status': () =>
        jsonResponse(200, { profile: 'wfm', reg_status: true, vouchers: ['5.00'] }),
    });
    const first = await show(<AppVoucherScreen page={findAppVoucherPage('conv-ollipay')!} />);
    expect(await screen.findByRole('heading', { name: accountMessages.titleWfm })).toBeTruthy();
    expect(await screen.findByRole('radio')).toBeTruthy();
    first.unmount();

    api({
      '/api/ollipay_status': () =>
        jsonResponse(200, { profile: 'altro', reg_status: true, vouchers: ['5.00'] }),
    });
    await show(<AppVoucherScreen page={findAppVoucherPage('conv-ollipay')!} />);
    expect((await screen.findByTestId('app-voucher-info')).textContent).toBe(formMessages.formOllipayInfo);
    expect(screen.getByRole('heading', { name: accountMessages.titleOllipay })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: formMessages.formPurchaseBuy })).toBeNull();
    // The installation set only ollipay's Android store: no App Store link.
    const links = await screen.findByTestId('app-links');
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([[formMessages.formAppVoucherAndroid, APP_LINKS[0]!.android]]);
  });

  it('shows the installation’s store links; none set and no fringe documentation: no line, no link', async () => {
    api({ '/api/toduba_buoni': () => jsonResponse(200, { buoni_disp: ['5.00'] }) });
    const first = await show(<AppVoucherScreen page={findAppVoucherPage('conv-toduba')!} />);
    const links = await screen.findByTestId('app-links');
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([APP_LINKS[1]!.ios, APP_LINKS[1]!.android]);
    first.unmount();

    api({
      '/api/toduba_buoni': () => jsonResponse(200, { buoni_disp: ['5.00'] }),
      '/api/static_links/app': () => jsonResponse(200, []),
      '/api/static_links/documentazione': () => jsonResponse(200, []),
    });
    const { queryClient } = await show(<AppVoucherScreen page={findAppVoucherPage('conv-toduba')!} />);
    await screen.findAllByRole('radio');
    // Both (empty) answers are in before looking for what they hide.
    await waitFor(() => {
      for (const key of [
        ['static-links', 'app'],
        ['static-links', 'documentazione', 'fringe-app'],
      ])
        expect(queryClient.getQueryState(key)?.status, key.join('/')).toBe('success');
    });
    expect(screen.queryByText(`${formMessages.formAppVoucherDownload}:`)).toBeNull();
    expect(screen.queryByTestId('app-links')).toBeNull();
    expect(screen.queryByRole('link', { name: formMessages.formAppVoucherIos })).toBeNull();
    expect(screen.queryByTestId('documentation-link')).toBeNull();
  });
});

describe('mutual-aid disclaimer gate', () => {
  it('closes only by its buttons; Prosegui once ticked records the agreement and shows the content', async () => {
    api({ '/api/eurete_disclaimer': () => jsonResponse(200, { accettato: true }) });
    await show(
      <EureteGate>
        <p>contenuto</p>
      </EureteGate>,
    );
    const gate = await screen.findByRole('dialog', { name: formMessages.formEureteDisclaimerTitle });
    expect(screen.queryByText('contenuto')).toBeNull();
    fireEvent.keyDown(gate, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: formMessages.formEureteDisclaimerTitle })).toBeTruthy();
    expect(gate.querySelector('.mantine-Modal-close')).toBeNull();
    const proceed = within(gate).getByRole('button', { name: accountMessages.proceed });
    expect(proceed.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(gate).getByRole('checkbox', { name: formMessages.formEureteDisclaimerAccept }));
    fireEvent.click(proceed);
    expect(await screen.findByText('contenuto')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/eurete_disclaimer' && call.init.method === 'POST')).toBe(
      true,
    );
    expect(useSessionStore.getState().sessionInfos.eurete_cond_agreed).toBe(true);
  });

  it('"Torna alla home" goes to the menu; an agreement of this session shows the content at once', async () => {
    api({});
    const first = await show(
      <EureteGate>
        <p>contenuto</p>
      </EureteGate>,
    );
    const gate = await screen.findByRole('dialog', { name: formMessages.formEureteDisclaimerTitle });
    fireEvent.click(within(gate).getByRole('button', { name: accountMessages.backToHome }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/menu'));
    first.unmount();

    logInAs();
    useSessionStore.getState().setSessionInfos({ eurete_cond_agreed: true });
    await renderInRouter(
      <EureteGate>
        <p>contenuto</p>
      </EureteGate>,
      { path: '/pagina', extraPaths: ['/menu'] },
    );
    expect(await screen.findByText('contenuto')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('mutual-aid section (sez-eurete)', () => {
  it('with nothing within art. 51 c.3 says so in the words of 001 §2, with the way back to the sections', async () => {
    api({
      '/api/eurete_sezioni/famiglia': () =>
        jsonResponse(200, { slug_name: 'famiglia', nome: 'Famiglia', descrizione: '', icona: '' }),
      '/api/eurete_prodotti/famiglia': () => jsonResponse(200, { count: 0, results: [] }),
    });
    await show(
      <ShowcaseScreen
        title={accountMessages.titleEurete}
        declaration={eureteSectionShowcase}
        params={{ slug_name: 'famiglia' }}
      />,
    );
    expect(
      await screen.findByText('Nessun elemento acquistabile con il credito Art51c3 a disposizione'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: formMessages.formEureteBack }).getAttribute('href')).toBe(
      '/eurete/conv-eurete-buoni',
    );
  });
});

describe('mutual-aid "100" page (conv-eurete-100)', () => {
  const section = screenConstants.eurete100Section;
  const product = (slug: string, nome: string, costo: string) => ({
    slug_name: slug,
    nome,
    costo,
    descrizione: `<p>${nome}</p>`,
    icona: '',
    url_scheda: `https://eurete.example/schede/${slug}.pdf`,
    url_regolamento: 'https://eurete.example/regolamento.pdf',
  });

  it('behind the disclaimer, shows its section and buys from the total (above art. 51 c.3 too)', async () => {
    api({
      '/api/eurete_disclaimer': () => jsonResponse(200, { accettato: true }),
      [`/api/eurete_sezioni/${section}`]: () =>
        jsonResponse(200, {
          slug_name: section,
          nome: 'Welfare sociale art. 100',
          descrizione: '',
          icona: '',
        }),
      [`/api/eurete_prodotti/${section}`]: () =>
        jsonResponse(200, {
          count: 2,
          results: [
            product('art100-soggiorno', 'Soggiorno', '900.00'),
            product('art100-oltre', 'Oltre', '1600.00'),
          ],
        }),
    });
    // The registry's page (config/pages.ts), drawn as the generic route draws it.
    const Page = () => <RegistryPageScreen page={findPageByRoute('conv-eurete-100')!} />;
    const { router } = await show(<Page />);
    // The gate first: nothing is asked before the agreement.
    const gate = await screen.findByRole('dialog', { name: formMessages.formEureteDisclaimerTitle });
    expect(calls.some((call) => call.url.startsWith('/api/eurete_prodotti/'))).toBe(false);
    fireEvent.click(within(gate).getByRole('checkbox', { name: formMessages.formEureteDisclaimerAccept }));
    fireEvent.click(within(gate).getByRole('button', { name: accountMessages.proceed }));

    expect(
      await screen.findByRole('heading', { level: 1, name: formMessages.formTitleEurete100 }),
    ).toBeTruthy();
    await screen.findByRole('button', { name: 'Soggiorno' });
    const list = calls.find((call) => call.url.startsWith(`/api/eurete_prodotti/${section}?`));
    expect(new URL(list!.url, 'http://portale.test').searchParams.get('page_size')).toBe('8');

    // 1,600.00 is above the total (1,500.00): no Buy.
    fireEvent.click(screen.getByRole('button', { name: 'Oltre' }));
    let dialog = await screen.findByRole('dialog', { name: 'Oltre' });
    expect(within(dialog).getByTestId('showcase-insufficient')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: accountMessages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // 900.00 is above art. 51 c.3 (800.00) but within the total: bought from the total.
    fireEvent.click(screen.getByRole('button', { name: 'Soggiorno' }));
    dialog = await screen.findByRole('dialog', { name: 'Soggiorno' });
    fireEvent.click(within(dialog).getByRole('button', { name: formMessages.formPurchaseBuy }));
    const confirm = await screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
    // The total's figures: 1.500,00 now, 900,00, 600,00 left.
    const figures = confirm.textContent ?? '';
    for (const figure of ['1.500,00', '900,00', '600,00']) expect(figures).toContain(figure);
    fireEvent.click(within(confirm).getByRole('button', { name: accountMessages.proceed }));
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    const post = calls.find((call) => call.url === '/api/crea_acquisto/eurete-100');
    expect(JSON.parse(post?.init.body as string)).toEqual({ product_slug: 'art100-soggiorno' });
    fireEvent.click(within(success).getByRole('button', { name: accountMessages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  }, 30_000);
});
