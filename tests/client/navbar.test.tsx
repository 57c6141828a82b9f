import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMessage, messages } from '../../src/shared/catalogues/account';
import { CREDIT_COLORS, creditTone } from '../../src/client/components/credit-amount';
import { CreditSummary } from '../../src/client/components/credit-summary';
import { CreditPopover } from '../../src/client/features/shell/credit-popover';
import { ExitButton, OfficeSwitch, UserLink } from '../../src/client/features/shell/navbar-actions';
import { bellLabel, NotificationBell } from '../../src/client/features/shell/notification-bell';
import { emptySessionInfos, useSessionStore } from '../../src/client/stores/session';
import { demoUser, jsonResponse, renderInRouter, renderWithMantine } from './helpers';

/** jsdom reports colours as rgb(). */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function logIn(profile: 'utente' | 'ref_aziendale' = 'utente') {
  useSessionStore.setState({
    token: 'tok',
    isLogged: true,
    customer: 'acme',
    user: demoUser(profile),
    userPerms: ['menu'],
    sessionInfos: emptySessionInfos(),
  });
}

beforeEach(() => logIn());

describe('credit colours (spec 000 §9)', () => {
  it('is green above 0 and red at 0 or below', () => {
    expect(creditTone('1500.00')).toBe('positive');
    expect(creditTone('0.01')).toBe('positive');
    expect(creditTone('0.00')).toBe('negative');
    expect(creditTone('-3.50')).toBe('negative');
    expect(creditTone(undefined)).toBe('negative');
  });

  it('paints the total and the ART 51 C.3 amounts accordingly', () => {
    renderWithMantine(<CreditSummary credit={{ totale: '1500.00', art51c3: '0.00' }} />);
    const total = screen.getByTestId('credit-total');
    const art51 = screen.getByTestId('credit-art51c3');
    expect(total.textContent).toMatch(/1\.500,00/);
    expect(total.style.color).toBe(rgb(CREDIT_COLORS.positive));
    expect(art51.textContent).toMatch(/0,00/);
    expect(art51.style.color).toBe(rgb(CREDIT_COLORS.negative));
    expect(screen.getByText(messages.navCreditTotal)).toBeTruthy();
    expect(screen.getByText(messages.navCreditArt51)).toBeTruthy();
  });

  it('opens My credit on click with fresh figures and a button to the movement history', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/pdoppiaapi/credito_utente'
          ? jsonResponse(200, { crediti: { totale: '-2.00', art51c3: '250.00' } })
          : jsonResponse(404, {}),
      ),
    );
    await renderInRouter(<CreditPopover />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: messages.navMyCredit }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('credit-total').textContent).toMatch(/-2,00/));
    expect(within(dialog).getByTestId('credit-total').style.color).toBe(rgb(CREDIT_COLORS.negative));
    expect(within(dialog).getByTestId('credit-art51c3').style.color).toBe(rgb(CREDIT_COLORS.positive));
    const history = within(dialog).getByRole('link', { name: messages.navMovements });
    expect(history.getAttribute('href')).toBe('/dashmovimenti');
  });
});

describe('notification bell (spec 000 §8)', () => {
  it('has the three tooltip texts', () => {
    expect(bellLabel(0)).toBe(messages.bellNone);
    expect(bellLabel(1)).toBe(messages.bellOne);
    expect(bellLabel(4)).toBe(formatMessage('bellMany', { n: 4 }));
    expect(bellLabel(4)).toBe('Hai 4 nuove notifiche');
  });

  it.each([
    [0, messages.bellNone],
    [1, messages.bellOne],
    [7, 'Hai 7 nuove notifiche'],
  ])('with %i new notifications shows "%s" and links to site-notifiche', async (count, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { inviati: 0, ricevuti: 9, ricevuti_new: count })),
    );
    await renderInRouter(<NotificationBell />);
    const link = await screen.findByRole('link', { name: new RegExp(text) });
    expect(link.getAttribute('href')).toBe('/helpdesk/site-notifiche');
    fireEvent.mouseEnter(link);
    expect(await screen.findByText(text, { selector: '.mantine-Tooltip-tooltip' })).toBeTruthy();
    if (count > 0) expect(link.textContent).toContain(String(count));
  });
});

describe('navbar actions', () => {
  it('links the user name to the profile', async () => {
    await renderInRouter(<UserLink />, { extraPaths: ['/user-profile'] });
    const link = screen.getByRole('link', { name: /Mario Rossi/ });
    expect(link.getAttribute('href')).toBe('/user-profile');
  });

  it('shows no Back Office switch to an employee', async () => {
    await renderInRouter(
      <>
        <OfficeSwitch />
        <span>navbar</span>
      </>,
      { path: '/menu', extraPaths: ['/backoffice-refazi'] },
    );
    expect(screen.getByText('navbar')).toBeTruthy();
    expect(screen.queryByRole('link', { name: messages.navBackOffice })).toBeNull();
    expect(screen.queryByRole('link', { name: messages.navFrontOffice })).toBeNull();
  });

  it('shows a referent Back Office in the front office and Front Office in the back office', async () => {
    logIn('ref_aziendale');
    const { router, unmount } = await renderInRouter(<OfficeSwitch />, {
      path: '/menu',
      extraPaths: ['/backoffice-refazi'],
    });
    const toBack = screen.getByRole('link', { name: messages.navBackOffice });
    expect(toBack.getAttribute('href')).toBe('/backoffice-refazi');
    expect(router.state.location.pathname).toBe('/menu');
    unmount();

    await renderInRouter(<OfficeSwitch />, { path: '/backoffice-refazi', extraPaths: ['/menu'] });
    expect(screen.getByRole('link', { name: messages.navFrontOffice }).getAttribute('href')).toBe('/menu');
  });

  it('Exit logs out and goes to the customer login with the logging-out flag', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderInRouter(<ExitButton />, { path: '/menu', extraPaths: ['/login/$'] });
    fireEvent.click(screen.getByRole('button', { name: messages.navExit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/acme'));
    expect(router.state.location.href).toMatch(/loggingout=1/);
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(useSessionStore.getState().isLogged).toBe(false);
    expect(useSessionStore.getState().token).toBeNull();
  });
});
