/** Home extras (spec 000 §2): info popup, carousel, user conditions. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import { formatMessage, messages } from '../../src/shared/catalogues/account';
import type { CarouselSlide } from '../../src/client/api/types';
import { CarouselView } from '../../src/client/features/home/home-carousel';
import { HomeScreen } from '../../src/client/features/home/home-screen';
import { INFO_POPUP_SHOWN_KEY, preloadInfoPopup } from '../../src/client/features/home/info-popup';
import { useSessionStore } from '../../src/client/stores/session';
import {
  bodyOf,
  jsonResponse,
  logInAs,
  renderInRouter,
  renderWithMantine,
  stubApi,
  type FetchHandler,
} from './helpers';

const SLIDES: CarouselSlide[] = [
  {
    id: 11,
    img_path: '/api/carosello_img/rimborsi-spese.svg?v=aa',
    file_name: 'rimborsi-spese.svg',
    title: 'Rimborsi spese',
    subtitle: 'Carica le tue ricevute in pochi clic',
    text: 'Istruzione, trasporti e molto altro',
    cta: 'Richiedi ora',
    click_action: 'eyJ0eXBlIjoibmF2aWdhdGUifQ.sig1',
    route_name: 'rimb-spese',
    menu_key: null,
  },
  {
    id: 12,
    img_path: '/api/carosello_img/buoni-regalo.svg?v=bb',
    file_name: 'buoni-regalo.svg',
    title: 'Buoni regalo',
    subtitle: '',
    text: '',
    cta: 'Scopri i buoni',
    click_action: 'eyJ0eXBlIjoic3Vic2VjdGlvbiJ9.sig2',
    route_name: null,
    menu_key: 'tree-buoni',
  },
  {
    id: 13,
    img_path: '/api/carosello_img/previdenza.svg?v=cc',
    file_name: 'previdenza.svg',
    title: 'Previdenza',
    subtitle: 'Pensa oggi al tuo domani',
    text: '',
    cta: '',
    click_action: 'eyJ0eXBlIjoibm9uZSJ9.sig3',
    route_name: null,
    menu_key: null,
  },
];

function Home() {
  const [subsection, setSubsection] = useState<string | undefined>();
  return (
    <>
      <HomeScreen subsection={subsection} onSubsectionChange={setSubsection} />
      <output data-testid="open-subsection">{subsection ?? ''}</output>
    </>
  );
}

/** The home's calls: an empty playlist and no popup unless the test says otherwise. */
function homeApi(handler: FetchHandler = () => undefined) {
  return stubApi((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/carosello_get_playlist') return jsonResponse(200, []);
    if (url === '/api/info_popup') return jsonResponse(200, { popup_content: '' });
    return undefined;
  });
}

function logInWith(perms: string[], showPopup = false) {
  logInAs();
  useSessionStore.setState((state) => ({
    userPerms: perms,
    sessionInfos: { ...state.sessionInfos, show_user_info_popup: showPopup },
  }));
}

const activeSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .find((slide) => slide.getAttribute('data-active') === 'true');

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => logInWith(['menu', 'site-faq']));

