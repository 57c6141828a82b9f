/**
 * Service worker registration (vite-plugin-pwa, registerType `prompt`): when a new version is
 * waiting, a notification offers to reload into it. No inline script is involved.
 */
import { Button, Group, Text } from '@mantine/core';
import { registerSW } from 'virtual:pwa-register';
import { messages } from '../../shared/catalogues/first-paint';
import { withOverlays } from '../components/overlay-host';

export function registerServiceWorker(): void {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      void withOverlays().then(({ notifications }) =>
        notifications.show({
          id: 'pwa-update',
          autoClose: false,
          withCloseButton: true,
          message: (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm">{messages.updateAvailable}</Text>
              <Button size="xs" onClick={() => void updateServiceWorker(true)}>
                {messages.updateReload}
              </Button>
            </Group>
          ),
        }),
      );
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}
