import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../config/messages.it';
import { IosInstallBanner, isIosDevice } from '../../src/client/components/ios-install-banner';
import { renderWithMantine } from './helpers';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPADOS_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

function device(userAgent: string, { maxTouchPoints = 5, standalone = false } = {}) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  Object.defineProperty(window.navigator, 'maxTouchPoints', {
    configurable: true,
    get: () => maxTouchPoints,
  });
  Object.defineProperty(window.navigator, 'standalone', { configurable: true, get: () => standalone });
}

// The banner's markup is a lazy chunk: load it once up front, so a busy machine cannot make the
// short wait below miss it.
beforeAll(async () => {
  await import('../../src/client/components/ios-install-banner-view');
});

afterEach(() => {
  Object.defineProperty(window.navigator, 'standalone', { configurable: true, get: () => undefined });
});

/** Renders the banner, lets `ms` pass, then reports whether it is on screen. */
async function bannerAfter(ms: number): Promise<boolean> {
  vi.useFakeTimers();
  renderWithMantine(<IosInstallBanner />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  vi.useRealTimers();
  // The banner's markup is a lazy chunk: give it a moment to arrive.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return screen.queryByTestId('ios-install-banner') !== null;
}

describe('iOS install banner (spec 000 §1)', () => {
  it('recognises iPhone, iPadOS with a desktop user agent and a touch screen, and not a Mac or Android', () => {
    expect(isIosDevice({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
    expect(isIosDevice({ userAgent: IPADOS_DESKTOP, maxTouchPoints: 5 })).toBe(true);
    expect(isIosDevice({ userAgent: IPADOS_DESKTOP, maxTouchPoints: 0 })).toBe(false);
    expect(isIosDevice({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe(false);
  });

  it('is not there before one second', async () => {
    device(IPHONE);
    expect(await bannerAfter(900)).toBe(false);
  });

  it('appears after one second on iOS outside standalone mode, and can be dismissed', async () => {
    device(IPHONE);
    expect(await bannerAfter(1000)).toBe(true);
    expect(screen.getByText(messages.iosInstallTitle)).toBeTruthy();
    expect(screen.getByText(messages.iosInstallText)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: messages.close }));
    expect(screen.queryByTestId('ios-install-banner')).toBeNull();
  });

  it('appears on iPadOS presenting itself as a Mac', async () => {
    device(IPADOS_DESKTOP, { maxTouchPoints: 5 });
    expect(await bannerAfter(1000)).toBe(true);
  });

  it('stays away in standalone mode (installed app)', async () => {
    device(IPHONE, { standalone: true });
    expect(await bannerAfter(5000)).toBe(false);
  });

  it('stays away on other devices', async () => {
    device(ANDROID);
    expect(await bannerAfter(5000)).toBe(false);
  });
});
