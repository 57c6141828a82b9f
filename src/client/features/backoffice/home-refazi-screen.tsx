/**
 * Referent home (route home-refazi, spec 002 §2.8): for now the company switcher, which sets
 * the company acted for (`session_infos.act_for`, sent as `Act-For` in the back office).
 * The management and services sections come with the back-office issue.
 */
import { Alert, Card, Container, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMessage, messages } from '../../../../config/messages-account.it';
import { referentCompaniesQueryOptions } from '../../api/query-options';
import type { ReferentCompany } from '../../api/types';
import { flattenBackendError } from '../../components/backend-error-box';
import { useSessionStore } from '../../stores/session';

/** The referent's own company first, then the managed ones, without duplicates. */
export function companyOptions(own: { id: number; nome: string } | null, managed: ReferentCompany[] = []) {
  const seen = new Set<number>();
  const options: { value: string; label: string }[] = [];
  const add = (id: number, nome: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    options.push({ value: String(id), label: nome });
  };
  if (own) add(own.id, own.nome);
  for (const company of managed) add(company.id_azienda, company.nome);
  return options;
}

export function HomeRefaziScreen() {
  const queryClient = useQueryClient();
  const user = useSessionStore((state) => state.user);
  const actFor = useSessionStore((state) => state.sessionInfos.act_for);
  const setActFor = useSessionStore((state) => state.setActFor);
  const companies = useQuery(referentCompaniesQueryOptions());

  const own = user ? { id: user.user_azi.id, nome: user.user_azi.nome } : null;
  const options = companyOptions(own, companies.data);

  const choose = (value: string | null) => {
    const option = options.find((item) => item.value === value);
    if (!option) return;
    setActFor({ id: Number(option.value), nome: option.label });
    // Back-office answers belong to the company acted for: they are asked again.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'backoffice' });
  };

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
