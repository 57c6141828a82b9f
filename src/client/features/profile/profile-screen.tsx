/** Profile (spec 000 §2): name, surname, e-mail, tax code and company, read-only. */
import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../../../config/messages.it';
import type { LoggedUserInfo } from '../../api/types';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value.trim() === '' ? messages.profileEmpty : value}
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
      </Stack>
    </Container>
  );
}
