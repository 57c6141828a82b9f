/** Page not found (spec 000 §2): the spec text and a button back to home. */
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { messages } from '../../../shared/catalogues/first-paint';
import { useSessionStore } from '../../stores/session';
import { useSkinStore } from '../../stores/skin';
import { applyCustomerSkin } from '../../stores/skin-loader';

export function NotFoundScreen() {
  // Reached directly (no page loaded a skin yet): the current customer's skin.
  useEffect(() => {
    if (useSkinStore.getState().customer === null)
      void applyCustomerSkin(useSessionStore.getState().customer);
  }, []);

  return (
    <Center component="main" id="main-content" mih="100dvh" p="md" bg="gray.0">
      <Paper shadow="sm" radius="lg" p="xl" maw={480} w="100%" withBorder>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
            <IconMapOff size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {messages.notFoundTitle}
          </Title>
          <Text size="lg">{messages.pageNotFound}</Text>
          <Button component={Link} to="/" size="md">
            {messages.backToHome}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
