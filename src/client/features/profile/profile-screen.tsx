/**
 * Profile (spec 000 §2): name, surname, e-mail, tax code and company, read-only, the
 * change-password modal (its own chunk, loaded when opened), the passkeys and web push (issue 28).
 */
import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../config/messages-account.it';
import type { LoggedUserInfo } from '../../api/types';
import { showBackendError } from '../../components/backend-error-box';
import { PasskeysCard } from './passkeys-card';
import { PushCard } from './push-card';

function SecurityCard() {
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    import('./change-password-modal')
      .then((module) => module.openChangePasswordModal())
      .catch((error: unknown) => void showBackendError(error))
      .finally(() => setOpening(false));
  };
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4">
            {messages.profileSecurityTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.profileSecurityText}
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconKey size={18} aria-hidden="true" />}
          loading={opening}
          onClick={open}
        >
          {messages.profileChangePassword}
        </Button>
      </Group>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value.trim() === '' ? messages.none : value}
      </Text>
    </Stack>
  );
}

export function ProfileScreen({ user }: { user: LoggedUserInfo }) {
  const { user_anag: anag, user_azi: company } = user;
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.profileTitle}
          </Title>
          <Text c="dimmed">{messages.profileIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
            <Field label={messages.profileName} value={anag.nome} />
            <Field label={messages.profileSurname} value={anag.cognome} />
            <Field label={messages.profileEmail} value={anag.email} />
            <Field label={messages.profileTaxCode} value={anag.cod_fisc} />
            <Field
              label={messages.profileCompany}
              value={[company.nome, company.cognome].filter(Boolean).join(' ')}
            />
          </SimpleGrid>
        </Card>
        <SecurityCard />
        <PasskeysCard />
        <PushCard />
      </Stack>
    </Container>
  );
}