describe('info popup', () => {
  const POPUP = '<h3>Nuova finestra</h3><p>Rimborsi scolastici<img src="x" onerror="window.__pwned=1"></p>';

  it('shows the sanitized content with Ok only, once per session', async () => {
    logInWith(['menu'], true);
    const calls = homeApi((url) =>
      url === '/api/info_popup' ? jsonResponse(200, { popup_content: POPUP }) : undefined,
    );
    const first = await renderInRouter(<Home />, { path: '/menu' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.infoPopupTitle)).toBeTruthy();
    const content = within(dialog).getByTestId('info-popup-content');
    expect(content.querySelector('h3')?.textContent).toBe('Nuova finestra');
    expect(content.innerHTML).not.toMatch(/onerror/);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();

    // Ok only: no close button, Esc and the backdrop do nothing.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([messages.ok]);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.click(overlay as Element);
    await act(async () => undefined);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(window.sessionStorage.getItem(INFO_POPUP_SHOWN_KEY)).toBe('1');

    fireEvent.click(within(dialog).getByRole('button', { name: messages.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // The home again in the same session: no call, no popup.
    await renderInRouter(<Home />, { path: '/menu' });
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.url === '/api/info_popup')).toHaveLength(1);
  });

  it('shows nothing when the server has no content', async () => {
    logInWith(['menu'], true);
    const calls = homeApi((url) =>
      url === '/api/info_popup' ? jsonResponse(200, { popup_content: '  <p> </p>' }) : undefined,
    );
    await renderInRouter(<Home />, { path: '/menu' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/info_popup')).toBe(true));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.sessionStorage.getItem(INFO_POPUP_SHOWN_KEY)).toBeNull();
  });

  it('does not ask when the session says the customer has no popup', async () => {
    const calls = homeApi();
    await renderInRouter(<Home />, { path: '/menu' });
    await screen.findByTestId('home-menu');
    expect(calls.some((call) => call.url === '/api/info_popup')).toBe(false);
  });

  it('never opens over a click started before it was ready: it comes at the next visit of the home', async () => {
    logInWith(['menu'], true);
    // A session of its own: what an earlier test's session loaded is not this one's.
    useSessionStore.setState({ token: 'tok-click' });
    let answer: (response: Response) => void = () => undefined;
    const calls = homeApi((url) =>
      url === '/api/info_popup'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const first = await renderInRouter(<Home />, { path: '/menu' });
    await screen.findByTestId('home-menu');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/info_popup')).toBe(true));
    // The user starts a click on the menu before the popup's content has come.
    fireEvent.pointerDown(screen.getByTestId('home-menu'));
    await act(async () => {
      answer(jsonResponse(200, { popup_content: POPUP }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.sessionStorage.getItem(INFO_POPUP_SHOWN_KEY)).toBeNull();
    first.unmount();

    // Back on the home: the content already loaded opens at once, with no new call.
    await renderInRouter(<Home />, { path: '/menu' });
    await screen.findByRole('dialog');
    expect(calls.filter((call) => call.url === '/api/info_popup')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: messages.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.sessionStorage.getItem(INFO_POPUP_SHOWN_KEY)).toBe('1');
  });

  it('is loaded by the home route before the home is drawn', async () => {
    logInWith(['menu'], true);
    useSessionStore.setState({ token: 'tok-preload' });
    const calls = homeApi((url) =>
      url === '/api/info_popup' ? jsonResponse(200, { popup_content: POPUP }) : undefined,
    );
    preloadInfoPopup();
    expect(calls.filter((call) => call.url === '/api/info_popup')).toHaveLength(1);
    await renderInRouter(<Home />, { path: '/menu' });
    await screen.findByRole('dialog');
    expect(calls.filter((call) => call.url === '/api/info_popup')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: messages.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is forgotten at logout: the next session shows it again', async () => {
    window.sessionStorage.setItem(INFO_POPUP_SHOWN_KEY, '1');
    homeApi();
    await renderInRouter(<Home />, { path: '/menu' });
    await act(async () => {
      await useSessionStore.getState().logout();
    });
    expect(window.sessionStorage.getItem(INFO_POPUP_SHOWN_KEY)).toBeNull();
  });
});

describe('carousel view', () => {
  afterEach(() => vi.useRealTimers());

  it('advances every 3 seconds, with labelled controls and indicators', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    expect(screenConstants.carouselIntervalMs).toBe(3000);
    renderWithMantine(<CarouselView slides={SLIDES} onCommand={() => undefined} />);
    const region = screen.getByRole('region', { name: messages.carouselLabel });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(activeSlide()?.getAttribute('aria-label')).toBe(
      formatMessage('carouselSlideOf', { n: 1, total: 3 }),
    );
    expect(activeSlide()?.getAttribute('aria-roledescription')).toBe('slide');
    expect(screen.getByTestId('carousel-slides').getAttribute('aria-live')).toBe('off');
    // The words are HTML over a decorative picture: the slide's button is named by them.
    const first = activeSlide()!;
    expect(first.querySelector('img')?.getAttribute('src')).toBe(SLIDES[0]?.img_path);
    expect(first.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(
      within(first).getByRole('button', {
        name: 'Rimborsi spese Carica le tue ricevute in pochi clic Istruzione, trasporti e molto altro Richiedi ora',
      }),
    ).toBeTruthy();
    // Empty lines are not drawn.
    expect(screen.getByText('Buoni regalo').parentElement?.textContent).toBe('Buoni regalo Scopri i buoni');

    await advance(2999);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 di 3');
    await advance(1);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 di 3');
    await advance(6000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 di 3');

    fireEvent.click(screen.getByRole('button', { name: messages.carouselNext }));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 di 3');
    fireEvent.click(screen.getByRole('button', { name: messages.carouselPrevious }));
    fireEvent.click(screen.getByRole('button', { name: messages.carouselPrevious }));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('3 di 3');
    const third = screen.getByRole('button', {
      name: formatMessage('carouselGoTo', { n: 1, title: 'Rimborsi spese' }),
    });
    fireEvent.click(third);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 di 3');
    expect(third.getAttribute('aria-current')).toBe('true');

    // Pause and play.
    fireEvent.click(screen.getByRole('button', { name: messages.carouselPause }));
    expect(screen.getByTestId('carousel-slides').getAttribute('aria-live')).toBe('polite');
    await advance(9000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 di 3');
    fireEvent.click(screen.getByRole('button', { name: messages.carouselPlay }));
    await advance(3000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 di 3');
  });

  it('pauses while hovered or focused', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithMantine(<CarouselView slides={SLIDES} onCommand={() => undefined} />);
    const region = screen.getByRole('region', { name: messages.carouselLabel });
    fireEvent.mouseEnter(region);
    expect(screen.getByTestId('carousel-slides').getAttribute('aria-live')).toBe('polite');
    await advance(9000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 di 3');
    fireEvent.mouseLeave(region);
    await advance(3000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 di 3');

    fireEvent.focus(screen.getByRole('button', { name: messages.carouselNext }));
    await advance(9000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 di 3');
    fireEvent.blur(screen.getByRole('button', { name: messages.carouselNext }), { relatedTarget: null });
    await advance(3000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('3 di 3');
  });

  it('does not move by itself for users who prefer reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWithMantine(<CarouselView slides={SLIDES} onCommand={() => undefined} />);
    await act(async () => undefined);
    await advance(12_000);
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 di 3');
    expect(screen.getByRole('button', { name: messages.carouselPlay })).toBeTruthy();
    // The controls still work.
    fireEvent.click(screen.getByRole('button', { name: messages.carouselNext }));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 di 3');
  });

  it('hides the controls with one slide', () => {
    renderWithMantine(<CarouselView slides={SLIDES.slice(0, 1)} onCommand={() => undefined} />);
    expect(screen.queryByRole('button', { name: messages.carouselNext })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.carouselPause })).toBeNull();
  });
});

describe('carousel clicks on the home', () => {
  function playlist(handler: FetchHandler = () => undefined) {
    return homeApi((url, init) => {
      if (url === '/api/carosello_get_playlist') return jsonResponse(200, SLIDES);
      return handler(url, init);
    });
  }

  it('counts the click, then opens the route of a navigate action', async () => {
    const calls = playlist((url) =>
      url === '/api/carosello_click_count'
        ? jsonResponse(200, { action: { type: 'navigate', target: 'rimb-spese' } })
        : undefined,
    );
    const { router } = await renderInRouter(<Home />, {
      path: '/menu',
      extraPaths: ['/base-request/rimb-spese'],
    });
    fireEvent.click(await screen.findByText('Rimborsi spese'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/base-request/rimb-spese'));
    expect(bodyOf(calls, '/api/carosello_click_count')).toEqual({
      slide_id: 11,
      click_action: SLIDES[0]?.click_action,
    });
  });

  it('opens the menu subsection of a subsection action', async () => {
    logInWith(['menu', 'tree-buoni', 'conv-aml']);
    playlist((url) =>
      url === '/api/carosello_click_count'
        ? jsonResponse(200, { action: { type: 'subsection', target: 'tree-buoni' } })
        : undefined,
    );
    await renderInRouter(<Home />, { path: '/menu' });
    fireEvent.click(await screen.findByText('Rimborsi spese'));
    await waitFor(() => expect(screen.getByTestId('open-subsection').textContent).toBe('tree-buoni'));
    expect(screen.getByRole('button', { name: messages.menuBackToMain })).toBeTruthy();
  });

  it.each([
    ['a tampered action (400)', jsonResponse(400, { detail: 'Azione del carosello non valida.' })],
    ['an undeclared type', jsonResponse(200, { action: { type: 'script', target: 'alert(1)' } })],
    ['a target that does not resolve', jsonResponse(200, { action: { type: 'navigate', target: 'login' } })],
    [
      'a subsection the user does not have',
      jsonResponse(200, { action: { type: 'subsection', target: 'tree-bitq' } }),
    ],
    ['an informational slide', jsonResponse(200, { action: { type: 'none', target: null } })],
  ])('does nothing for %s', async (_what, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = playlist((url) => (url === '/api/carosello_click_count' ? answer.clone() : undefined));
    const { router } = await renderInRouter(<Home />, { path: '/menu', extraPaths: ['/login/$'] });
    fireEvent.click(await screen.findByText('Rimborsi spese'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/carosello_click_count')).toBe(true));
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/menu');
    expect(screen.getByTestId('open-subsection').textContent).toBe('');
    if (_what !== 'an informational slide') {
      await waitFor(() => expect(warn).toHaveBeenCalled());
    }
  });

  it('shows no carousel for an empty playlist', async () => {
    homeApi();
    await renderInRouter(<Home />, { path: '/menu' });
    await screen.findByTestId('home-menu');
    await waitFor(() => expect(screen.queryByTestId('carousel-loading')).toBeNull());
    expect(screen.queryByTestId('home-carousel')).toBeNull();
  });
});

describe('user conditions', () => {
  it('shows the service conditions and the special agreements with links to their pages', async () => {
    logInWith(['menu', 'cond-servizio', 'cond-privacy', 'home-fornitori', 'conv-eurete-buoni']);
    useSessionStore.setState((state) => ({
      sessionInfos: { ...state.sessionInfos, conv_special_agreed: true, eurete_cond_agreed: false },
    }));
    homeApi();
    await renderInRouter(<Home />, { path: '/menu' });
    const box = screen.getByTestId('user-conditions');
    await waitFor(() =>
      expect(within(box).getByTestId('condition-service').textContent).toContain(messages.conditionsAccepted),
    );
    expect(within(box).getByTestId('condition-special').textContent).toContain(messages.conditionsAccepted);
    expect(within(box).getByTestId('condition-eurete').textContent).toContain(messages.conditionsNotAccepted);
    const link = (name: string) =>
      within(box)
        .getByRole('link', { name: formatMessage('conditionsOpenLabel', { name }) })
        .getAttribute('href');
    expect(link(messages.conditionsService)).toBe('/infos/cond-servizio');
    expect(within(box).getByTestId('condition-privacy').textContent).toContain(messages.conditionsAccepted);
    expect(link(messages.consentPrivacyTitle)).toBe('/infos/cond-privacy');
    expect(link(messages.conditionsSpecial)).toBe('/sellers/home-fornitori');
    expect(link(messages.conditionsEurete)).toBe('/eurete/conv-eurete-buoni');
  });

  it('leaves out the agreements of services the user does not have', async () => {
    homeApi((url) =>
      url === '/api/user_privacy' ? jsonResponse(404, { detail: 'Consenso non trovato.' }) : undefined,
    );
    await renderInRouter(<Home />, { path: '/menu' });
    const box = screen.getByTestId('user-conditions');
    await waitFor(() =>
      expect(within(box).getByTestId('condition-service').textContent).toContain(
        messages.conditionsNotAccepted,
      ),
    );
    expect(within(box).queryByTestId('condition-special')).toBeNull();
    expect(within(box).queryByTestId('condition-eurete')).toBeNull();
    expect(within(box).queryByRole('link')).toBeNull();
  });
});
