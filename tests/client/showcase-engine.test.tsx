/**
 * The showcase engine (issue 13) on grids declared only in tests/fixtures/showcases, rendered by the
 * generic `ShowcaseGrid` with no per-grid code: the declared call and page size, the header with its
 * HTML sanitized, cards with prices, the pager, the search (from 2 characters, one call per pause), the
 * empty and load-error texts, a route click, and the detail modal whose purchase (amount from the
 * product) runs the purchase engine; above the balance it says so and offers no Buy.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formMessages } from '../../src/shared/catalogues/forms';
import { formatTableMessage } from '../../src/shared/catalogues/tables';
import { messages as accountMessages } from '../../src/shared/catalogues/account';
import { emitSessionEnd } from '../../src/client/api/session-events';
import { ShowcaseGrid } from '../../src/client/engine/showcase';
import type { ShowcaseDeclaration } from '../../config/showcases/types';
import { acqVetrinaProva, negoziProva, vetrinaProva } from '../fixtures/showcases/vetrina-prova';
import { demoUser, jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

configure({ asyncUtilTimeout: 4000 });

interface Prodotto {
  codice: string;
  nome: string;
  prezzo: string;
  marca: string;
  immagine: string;
  descrizione: string;
  scheda: string;
}

const prodotti: Prodotto[] = Array.from({ length: 12 }, (_, i) => ({
  codice: `P${i + 1}`,
  nome: i === 11 ? 'Borraccia termica' : `Buono ${i + 1}`,
  prezzo: i === 11 ? '900.00' : `${(i + 1) * 10}.00`,
  marca: 'Negozio Prova',
  immagine: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
  descrizione: `<p>Descrizione ${i + 1}</p><img src=x onerror="alert(1)">`,
  scheda: `https://negozio.example/scheda/${i + 1}`,
}));

let calls: RecordedCall[] = [];

function api({ status = 200, rows = prodotti }: { status?: number; rows?: Prodotto[] } = {}) {
  calls = stubApi((url, init) => {
    const parsed = new URL(url, 'http://portale.test');
    if (parsed.pathname === '/api/prova_vetrina/7/prodotti') {
      if (status !== 200) return jsonResponse(status, { detail: 'Servizio non disponibile.' });
      const q = (parsed.searchParams.get('q') ?? '').toLowerCase();
      const found = rows.filter((row) => row.nome.toLowerCase().includes(q));
      const page = Number(parsed.searchParams.get('page'));
      const size = Number(parsed.searchParams.get('page_size'));
      return jsonResponse(200, { count: found.length, results: found.slice((page - 1) * size, page * size) });
    }
    if (parsed.pathname === '/api/prova_vetrina/7')
      return jsonResponse(200, {
        nome: 'Negozio Prova',
        logo: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
        testo: '<p>Il negozio <strong>di prova</strong></p><script>window.rotto = 1</script>',
      });
    if (parsed.pathname === '/api/prova_negozi')
      return jsonResponse(200, {
        elenco: [
          { id: 12, nome: 'Libreria Centrale', logo: '' },
          { id: 13, nome: 'Sport Più', logo: '' },
        ],
      });
    if (url.startsWith('/api/crea_acquisto/') && init.method === 'POST')
      return jsonResponse(201, { id_acquisto: 901 });
    if (url === '/api/get-logged-user-info') return jsonResponse(200, demoUser());
    return undefined;
  });
}

const listCalls = () =>
  calls
    .filter((call) => call.url.startsWith('/api/prova_vetrina/7/prodotti?'))
    .map((call) => new URL(call.url, 'http://portale.test').searchParams);

const cards = () => screen.getAllByTestId(/^showcase-item-/);

async function show(declaration: ShowcaseDeclaration = vetrinaProva) {
  logInAs();
  return renderInRouter(
    <ShowcaseGrid declaration={declaration} params={{ negozio: '7' }} purchases={[acqVetrinaProva]} />,
    { path: '/vetrina', extraPaths: ['/menu', '/aml/forn-aml/12'] },
  );
}

beforeEach(() => {
  calls = [];
  emitSessionEnd();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a showcase declared only in a fixture', () => {
  it('reads the declared call and page size, shows the header (sanitized), the cards with prices, and pages', async () => {
    api();
    await show();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(listCalls()[0]?.toString()).toBe('page=1&page_size=5&ordine=prezzo');
    const header = await screen.findByTestId('showcase-header');
    expect(within(header).getByRole('heading', { name: 'Negozio Prova' })).toBeTruthy();
    expect(header.innerHTML).toContain('<strong>di prova</strong>');
    expect(header.innerHTML).not.toContain('script');
    expect(within(cards()[1] as HTMLElement).getByTestId('showcase-price').textContent).toBe('20,00\u00a0€');
    expect(within(cards()[0] as HTMLElement).getByText('Negozio Prova')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 3 }) }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(listCalls().at(-1)?.toString()).toBe('page=3&page_size=5&ordine=prezzo');
    expect(screen.getByTestId('showcase-item-P12')).toBeTruthy();
  });

  it('draws an item with no image as a tile of its initials, not an empty image box', async () => {
    api({
      rows: prodotti.map((row, i) => (i === 0 ? { ...row, nome: 'buono spesa demo', immagine: '' } : row)),
    });
    await show();
    await waitFor(() => expect(cards()).toHaveLength(5));
    const imageless = cards()[0] as HTMLElement;
    expect(imageless.querySelector('img')).toBeNull();
    expect(imageless.querySelector('[aria-hidden="true"]')?.textContent).toBe('BS');
    // The others keep their image.
    expect((cards()[1] as HTMLElement).querySelector('img')).not.toBeNull();
  });

  it('searches from 2 characters, once per pause, from the first page', async () => {
    api();
    await show();
    await waitFor(() => expect(cards()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 2 }) }));
    await waitFor(() => expect(listCalls().at(-1)?.get('page')).toBe('2'));
    const box = screen.getByRole('searchbox', { name: formMessages.formShowcaseSearchLabel });
    fireEvent.change(box, { target: { value: 'b' } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(listCalls().some((query) => query.has('q'))).toBe(false);

    // Three keystrokes inside one pause: one call, with the last text.
    fireEvent.change(box, { target: { value: 'bo' } });
    fireEvent.change(box, { target: { value: 'bor' } });
    fireEvent.change(box, { target: { value: 'borr' } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const searched = listCalls().filter((query) => query.has('q'));
    expect(searched.map((query) => query.toString())).toEqual(['page=1&page_size=5&ordine=prezzo&q=borr']);

    // Clearing the box is a new search too: the whole list from its first page.
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('showcase-item-P1')).toBeTruthy());
    expect(cards()).toHaveLength(5);
    expect(screen.queryByTestId('showcase-item-P6')).toBeNull();
  });

  it('says when nothing matches and when the list cannot be loaded', async () => {
    api({ rows: [] });
    const first = await show();
    expect((await screen.findByTestId('showcase-empty')).textContent).toBe(formMessages.formShowcaseEmpty);
    first.unmount();
    api({ status: 503 });
    await show();
    expect((await screen.findByTestId('showcase-load-error')).textContent).toBe(
      formMessages.formShowcaseLoadError,
    );
  });

  it('opens the declared route from a card, as a real link', async () => {
    api();
    const { router } = await show(negoziProva);
    const link = await screen.findByRole('link', { name: 'Libreria Centrale' });
    expect(link.getAttribute('href')).toBe('/aml/forn-aml/12');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/aml/forn-aml/12'));
  });

  it('shows the detail (not closable by Escape), no Buy above the balance, and buys the product through the purchase engine', async () => {
    api();
    const { router } = await show();
    await waitFor(() => expect(cards()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 3 }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Borraccia termica' }));
    let dialog = await screen.findByRole('dialog', { name: 'Borraccia termica' });
    expect(within(dialog).getByTestId('showcase-insufficient').textContent).toBe(
      formMessages.formVoucherInsufficient,
    );
    expect(within(dialog).queryByRole('button', { name: formMessages.formPurchaseBuy })).toBeNull();
    // Declared not closable: Escape leaves it open, no header close button; Annulla closes it.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Borraccia termica' })).toBeTruthy();
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: accountMessages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: formatTableMessage('tablePage', { n: 1 }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Buono 3' }));
    dialog = await screen.findByRole('dialog', { name: 'Buono 3' });
    expect(within(dialog).getByText('Descrizione 3')).toBeTruthy();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(
      within(dialog).getByRole('link', { name: formMessages.formShowcaseSearchLabel }).getAttribute('href'),
    ).toBe('https://negozio.example/scheda/3');
    fireEvent.click(within(dialog).getByRole('button', { name: formMessages.formPurchaseBuy }));
    const confirm = await screen.findByRole('dialog', { name: formMessages.formConfirmTitle });
    expect(confirm.textContent?.replace(/\s+/g, ' ')).toContain('30,00 €');
    fireEvent.click(within(confirm).getByRole('button', { name: accountMessages.proceed }));
    const success = await screen.findByRole('dialog', { name: formMessages.formSuccessTitle });
    const post = calls.find((call) => call.url === '/api/crea_acquisto/acq-vetrina-prova');
    expect(JSON.parse(post?.init.body as string)).toEqual({ codice_prodotto: 'P3' });
    expect(new Headers(post?.init.headers).get('Idempotency-Key')).toBeTruthy();
    fireEvent.click(within(success).getByRole('button', { name: accountMessages.ok }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  }, 30_000);
});
