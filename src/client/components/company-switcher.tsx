/**
 * The referent's company switcher as a field (spec 000 §6): own company plus the managed ones; the
 * choice sets `session_infos.act_for` and the back-office screens reload their data for it. Used by
 * the company movements and the internal messaging.
 */
import { Alert, Select, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { messages } from '../../../config/messages-account.it';
import { flattenBackendError } from './backend-error-box';
import { useCompanySwitcher } from './use-company-switcher';

export function CompanySwitcher() {
  const { actFor, companies, options, choose } = useCompanySwitcher();

  if (companies.isPending) return <Skeleton height={60} aria-label={messages.loading} />;
  return (
    <Stack gap="xs">
      <Select
        label={messages.profileCompany}
        description={messages.movCompanyHelp}
        data={options}
        value={actFor ? String(actFor.id) : null}
        onChange={choose}
        allowDeselect={false}
        searchable={options.length > 6}
        comboboxProps={{ withinPortal: true }}
        maw={480}
      />
      {companies.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {messages.backOfficeCompaniesLoadFailed} {flattenBackendError(companies.error).join(' ')}
        </Alert>
      )}
    </Stack>
  );
}
