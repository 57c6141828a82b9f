/**
 * Home (route menu): greeting and credit summary. The declarative menu (config/menu, its
 * sections and badges) is rendered by the menu engine below the credit card.
 */
import { Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatMessage, messages } from '../../../../config/messages.it';
import { creditQueryOptions } from '../../api/query-options';
import { CreditSummary } from '../../components/credit-summary';
import { useSessionStore } from '../../stores/session';

export function HomeScreen() {
  const user = useSessionStore((state) => state.user);
  const creditQuery = useQuery(creditQueryOptions());
  const credit = creditQuery.data ?? user?.user_credito;
  const name = user?.user_anag.nome ?? '';

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {formatMessage('homeGreeting', { name })}
          </Title>
          <Text c="dimmed">{messages.homeIntro}</Text>
        </Stack>

        <Card withBorder radius="lg" padding="lg" maw={520} shadow="xs">
          <Group gap="sm" mb="md" wrap="nowrap">
            <ThemeIcon size="lg" radius="xl" variant="light" aria-hidden="true">
              <IconWallet size={20} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {messages.homeCreditTitle}
            </Title>
          </Group>
          <CreditSummary credit={credit} loading={creditQuery.isPending} />
          {creditQuery.isError && (
            <Text size="xs" c="dimmed" mt="sm">
              {messages.navCreditUnavailable}
            </Text>
          )}
        </Card>

        {/* The menu engine (sections and badges of config/menu) renders here. */}
      </Stack>
    </Container>
  );
}
