/** The lazily loaded modal and notification hosts and their APIs (see overlay-host.tsx). */
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { messages } from '../../shared/catalogues/first-paint';

export { modals, notifications };

export function OverlaysHost({ onReady }: { onReady: () => void }) {
  // This effect runs after the hosts' layout effects subscribed to their events: they now listen.
  useEffect(() => {
    onReady();
  }, [onReady]);
  return (
    <>
      <ModalsProvider modalProps={{ centered: true }} />
      <Notifications position="top-center" zIndex={1100} />
    </>
  );
}

export function BackendErrorContent({ lines, onDismiss }: { lines: string[]; onDismiss: () => void }) {
  return (
    <Stack gap="sm">
      <Text>{messages.backendErrorIntro}</Text>
      {lines.length === 1 ? (
        <Text fw={600} data-testid="backend-error-message">
          {lines[0]}
        </Text>
      ) : (
        <List spacing={4} data-testid="backend-error-message">
          {lines.map((line, index) => (
            <List.Item key={index}>{line}</List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end">
        <Button onClick={onDismiss} data-autofocus>
          {messages.close}
        </Button>
      </Group>
    </Stack>
  );
}

/** The backend error box (spec 000 §8): title 'Errore.', intro, the messages, `onClose` once. */
export function openBackendErrorBox(lines: string[], onClose?: () => void): string {
  const modalId = `backend-error-${Math.random().toString(36).slice(2)}`;
  modals.open({
    modalId,
    title: messages.backendErrorTitle,
    centered: true,
    ...(onClose ? { onClose } : {}),
    children: <BackendErrorContent lines={lines} onDismiss={() => modals.close(modalId)} />,
  });
  return modalId;
}

/** A red alert notification (route gating alerts). */
export function showAlert(id: string, message: string): void {
  notifications.show({ id, color: 'red', message, autoClose: 15_000, withCloseButton: true });
}
