/**
 * Referent home (route home-refazi, spec 002 §2.8): the company switcher (the company acted for,
 * `session_infos.act_for`, sent as `Act-For`), the two sections of badges declared in config/menu.ts
 * (`backOfficeMenu`, rendered by the menu engine and gated by the same rule as the employee menu),
 * the new-convention request (an external page), the affiliated companies (name, location) in a modal
 * and the company dashboard manual (a PDF of public/docs/).
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBuilding, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { backOfficeMenu } from '../../../../config/menu';
import { formatMessage, messages as accountMessages } from '../../../shared/catalogues/account';
import { messages } from '../../../shared/catalogues/tables';
import { affiliatedCompaniesQueryOptions, externalLinksQueryOptions } from '../../api/query-options';
import { flattenBackendError } from '../../components/backend-error-box';
import { useCompanySwitcher } from '../../components/use-company-switcher';
import { MenuEngine } from '../../engine/menu/menu-engine';
import type { MenuSession } from '../../engine/menu/menu-visibility';
import { useSessionStore } from '../../stores/session';
import { CompanySwitcher } from './back-office-page';

const MANUAL = `${(import.meta.env.BASE_URL ?? '/').replace(/\/$/, '')}/docs/manuale-dashboard-aziendale.pdf`;

/** A button whose label wraps on a narrow screen instead of being cut ("Richiedi una nuova convenzi…"). */
const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  inner: { paddingBlock: 6 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 },
} as const;

function AffiliatedCompanies({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const actFor = useSessionStore((state) => state.sessionInfos.act_for?.id ?? null);
  const companies = useQuery({ ...affiliatedCompaniesQueryOptions(actFor), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={messages.boHomeAffiliated} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {messages.boHomeAffiliatedIntro}
        </Text>
        {companies.isPending && <Skeleton height={80} aria-label={accountMessages.loading} />}
        {companies.isError && (
          <Alert color="red" variant="light" role="alert">
            {flattenBackendError(companies.error).join(' ')}
          </Alert>
        )}
        {companies.data && (
          <Table striped data-testid="affiliated-companies">
            <caption className="visually-hidden">{messages.boHomeAffiliated}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.profileCompany}</Table.Th>
                <Table.Th>{messages.boColLocation}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2}>{messages.boHomeAffiliatedEmpty}</Table.Td>
                </Table.Tr>
              )}
              {companies.data.map((company) => (
                <Table.Tr key={company.id_azienda}>
                  <Table.Td>{company.nome}</Table.Td>
                  <Table.Td>{company.localita ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {messages.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function HomeRefaziScreen() {
  const { actFor, companies } = useCompanySwitcher();
  const isLogged = useSessionStore((state) => state.isLogged);
  const userPerms = useSessionStore((state) => state.userPerms);
  const user = useSessionStore((state) => state.user);
  const session = useMemo<MenuSession>(() => ({ isLogged, userPerms, user }), [isLogged, userPerms, user]);
  const [affiliatedOpen, setAffiliatedOpen] = useState(false);
  const newConvention = useQuery(externalLinksQueryOptions()).data?.nuova_convenzione ?? null;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {accountMessages.backOfficeTitle}
          </Title>
          <Text c="dimmed">{accountMessages.backOfficeIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <Stack gap="sm">
            {companies.isPending ? (
              <Skeleton height={60} aria-label={accountMessages.loading} />
            ) : (
              <CompanySwitcher wide />
            )}
            {companies.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {accountMessages.backOfficeCompaniesLoadFailed}{' '}
                {flattenBackendError(companies.error).join(' ')}
              </Alert>
            )}
            {actFor && (
              <Text size="sm" aria-live="polite">
                {formatMessage('backOfficeActingFor', { name: actFor.nome })}
              </Text>
            )}
            <Group gap="sm" mt="xs">
              {/* The installation's address (NEW_CONVENTION_URL): without one, no button. */}
              {newConvention && (
                <Button
                  component="a"
                  href={newConvention}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  w={{ base: '100%', xs: 'auto' }}
                  styles={WRAPPING_BUTTON}
                  leftSection={<IconExternalLink size={18} aria-hidden="true" />}
                  data-testid="new-convention"
                >
                  {messages.boHomeNewConvention}
                  <span className="visually-hidden"> {accountMessages.opensInNewTab}</span>
                </Button>
              )}
              <Button
                variant="default"
                w={{ base: '100%', xs: 'auto' }}
                styles={WRAPPING_BUTTON}
                leftSection={<IconBuilding size={18} aria-hidden="true" />}
                onClick={() => setAffiliatedOpen(true)}
              >
                {messages.boHomeAffiliated}
              </Button>
              <Anchor href={MANUAL} target="_blank" rel="noopener" size="sm" data-testid="dashboard-manual">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconFileTypePdf size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
                  {messages.boHomeManual}
                </Group>
              </Anchor>
            </Group>
          </Stack>
        </Card>
        <section aria-label={messages.boHomeSections}>
          <MenuEngine menu={backOfficeMenu} session={session} onSubsectionChange={() => {}} openAll />
        </section>
      </Stack>
      <AffiliatedCompanies opened={affiliatedOpen} onClose={() => setAffiliatedOpen(false)} />
    </Container>
  );
}
