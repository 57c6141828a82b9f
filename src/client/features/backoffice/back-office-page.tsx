/**
 * The frame of every back-office page (spec 002 §2.8, §6): "Torna al Back Office", the title and
 * intro, and the company switcher, so the referent can change the company acted for on any page.
 * When no company is chosen yet the referent's own company is chosen, so every call names its
 * company (`Act-For`). The page's content is keyed by the company: switching starts it afresh.
 */
import { Anchor, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { messages as accountMessages } from '../../../shared/catalogues/account';
import { messages } from '../../../shared/catalogues/tables';
import { useRouteLinkProps } from '../../components/route-link';
import { useCompanySwitcher } from '../../components/use-company-switcher';

export function CompanySwitcher({ wide = false }: { wide?: boolean }) {
  const { actFor, options, choose } = useCompanySwitcher();
  const first = options[0]?.value;
  useEffect(() => {
    if (!actFor && first !== undefined) choose(first);
  }, [actFor, first, choose]);
  return (
    <Select
      label={accountMessages.backOfficeCompanyLabel}
      description={wide ? accountMessages.backOfficeCompanyHelp : undefined}
      data={options}
      value={actFor ? String(actFor.id) : null}
      onChange={choose}
      allowDeselect={false}
      searchable={options.length > 6}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: wide ? 420 : 300 }}
      data-testid="company-switcher"
    />
  );
}

export interface BackOfficePageProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

export function BackOfficePage({ title, intro, children }: BackOfficePageProps) {
  const home = useRouteLinkProps('home-refazi');
  const { actFor } = useCompanySwitcher();
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor {...home} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden="true" />
            {messages.boBackHome}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} maw={640}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {intro && <Text c="dimmed">{intro}</Text>}
          </Stack>
          <CompanySwitcher />
        </Group>
        <div key={actFor?.id ?? 'none'}>{children}</div>
      </Stack>
    </Container>
  );
}
