/**
 * Full-page offline screen: shown over the app while the browser is offline. Its own chunk, loaded
 * with the first render (features/shell/root-layout.tsx) and precached by the service worker, so it
 * shows with the network off.
 */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../shared/catalogues/first-paint';
import { useOnlineStatus } from './use-online-status';
import classes from './offline-screen.module.css';

export function OfflineScreen({ onRetry }: { onRetry?: () => void }) {
  const online = useOnlineStatus();
  const [checking, setChecking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!online) headingRef.current?.focus();
  }, [online]);

  if (online) return null;

  const retry = () => {
    setChecking(true);
    if (onRetry) onRetry();
    else window.location.reload();
    window.setTimeout(() => setChecking(false), 1500);
  };

  return (
    <div className={classes.overlay} role="alert" aria-live="assertive" data-testid="offline-screen">
      <Center mih="100%" p="md">
        <Paper shadow="md" radius="lg" p="xl" maw={440} w="100%" withBorder>
          <Stack align="center" gap="md" ta="center">
            <span className={classes.icon} aria-hidden="true">
              <IconWifiOff size={36} stroke={1.6} />
            </span>
            <Title order={1} size="h2" ref={headingRef} tabIndex={-1}>
              {messages.offlineTitle}
            </Title>
            <Text c="dimmed">{messages.offlineText}</Text>
            <Button onClick={retry} loading={checking} size="md">
              {messages.retry}
            </Button>
          </Stack>
        </Paper>
      </Center>
    </div>
  );
}
