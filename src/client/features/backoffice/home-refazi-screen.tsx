/**
 * Referent home (route home-refazi, spec 002 §2.8): for now the company switcher, which sets
 * the company acted for (`session_infos.act_for`, sent as `Act-For` in the back office).
 * The management and services sections come with the back-office issue.
 */
import { Alert, Card, Container, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { flattenBackendError } from '../../components/backend-error-box';
import { useCompanySwitcher } from '../../components/use-company-switcher';

export function HomeRefaziScreen() {
  const { actFor, companies, options, choose } = useCompanySwitcher();

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.backOfficeTitle}
          </Title>
          <Text c="dimmed">{messages.backOfficeIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg" maw={560} shadow="xs">
          <Stack gap="sm">
            {companies.isPending ? (
              <Skeleton height={60} aria-label={messages.loading} />
            ) : (
              <Select
                label={messages.backOfficeCompanyLabel}
                description={messages.backOfficeCompanyHelp}
                data={options}
                value={actFor ? String(actFor.id) : null}
                onChange={choose}
                allowDeselect={false}
                searchable={options.length > 6}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {companies.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {messages.backOfficeCompaniesLoadFailed} {flattenBackendError(companies.error).join(' ')}
              </Alert>
            )}
            {actFor && (
              <Text size="sm" aria-live="polite">
                {formatMessage('backOfficeActingFor', { name: actFor.nome })}
              </Text>
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
