/** Providers of the portal: skin theme, router, and the (lazy) modal and notification hosts. */
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { OverlayHost } from '../components/overlay-host';
import { safeColors, useSkinStore } from '../stores/skin';
import type { AppRouter } from './router';
import { skinCssVariables, themeFromSkin } from './skin-theme';

export interface AppProps {
  router: AppRouter;
  /** `test` disables transitions and portals (component tests). */
  mantineEnv?: 'default' | 'test';
}

/** The browser's UI colour follows the navbar of the skin. */
function useThemeColorMeta(color: string) {
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [color]);
}

export function App({ router, mantineEnv = 'default' }: AppProps) {
  const skin = useSkinStore((state) => state.skin);
  const theme = useMemo(() => themeFromSkin(skin), [skin]);
  const cssVariablesResolver = useMemo(() => skinCssVariables(skin), [skin]);
  useThemeColorMeta(safeColors(skin.colors).navbar_background);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={mantineEnv}
    >
      {/* react-query comes with the pages that use it (see components/query-provider.tsx). */}
      <RouterProvider router={router} />
      {/* Modals and notifications: their own chunk, mounted after the first paint. */}
      <OverlayHost preload={mantineEnv !== 'test'} />
    </MantineProvider>
  );
}
