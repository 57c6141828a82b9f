/**
 * "Import Caricamento Tracciato" (route office-import-anagrafiche-crediti, spec 002 §2.10, §4.2, §5, §7,
 * §8): a collapsible panel on the file (the 14 columns of config/import-sheet.ts with their hints), the
 * manual (a PDF of public/docs/), the template download (`template.xlsx`), the upload modal "Carica file
 * di importazione" (.xlsx only, as the server refuses .xls, with a hint on saving an .xls as .xlsx;
 * "Seleziona un file!"; Carica disabled without a file; every control disabled while uploading; the
 * file cleared afterwards), refresh, and the imports on the table engine
 * (config/tables/office-import.ts). The client checks nothing of the file: the server validates it.
 */
import {
  Button,
  Collapse,
  FileInput,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconFileTypePdf,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { importColumns } from '../../../../config/import-sheet';
import { importsTable } from '../../../../config/tables/office-import';
import { messages } from '../../../shared/catalogues/tables';
import { formMessages } from '../../../shared/catalogues/forms';
import { apiRequest } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { flattenBackendError } from '../../components/backend-error-box';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import { useCompanySwitcher } from '../../components/use-company-switcher';
import { useDownload } from '../../components/use-download';
import { DataTable, refreshTables } from '../../engine/table';
import { BackOfficePage } from './back-office-page';

const base = (import.meta.env.BASE_URL ?? '/').replace(/\/$/, '');
const MANUAL = '/docs/manuale-import-crediti.pdf';
const refresh = () => refreshTables(queryClient, [importsTable.name]);

function InfoPanel() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md">
      <UnstyledButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={id}
        w="100%"
        data-testid="import-info-toggle"
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{messages.boImportInfoToggle}</Text>
          {open ? <IconChevronUp aria-hidden="true" /> : <IconChevronDown aria-hidden="true" />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={id}>
        <Stack gap="xs" pt="sm">
          <Text size="sm">{messages.boImportInfoFile}</Text>
          <Text size="sm" fw={600}>
            {messages.boImportInfoColumns}
          </Text>
          <List size="sm" spacing={4} type="ordered">
            {importColumns.map((column) => (
              <List.Item key={column.header}>
                <Text span size="sm" fw={600}>
                  {column.header}
                </Text>
                : {column.hint}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{messages.boImportInfoAfter}</Text>
        </Stack>
      </Collapse>
    </Paper>
  );
}

function UploadModal({
  opened,
  onClose,
  companyId,
}: {
  opened: boolean;
  onClose: () => void;
  companyId: number | null;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [touched, setTouched] = useState(false);

  const close = () => {
    if (uploading) return;
    setFile(null);
    setTouched(false);
    onClose();
  };

  const send = async () => {
    setTouched(true);
    if (!file) return;
    setUploading(true);
    const body = new FormData();
    body.append('csv_ordine', file);
    const { notifications } = await withOverlays();
    try {
      await apiRequest<unknown>('/importtools', { method: 'POST', body, actFor: companyId });
      notifications.show({
        color: 'green',
        title: messages.boImportDoneTitle,
        message: messages.boImportDone,
        withCloseButton: true,
      });
      setUploading(false);
      setFile(null);
      setTouched(false);
      onClose();
      await refresh();
    } catch (error) {
      const detail = flattenBackendError(error).join(' ');
      notifications.show({
        color: 'red',
        title: messages.boImportFailedTitle,
        message: detail ? `${messages.boImportFailed} ${detail}` : messages.boImportFailed,
        withCloseButton: true,
        autoClose: 15_000,
      });
      setUploading(false);
      setFile(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={messages.boImportUploadTitle}
      centered
      closeOnClickOutside={!uploading}
      closeOnEscape={!uploading}
      withCloseButton={!uploading}
    >
      <Stack gap="md">
        <FileInput
          label={messages.boImportFileLabel}
          description={messages.boImportXlsHint}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(value) => {
            setFile(value);
            setTouched(true);
          }}
          clearable
          disabled={uploading}
          error={touched && !file ? messages.boImportSelectFile : undefined}
          leftSection={<IconUpload size={16} aria-hidden="true" />}
          data-testid="import-file-input"
        />
        <ModalActions>
          <Button variant="default" onClick={close} disabled={uploading}>
            {messages.cancel}
          </Button>
          <Button onClick={() => void send()} disabled={!file || uploading} loading={uploading}>
            {formMessages.formUploadSend}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}

export function ImportScreen() {
  const { actFor } = useCompanySwitcher();
  const companyId = actFor?.id ?? null;
  const template = useDownload(messages.boDownloadFailed);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  return (
    <BackOfficePage title={messages.boImportTitle} intro={messages.boImportIntro}>
      <Stack gap="lg">
        <InfoPanel />
        <Group gap="sm" wrap="wrap">
          <Button
            component="a"
            href={`${base}${MANUAL}`}
            target="_blank"
            rel="noopener"
            variant="light"
            leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
          >
            {messages.boImportManual}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            loading={template.running}
            disabled={companyId === null}
            onClick={() =>
              void template.run(() =>
                apiRequest('/importtools/template', { responseType: 'blob', actFor: companyId }),
              )
            }
          >
            {messages.boImportTemplate}
          </Button>
          <Button
            leftSection={<IconUpload size={18} aria-hidden="true" />}
            disabled={companyId === null}
            onClick={() => setUploadOpen(true)}
          >
            {messages.tableUpload}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden="true" />}
            loading={refreshing}
            onClick={() => {
              setRefreshing(true);
              void refresh().finally(() => setRefreshing(false));
            }}
          >
            {messages.updateReload}
          </Button>
        </Group>
        <DataTable table={importsTable} />
      </Stack>
      <UploadModal opened={uploadOpen} onClose={() => setUploadOpen(false)} companyId={companyId} />
    </BackOfficePage>
  );
}
