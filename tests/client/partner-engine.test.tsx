/**
 * The partner engine (config/partners.ts, spec 001 §2, §4, §5, §8): one page for every declaration and
 * every hand-off kind: the conditions box reveals "Accedi al portale {title}"; the hidden form POST in a
 * new tab with `d` (and bitq's `cat`); the wishlist link; salabam's blank window sent to `login_url`,
 * closed on error; bonusx's call on load with `data` and `clientId` posted, its error box then menu; the
 * route replaced by conv-redirect. A partner declared only in tests/fixtures/partners renders and hands
 * off with no code. Also conv-request-form and benefit-hub (copy toast, tutorial modal).
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatFormMessage, formMessages } from '../../src/shared/catalogues/forms';
import { messages } from '../../config/messages.it';
import {
  findPartner,
  partnerDescription,
  partnerTitle,
  type PartnerDeclaration,
} from '../../config/partners';
import { BenefitHubScreen } from '../../src/client/features/partners/benefit-hub-screen';
import { PartnerScreen } from '../../src/client/engine/partner/partner-screen';
import { RequestFormScreen } from '../../src/client/features/partners/request-form-screen';
import { convProva } from '../fixtures/partners/partner-prova';
import { jsonResponse, logInAs, renderInRouter, stubApi, type RecordedCall } from './helpers';

configure({ asyncUtilTimeout: 4000 });

interface Posted {
  action: string;
  target: string;
  method: string;
  fields: Record<string, string>;
}

let calls: RecordedCall[] = [];
let posted: Posted[] = [];

beforeEach(() => {
  posted = [];
  // jsdom does not navigate: the submitted form is recorded as the browser would send it.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({
      action: this.action,
      target: this.target,
      method: this.method,
      fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>),
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const partner = (name: string): PartnerDeclaration => {
  const found = findPartner(name);
  if (!found) throw new Error(name);
  return found;
};

const LOGIN = 'https://partner.example.com/sso';

/** The API answers every partner call; `fail` answers 503 with the detail instead. */
function partnerApi(
  fail?: string,
  hub = {
    url_iscrizione: '/demo-partner/benefit-hub/iscrizione',
    url_video: 'https://video.example.com/welfare/tutorial-benefit-hub.mp4',
  } as { url_iscrizione: string | null; url_video: string | null; codice_cliente?: string | null },
) {
  calls = stubApi((url, init) => {
    if (url === '/api/benefit_hub') return jsonResponse(200, { codice_cliente: 'ACME-7F3K92QD', ...hub });
    const match = /^\/api\/(\w+)\/([\w-]+)$/.exec(url);
    if (!match) return undefined;
    if (fail) return jsonResponse(503, { detail: fail });
    const [, call] = match;
    if (call === 'bonusx_login' && init.method === 'GET')
      return jsonResponse(200, {
        login_url: LOGIN,
        payload: { data: 'DATI-CIFRATI' },
        client_id: 'portale-welfare',
      });
    if (call === 'wishlist_login' || call === 'salabam_login')
      return jsonResponse(200, { login_url: `${LOGIN}?d=CIFRATO` });
    return jsonResponse(200, { enc_data: 'CIFRATO', login_url: LOGIN });
  });
}

async function renderPartner(declaration: PartnerDeclaration) {
  logInAs();
  return renderInRouter(<PartnerScreen partner={declaration} />, {
    path: '/partner',
    extraPaths: ['/menu', '/conv-redirect'],
  });
}

const accessName = (declaration: PartnerDeclaration) =>
  formatFormMessage('formPartnerAccess', { title: partnerTitle(declaration) });

async function tickAndAccess(declaration: PartnerDeclaration) {
  expect(screen.queryByRole('button', { name: accessName(declaration) })).toBeNull();
  fireEvent.click(
    screen.getByRole('checkbox', {
      name: formatFormMessage('formPartnerConditions', { title: partnerTitle(declaration) }),
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: accessName(declaration) }));
}

const partnerCalls = () => calls.filter((call) => !/\/api\/(get-|getapiuserskin|notifiche)/.test(call.url));

