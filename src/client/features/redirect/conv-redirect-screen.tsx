/**
 * Redirect page (route conv-redirect, spec 000 §2, 001 §2): shown after a partner portal is
 * opened in a new tab; counts down 10 seconds, then goes to the menu.
 */
import { Button, Card, Container, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { queryKeys } from '../../api/query-options';

export function ConvRedirectScreen({ pageTitle }: { pageTitle?: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The user may have spent credit at the partner meanwhile: the menu reads it again.
  const toMenu = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.credit });
    void navigate({ to: '/menu', replace: true });
  }, [queryClient, navigate]);
  const total = screenConstants.redirectCountdownSeconds;
  const [remaining, setRemaining] = useState<number>(total);

  useEffect(() => {
    const timer = window.setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (remaining === 0) toMenu();
  }, [remaining, toMenu]);

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconExternalLink size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {messages.redirectTitle}
          </Title>
          {pageTitle && <Text>{formatMessage('redirectText', { title: pageTitle })}</Text>}
          <Text fw={600} data-testid="redirect-countdown">
            {formatMessage('redirectCountdown', { n: remaining })}
          </Text>
          <Progress
            value={((total - remaining) / total) * 100}
            w="100%"
            aria-label={formatMessage('redirectCountdown', { n: remaining })}
          />
          <Button size="md" onClick={toMenu}>
            {messages.redirectNow}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
