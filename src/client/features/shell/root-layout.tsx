/**
 * Root of every page: the routed content, the offline screen over it (not over a page that works
 * offline, components/offline-capable.ts), the iOS install banner.
 */
import { Outlet, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useOfflineCapablePage } from '../../components/offline-capable';
import { useOnlineStatus } from '../../components/use-online-status';

// Their own chunks, requested with the first render (not awaited by it): the login page paints without
// them, and the offline screen is in memory before the network can drop (the service worker precaches it too).
const OfflineScreen = lazy(() =>
  import('../../components/offline-screen').then((module) => ({ default: module.OfflineScreen })),
);
const IosInstallBanner = lazy(() =>
  import('../../components/ios-install-banner').then((module) => ({ default: module.IosInstallBanner })),
);

export function RootLayout() {
  const online = useOnlineStatus();
  const router = useRouter();
  const wasOnline = useRef(online);
  // A page that works offline (a request form keeping its draft) is not covered: it says what waits.
  const offlineCapable = useOfflineCapablePage();

  // Back online: the current page loads its data again.
  useEffect(() => {
    if (online && !wasOnline.current) void router.invalidate();
    wasOnline.current = online;
  }, [online, router]);
  return (
    <>
      {/* While offline the page below is inert: focus and screen readers stay on the offline screen. */}
      <div inert={!online && !offlineCapable}>
        <Outlet />
      </div>
      {!offlineCapable && (
        <Suspense fallback={null}>
          <OfflineScreen />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <IosInstallBanner />
      </Suspense>
    </>
  );
}
