/**
 * Root of every page: the routed content, the offline screen over it (not over a page that works
 * offline, components/offline-capable.ts), the iOS install banner.
 */
import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { IosInstallBanner } from '../../components/ios-install-banner';
import { useOfflineCapablePage } from '../../components/offline-capable';
import { OfflineScreen } from '../../components/offline-screen';
import { useOnlineStatus } from '../../components/use-online-status';

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
      {!offlineCapable && <OfflineScreen />}
      <IosInstallBanner />
    </>
  );
}
