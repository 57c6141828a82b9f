import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { screenConstants } from '../../config/screen-constants';
import { formatMessage, messages } from '../../src/shared/catalogues/account';
import { ConvRedirectScreen } from '../../src/client/features/redirect/conv-redirect-screen';
import { renderInRouter } from './helpers';

describe('conv-redirect (spec 001 §2)', () => {
  it('counts down 10 seconds, then goes to the menu', async () => {
    // Only the countdown's interval is faked: the router keeps its real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { router } = await renderInRouter(<ConvRedirectScreen pageTitle="Viaggi su misura" />, {
      path: '/conv-redirect',
      extraPaths: ['/menu'],
    });
    expect(screenConstants.redirectCountdownSeconds).toBe(10);
    expect(screen.getByText(formatMessage('redirectText', { title: 'Viaggi su misura' }))).toBeTruthy();
    expect(screen.getByTestId('redirect-countdown').textContent).toBe(
      formatMessage('redirectCountdown', { n: 10 }),
    );

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByTestId('redirect-countdown').textContent).toBe(
      formatMessage('redirectCountdown', { n: 7 }),
    );
    expect(router.state.location.pathname).toBe('/conv-redirect');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(router.state.location.pathname).toBe('/conv-redirect');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });

  it('goes to the menu at once with the button', async () => {
    const { router } = await renderInRouter(<ConvRedirectScreen />, {
      path: '/conv-redirect',
      extraPaths: ['/menu'],
    });
    fireEvent.click(screen.getByRole('button', { name: messages.redirectNow }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });
});
