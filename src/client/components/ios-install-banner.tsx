/**
 * iOS install banner (spec 000 §1): on iPhone/iPad outside standalone mode, one second after
 * load, tells the user to tap Share and then "Add to Home Screen". Dismissible.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { constants } from '../../../config/constants';
import { isStandaloneDisplay } from '../stores/customer';

// The banner's markup is its own chunk: only iOS visitors download it.
const IosInstallBannerView = lazy(() => import('./ios-install-banner-view'));

/** iPhone, iPad, iPod, and iPadOS that presents itself as a Mac but has a touch screen. */
export function isIosDevice(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  if (/iPhone|iPad|iPod/i.test(nav.userAgent)) return true;
  return /Macintosh/i.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1;
}

export function IosInstallBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!isIosDevice() || isStandaloneDisplay()) return;
    const timer = window.setTimeout(() => setVisible(true), constants.iosBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <IosInstallBannerView onClose={() => setVisible(false)} />
    </Suspense>
  );
}
