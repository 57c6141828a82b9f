/**
 * What a referent sees besides the company movements (spec 000 §2, §5, §6): the company switcher
 * (own company plus the managed ones; it sets `session_infos.act_for` and the page reloads its data)
 * and the downloads: the monthly payroll transactions export (experimental; dates from the first day
 * of the previous month to today) and the residual user credit export.
 */
import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../config/messages-account.it';
import { ItalianDatesProvider } from '../../components/italian-dates-provider';
import { ItalianDateInput } from '../../components/italian-date-input';
import { exportRange, validateExportDates, type ExportDateErrors } from './export-dates';
import { downloadPayrollExport, downloadResidualCredits } from './movements-api';
import { useDownload } from '../../components/use-download';

// The company switcher is shared with the other back-office screens (components/company-switcher.tsx).
export { CompanySwitcher } from '../../components/company-switcher';

function PayrollExport({ companyId }: { companyId: number | null }) {
  const range = exportRange();
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [errors, setErrors] = useState<ExportDateErrors>({});
  const download = useDownload();

  const submit = () => {
    const found = validateExportDates(start, end, range);
    setErrors(found);
    if (found.start || found.end || !start || !end) return;
    void download.run(() => downloadPayrollExport(start, end, companyId));
  };

  return (
    <Stack gap="sm" data-testid="payroll-export">
      <Group gap="xs">
        <Title order={3} size="h5">
          {messages.movPayrollExport}
        </Title>
        {/* Filled: dark text on orange (autoContrast) has the AA contrast the light variant lacks. */}
        <Badge color="orange" variant="filled">
          {messages.movExperimental}
        </Badge>
      </Group>
      <ItalianDatesProvider>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <ItalianDateInput
            label={messages.movExportStart}
            value={start}
            onChange={(value) => {
              setStart(value);
              setErrors((state) => ({ ...state, start: undefined }));
            }}
            minDate={range.min}
            maxDate={end ?? range.max}
            error={errors.start}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <ItalianDateInput
            label={messages.movExportEnd}
            value={end}
            onChange={(value) => {
              setEnd(value);
              setErrors((state) => ({ ...state, end: undefined }));
            }}
            minDate={start ?? range.min}
            maxDate={range.max}
            error={errors.end}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </ItalianDatesProvider>
      <Group>
        <Button
          onClick={submit}
          loading={download.running}
          disabled={download.running}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          {messages.movExportDownload}
        </Button>
      </Group>
    </Stack>
  );
}

function ResidualExport({ companyId }: { companyId: number | null }) {
  const download = useDownload();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {messages.movResidualExport}
      </Title>
      <Group>
        <Button
          variant="light"
          onClick={() => void download.run(() => downloadResidualCredits(companyId))}
          loading={download.running}
          disabled={download.running}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          {messages.movResidualDownload}
        </Button>
      </Group>
    </Stack>
  );
}

/** The exports of `companyId`, the company acted for. */
export function ReferentDownloads({ companyId }: { companyId: number | null }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" component="section" aria-labelledby="mov-downloads">
      <Stack gap="lg">
        <Title order={2} size="h4" id="mov-downloads">
          {messages.movDownloadsTitle}
        </Title>
        <PayrollExport companyId={companyId} />
        <ResidualExport companyId={companyId} />
      </Stack>
    </Card>
  );
}
