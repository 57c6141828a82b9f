/**
 * Conventions screens (issue 14) with the API stubbed: the article page picks its template by name
 * ("Template non trovato" for any other; no_mail hides the supplier's e-mail; the images templates show
 * the images, a carousel that moves on every 4 s), sanitizes its HTML and buys from the total with
 * id_articolo, id_fornitore, codice_articolo; the consortium's "Acquista" is enabled only with a PIN, the
 * box ticked, an amount above 0 and enough art51c3 credit; the category grid selects, and the supplier
 * grid opens vetrina-consorzio for a consortium, vetrina-fornitore otherwise, sending the filters.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages } from '../../src/shared/catalogues/forms';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { ShowcaseGrid } from '../../src/client/engine/showcase';
import { VetrinaArticoloScreen } from '../../src/client/features/sellers/vetrina-articolo-screen';
import { VetrinaConsorzioScreen, mapsLink } from '../../src/client/features/sellers/vetrina-consorzio-screen';
import { categorieFornitori, fornitoriCategoria } from '../../config/showcases/sellers';
import { formatEuro } from '../../src/shared/money';
import {
  bodyOf,
  demoUser,
  jsonResponse,
  logInAs,
  renderInRouter,
  stubApi,
  type RecordedCall,
} from './helpers';

configure({ asyncUtilTimeout: 4000 });

const supplier = {
  id: 14,
  nome: 'Palestra Olimpia',
  cognome: '',
  logo_url: '',
  indirizzo: 'Via Dante 12',
  comune: 'Milano',
  cap: '20121',
  provincia: 'MI',
  tel: '02 1234567',
  email: 'info@olimpia.example',
  sito_web: 'https://olimpia.example',
  descrizione: 'Palestra',
  is_consorzio: false,
};

const article = (template: string, imgs: number) => ({
  id: 101,
  id_fornitore: 14,
  descrizione: 'Abbonamento mensile',
  prezzo_unitario: '60.00',
  sconto: 20,
  prezzo_scontato: '48.00',
  disponibilita_max: 3,
  fruizione: '<p>Presenta il <strong>codice</strong></p><img src=x onerror="window.rotto=1">',
  altre_info: '<p>Altro</p><script>window.rotto=1</script>',
  sito_web: '',
  codice_articolo: 'OLI-M1',
  imgs: Array.from({ length: imgs }, (_, i) => ({ web_url: `/api/immagini_convenzioni/a-${i}.svg` })),
  id_template: { nome: template },
});

let calls: RecordedCall[] = [];

function api(routes: Record<string, unknown>) {
  calls = stubApi((url, init) => {
    const path = new URL(url, 'http://portale.test').pathname;
    if (url.startsWith('/api/crea_acquisto/') && init.method === 'POST')
      return jsonResponse(201, { id_acquisto: 77 });
    if (path === '/api/get-logged-user-info') return jsonResponse(200, demoUser());
    if (path === '/api/pdoppiaapi/credito_utente')
      return jsonResponse(200, routes.credit ?? { crediti: { totale: '1500.00', art51c3: '800.00' } });
    if (path in routes) return jsonResponse(200, routes[path]);
    return undefined;
  });
}

beforeEach(() => {
  calls = [];
  emitSessionEnd();
  logInAs();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function showArticle(template: string, imgs = 0) {
  api({ '/api/info_articolo/101': article(template, imgs), '/api/info_fornitore/14': supplier });
  return renderInRouter(<VetrinaArticoloScreen idArticolo="101" />, {
    path: '/articolo',
    extraPaths: ['/menu', '/sellers/vetrina-fornitore/$id_fornitore'],
  });
}

describe('vetrina-articolo', () => {
  it('shows "Template non trovato" for an unknown template', async () => {
    await showArticle('tmpl_vecchio');
    expect(await screen.findByText(formMessages.formSellersTemplateNotFound)).toBeTruthy();
    expect(screen.queryByTestId('article-buy')).toBeNull();
  });

  it('hides the e-mail in the no_mail templates and shows it in the others; images only with images', async () => {
    for (const [template, mail, images] of [
      ['tmpl_default', true, false],
      ['tmpl_default_no_mail', false, false],
      ['tmpl_with_images', true, true],
      ['tmpl_with_images_no_mail', false, true],
    ] as const) {
      const view = await showArticle(template, 1);
      await screen.findByTestId(`article-${template}`);
      expect(screen.queryByTestId('article-supplier-email') !== null, template).toBe(mail);
      expect(screen.queryByTestId('article-image') !== null, template).toBe(images);
      view.unmount();
    }
  });

  it('sanitizes the HTML and moves the carousel on every 4 seconds', async () => {
    await showArticle('tmpl_with_images', 3);
    const carousel = await screen.findByTestId('article-carousel');
    expect(document.body.innerHTML).not.toContain('onerror');
    expect(document.body.innerHTML).not.toContain('<script');
    expect(screen.getByText('codice').tagName).toBe('STRONG');
    expect(carousel.getAttribute('data-shown')).toBe('0');
    await waitFor(() => expect(carousel.getAttribute('data-shown')).toBe('1'), { timeout: 5000 });
  }, 10_000);

  it('buys from the total with id_articolo, id_fornitore and codice_articolo', async () => {
    const { router } = await showArticle('tmpl_default');
    const button = (await screen.findByTestId('article-buy')) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const confirm = await screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
    expect(within(confirm).getByTestId('confirm-figures').textContent).toContain(formatEuro(4800));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Prosegui' }));
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(bodyOf(calls, '/api/crea_acquisto/articolo')).toEqual({
      id_articolo: 101,
      id_fornitore: 14,
      codice_articolo: 'OLI-M1',
    });
    const sent = calls.find((c) => c.url === '/api/crea_acquisto/articolo')!;
    expect(new Headers(sent.init.headers).get('Idempotency-Key')).toBeTruthy();
    fireEvent.click(within(success).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });
});

describe('vetrina-consorzio', () => {
  const consortium = { ...supplier, id: 20, nome: 'Consorzio Benessere', is_consorzio: true };

  async function showConsortium(pin: boolean, art51c3 = '800.00') {
    api({
      '/api/info_fornitore/20': consortium,
      '/api/tagli_buoni': ['25.00', '50.00', '1000.00'],
      '/api/pin_identificativo': { pin_exists: pin },
      '/api/fornitori_consorzio/20': [],
      credit: { crediti: { totale: '1500.00', art51c3 } },
    });
    await renderInRouter(<VetrinaConsorzioScreen idConsorzio="20" />, {
      path: '/consorzio',
      extraPaths: ['/menu', '/sellers/gestione-pin'],
    });
    await screen.findByTestId('consortium-credit');
  }

  const choose = async (label: string) => {
    fireEvent.click(screen.getByRole('combobox', { name: formMessages.formSellersVoucherCut }));
    fireEvent.click(await screen.findByRole('option', { name: label }));
  };
  const tick = () => fireEvent.click(screen.getByRole('checkbox', { name: /art\. 51 c\.3 del TUIR/ }));
  const buy = () => screen.getByTestId('consortium-buy') as HTMLButtonElement;

  it('enables Acquista only with a PIN, the box ticked and an amount within the art51c3 credit', async () => {
    await showConsortium(true, '100.00');
    expect(buy().disabled).toBe(true);
    await choose(formatEuro(5000));
    expect(buy().disabled).toBe(true);
    tick();
    expect(buy().disabled).toBe(false);
    await choose(formatEuro(100000));
    expect(buy().disabled).toBe(true);
    expect(screen.getByTestId('purchase-over-credit').textContent).toContain(formatEuro(10000));
    expect(screen.getByTestId('consortium-voucher').textContent).toContain(formatEuro(51500));
    await choose(formatEuro(2500));
    fireEvent.click(buy());
    const confirm = await screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Prosegui' }));
    await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    expect(bodyOf(calls, '/api/crea_acquisto/buono-consorzio')).toEqual({
      id_consorzio: 20,
      importo: '25.00',
      dichiarazione: true,
    });
  });

  it('warns without a PIN and keeps Acquista disabled', async () => {
    await showConsortium(false);
    await choose(formatEuro(5000));
    tick();
    expect(screen.getByTestId('purchase-pin-missing').textContent).toContain(
      formMessages.formPurchasePinMissing,
    );
    expect(buy().disabled).toBe(true);
  });

  it('builds the maps link from the address parts', () => {
    expect(mapsLink({ indirizzo: 'Via Dante 12', cap: '20121', comune: 'Milano', provincia: 'MI' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Via%20Dante%2012%2C%2020121%20Milano%2C%20MI',
    );
    expect(mapsLink({ indirizzo: '', cap: '', comune: 'Roma', provincia: '' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Roma',
    );
  });
});

describe('the conventions grids', () => {
  it('a category click selects it; a supplier opens its showcase, a consortium its page; filters are sent', async () => {
    api({
      '/api/categorie_fornitori': [{ id: 3, nome: 'Sport', url_icona: '' }],
      '/api/fornitori_convenzionati': [
        {
          ...supplier,
          prov_name: 'Milano',
          id_categoria: 3,
          id_categ_servizio: 1,
          nome_categ_servizio: 'Sport',
          nome_completo: 'Palestra Olimpia',
        },
        {
          ...supplier,
          id: 20,
          nome: 'Consorzio Benessere',
          prov_name: 'Milano',
          id_categoria: 3,
          id_categ_servizio: 1,
          nome_categ_servizio: 'Sport',
          nome_completo: 'Consorzio Benessere',
          is_consorzio: true,
        },
      ],
    });
    const selected: unknown[] = [];
    const first = await renderInRouter(
      <ShowcaseGrid declaration={categorieFornitori} onSelect={(item) => selected.push(item)} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sport' }));
    expect(selected).toEqual([{ id: 3, nome: 'Sport', url_icona: '' }]);
    first.unmount();

    await renderInRouter(
      <ShowcaseGrid declaration={fornitoriCategoria} params={{ id_categoria: '3', provincia: 'MI' }} />,
    );
    const consortiumLink = await screen.findByRole('link', { name: 'Consorzio Benessere' });
    expect(consortiumLink.getAttribute('href')).toBe('/sellers/vetrina-consorzio/20');
    expect(screen.getByRole('link', { name: 'Palestra Olimpia' }).getAttribute('href')).toBe(
      '/sellers/vetrina-fornitore/14',
    );
    const listed = calls.find((c) => c.url.startsWith('/api/fornitori_convenzionati'))!;
    expect(new URL(listed.url, 'http://portale.test').search).toBe('?id_categoria=3&provincia=MI');
    await act(async () => undefined);
  });
});