describe('partner engine', () => {
  it('posts d to login_url in a new tab after the conditions, then replaces the route with conv-redirect', async () => {
    partnerApi();
    const declaration = partner('conv-attive');
    const { router } = await renderPartner(declaration);
    expect(screen.getByRole('heading', { level: 1, name: partnerTitle(declaration) })).toBeTruthy();
    await tickAndAccess(declaration);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ action: LOGIN, target: '_blank', method: 'post', fields: { d: 'CIFRATO' } });
    const call = partnerCalls().find((c) => c.url === '/api/sso_login_partner/conv-attive');
    expect(call?.init.method).toBe('POST');
    expect(JSON.parse(call?.init.body as string)).toEqual({
      service: 'welcometoitaly',
      cluster: 'home',
      comp_credito: 'totale',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/conv-redirect'));
    expect(router.state.location.search).toEqual({ page_title: partnerTitle(declaration) });
    // Replaced, not pushed: going back does not return to the login page.
    expect(router.history.length).toBe(1);
    expect(document.querySelectorAll('form[target="_blank"]')).toHaveLength(0);
  });

  it('adds bitq’s showcase id as cat', async () => {
    partnerApi();
    const declaration = partner('conv-bitq-cinema');
    await renderPartner(declaration);
    await tickAndAccess(declaration);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.fields).toEqual({ d: 'CIFRATO', cat: '152' });
    expect(partnerCalls().some((c) => c.url === '/api/partner_login/conv-bitq-cinema')).toBe(true);
  });

  it('opens the wishlist link in a new tab', async () => {
    partnerApi();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const declaration = partner('conv-wishlist');
    const { router } = await renderPartner(declaration);
    await tickAndAccess(declaration);
    await waitFor(() => expect(open).toHaveBeenCalledWith(`${LOGIN}?d=CIFRATO`, '_blank', 'noopener'));
    expect(posted).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/conv-redirect'));
  });

  it('opens salabam’s window blank at the click and sends it to login_url', async () => {
    partnerApi();
    const popup = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const declaration = partner('conv-salabam-voli-vadobay');
    const { router } = await renderPartner(declaration);
    await tickAndAccess(declaration);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    await waitFor(() => expect(popup.location.href).toBe(`${LOGIN}?d=CIFRATO`));
    const call = partnerCalls().find((c) => c.url === '/api/salabam_login/conv-salabam-voli-vadobay');
    expect(JSON.parse(call?.init.body as string)).toEqual({ service: 'voli-vadobay' });
    expect(popup.close).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/conv-redirect'));
  });

  it('closes salabam’s window on error and shows the backend error box, staying on the page', async () => {
    partnerApi('Il portale Vadobay non è al momento disponibile.');
    const popup = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    const declaration = partner('conv-salabam-vadobay');
    const { router } = await renderPartner(declaration);
    await tickAndAccess(declaration);
    const box = await screen.findByRole('dialog', { name: messages.backendErrorTitle });
    expect(within(box).getByText('Il portale Vadobay non è al momento disponibile.')).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
    expect(router.state.location.pathname).toBe('/partner');
  });

  it('bonusx: no conditions box, the call on load, then data and clientId posted in a new tab', async () => {
    partnerApi();
    const declaration = partner('conv-bonusx');
    const { router } = await renderPartner(declaration);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: accessName(declaration) }));
    expect(partnerCalls().find((c) => c.url === '/api/bonusx_login/conv-bonusx')?.init.method).toBe('GET');
    expect(posted).toEqual([
      {
        action: LOGIN,
        target: '_blank',
        method: 'post',
        fields: { data: 'DATI-CIFRATI', clientId: 'portale-welfare' },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/conv-redirect'));
  });

  it('bonusx: an error on load shows the backend error box, then the menu', async () => {
    partnerApi('Area Bonus Pubblici non disponibile.');
    const declaration = partner('conv-bonusx');
    const { router } = await renderPartner(declaration);
    const box = await screen.findByRole('dialog', { name: messages.backendErrorTitle });
    expect(within(box).getByText('Area Bonus Pubblici non disponibile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: accessName(declaration) })).toBeNull();
    fireEvent.click(within(box).getByRole('button', { name: messages.close }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('runs the partner declared only in tests/fixtures with no code', async () => {
    partnerApi();
    const { router } = await renderPartner(convProva);
    expect(screen.getByText(partnerDescription(convProva))).toBeTruthy();
    await tickAndAccess(convProva);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.fields).toEqual({ d: 'CIFRATO' });
    expect(partnerCalls().some((c) => c.url === '/api/partner_login/conv-prova')).toBe(true);
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ page_title: partnerTitle(convProva) }),
    );
  });

  it('is accessible before and after the conditions (axe)', async () => {
    partnerApi();
    const declaration = partner('conv-fac');
    const { container } = await renderPartner(declaration);
    const rules = { rules: { 'color-contrast': { enabled: false } } };
    const before = await axe.run(container, rules);
    expect(before.violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox'));
    await screen.findByRole('button', { name: accessName(declaration) });
    const after = await axe.run(container, rules);
    expect(after.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('conv-request-form and benefit-hub', () => {
  const linksApi = (richiesta: string | null) =>
    stubApi((url) =>
      url === '/api/indirizzi_esterni'
        ? jsonResponse(200, { richiesta_convenzione: richiesta, nuova_convenzione: null })
        : undefined,
    );

  it('opens the installation’s on-demand request form in a new tab, then the menu', async () => {
    linksApi('https://convenzioni.example.com/richiesta');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    logInAs();
    const { router } = await renderInRouter(<RequestFormScreen />, { path: '/conv-request-form' });
    fireEvent.click(await screen.findByRole('button', { name: formMessages.formRequestFormOpen }));
    expect(open).toHaveBeenCalledWith('https://convenzioni.example.com/richiesta', '_blank', 'noopener');
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('says the request form is not available when the installation has none, with no button', async () => {
    linksApi(null);
    logInAs();
    await renderInRouter(<RequestFormScreen />, { path: '/conv-request-form' });
    expect((await screen.findByTestId('request-form-unavailable')).textContent).toBe(
      formMessages.formRequestFormUnavailable,
    );
    expect(screen.queryByRole('button', { name: formMessages.formRequestFormOpen })).toBeNull();
  });

  it('copies the customer code with one click (a toast that hides by itself), plays the tutorial in a modal, opens the subscription', async () => {
    partnerApi();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    logInAs();
    await renderInRouter(<BenefitHubScreen />, { path: '/benefits/benefit-hub' });
    expect((await screen.findByTestId('benefit-hub-code')).textContent).toBe('ACME-7F3K92QD');
    fireEvent.click(screen.getByRole('button', { name: formMessages.formBenefitHubCopy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ACME-7F3K92QD'));
    expect(await screen.findByText(formMessages.formBenefitHubCopied)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(formMessages.formBenefitHubCopied)).toBeNull(), {
      timeout: 5000,
    });

    fireEvent.click(screen.getByRole('button', { name: formMessages.formTutorialBanner }));
    const modal = await screen.findByRole('dialog', { name: formMessages.formBenefitHubTutorialTitle });
    const video = within(modal).getByTestId('benefit-hub-video');
    expect(video.getAttribute('src')).toBe('https://video.example.com/welfare/tutorial-benefit-hub.mp4');
    expect(video.querySelector('track')?.getAttribute('src')).toBe(
      'https://video.example.com/welfare/tutorial-benefit-hub.vtt',
    );

    fireEvent.click(screen.getByRole('button', { name: formMessages.formBenefitHubSubscribe, hidden: true }));
    expect(open).toHaveBeenCalledWith(
      new URL('/demo-partner/benefit-hub/iscrizione', window.location.href).toString(),
      '_blank',
      'noopener',
    );
  }, 20_000);

  it('hides the tutorial and the subscription the installation has not set', async () => {
    partnerApi(undefined, { url_iscrizione: null, url_video: null });
    logInAs();
    await renderInRouter(<BenefitHubScreen />, { path: '/benefits/benefit-hub' });
    expect((await screen.findByTestId('benefit-hub-code')).textContent).toBe('ACME-7F3K92QD');
    expect(screen.queryByTestId('benefit-hub-tutorial')).toBeNull();
    expect(screen.queryByTestId('benefit-hub-subscribe')).toBeNull();
  });

  it('without a customer code set by the installation: says it is not available, nothing to copy', async () => {
    partnerApi(undefined, {
      codice_cliente: null,
      url_iscrizione: '/demo-partner/benefit-hub/iscrizione',
      url_video: null,
    });
    logInAs();
    await renderInRouter(<BenefitHubScreen />, { path: '/benefits/benefit-hub' });
    expect((await screen.findByTestId('benefit-hub-code-unavailable')).textContent).toBe(
      formMessages.formBenefitHubCodeUnavailable,
    );
    expect(screen.queryByTestId('benefit-hub-code')).toBeNull();
    expect(screen.queryByRole('button', { name: formMessages.formBenefitHubCopy })).toBeNull();
    // The subscription the installation set is still offered.
    expect(screen.getByTestId('benefit-hub-subscribe')).toBeTruthy();
  });
});
