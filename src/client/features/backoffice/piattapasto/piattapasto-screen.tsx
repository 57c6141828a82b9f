/**
 * Piattapasto (route office-piattapasto, spec 002 §2.8, §4.1, §5, §7, §8): the meal-voucher orders of
 * the company acted for. A main menu (Impostazioni, Nuovo ordine, Stato ordini) disabled until the
 * settings load, and when the supplier is not one the portal knows (logged). Incomplete settings show
 * an alert and keep the upload disabled. New order: the template CSV, the upload of the filled CSV
 * (.csv only, field `csv_ordine`), the order for review (TO_VALIDATE) with Confirm (VALID: a job
 * sends it) and Cancel (the uploaded data deleted). Order status: the declared table
 * (config/tables/office-piattapasto-ordini.ts), whose failure shows the empty list.
 */
import { Alert, Button, Card, FileInput, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconDownload,
  IconFileTypeCsv,
  IconSettings,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { piattapastoOrdersTable } from '../../../../../config/tables';
import { formatTableMessage, messages } from '../../../../shared/catalogues/tables';
import { euro, formatEuro, parseCents } from '../../../../shared/money';
import { isKnownSupplier } from '../../../../shared/piattapasto';
import { flattenBackendError } from '../../../components/backend-error-box';
import { withOverlays } from '../../../components/overlay-host';
import { useDownload } from '../../../components/use-download';
import { DataTable, refreshTables } from '../../../engine/table';
import { useSessionStore } from '../../../stores/session';
import { BackOfficePage } from '../back-office-page';
import {
  cancelOrder,
  confirmOrder,
  downloadTemplate,
  settingsQueryOptions,
  uploadOrder,
  type Settings,
  type UploadedOrder,
} from './piattapasto-api';
import { SettingsModal, supplierLabel } from './settings-modal';

type View = 'new' | 'status';

export function PiattapastoScreen() {
  return (
    <BackOfficePage title={messages.piattaTitle} intro={messages.piattaIntro}>
      <Piattapasto />
    </BackOfficePage>
  );
}

function Piattapasto() {
  const companyId = useSessionStore((state) => state.sessionInfos.act_for?.id ?? null);
  const settings = useQuery({ ...settingsQueryOptions(companyId), enabled: companyId !== null });
  const [view, setView] = useState<View>('new');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const supplier = settings.data?.fornitore ?? null;
  const unknownSupplier = supplier !== null && !isKnownSupplier(supplier);
  useEffect(() => {
    // 002 §4.1: the unknown supplier is logged.
    if (unknownSupplier) console.warn('Piattapasto: fornitore sconosciuto', supplier);
  }, [unknownSupplier, supplier]);
  const menuDisabled = !settings.isSuccess || unknownSupplier;

  const menu = (
    <Group gap="sm" role="toolbar" aria-label={messages.piattaMenuLabel} data-testid="piatta-menu">
      <Button
        variant="default"
        leftSection={<IconSettings size={18} aria-hidden="true" />}
        disabled={menuDisabled}
        onClick={() => setSettingsOpen(true)}
        data-testid="piatta-open-settings"
      >
        {messages.piattaSettings}
      </Button>
      {(['new', 'status'] as const).map((item) => (
        <Button
          key={item}
          variant={view === item ? 'filled' : 'light'}
          aria-pressed={view === item}
          disabled={menuDisabled}
          onClick={() => setView(item)}
          data-testid={`piatta-view-${item}`}
        >
          {item === 'new' ? messages.piattaNewOrder : messages.piattaOrderStatus}
        </Button>
      ))}
    </Group>
  );

  return (
    <Stack gap="lg">
      {menu}
      {settings.isPending ? (
        <Skeleton height={160} aria-label={messages.piattaSettingsLoading} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {messages.piattaConfigError}
        </Alert>
      ) : unknownSupplier ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {formatTableMessage('piattaSupplierUnknown', { supplier: supplier ?? '' })}
        </Alert>
      ) : (
        <>
          <SettingsModal
            opened={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            settings={settings.data}
            companyId={companyId}
          />
          {view === 'new' ? (
            <NewOrder settings={settings.data} companyId={companyId} onConfirmed={() => setView('status')} />
          ) : (
            <Stack gap="sm">
              <Title order={2} size="h3">
                {messages.piattaOrderStatus}
              </Title>
              <DataTable table={piattapastoOrdersTable} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

const toast = async (color: 'green' | 'red', message: string) => {
  const { notifications } = await withOverlays();
  notifications.show({ color, message, withCloseButton: true, autoClose: 6000 });
};

function NewOrder({
  settings,
  companyId,
  onConfirmed,
}: {
  settings: Settings;
  companyId: number | null;
  onConfirmed: () => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [order, setOrder] = useState<UploadedOrder | null>(null);
  const template = useDownload(messages.piattaTemplateFailed);
  const notCsv = file !== null && !/\.csv$/i.test(file.name);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadOrder(chosen, companyId),
    onSuccess: (answer) => {
      setOrder(answer);
      setFile(null);
    },
  });
  const confirm = useMutation({
    mutationFn: (id: number) => confirmOrder(id, companyId),
    onSuccess: async () => {
      setOrder(null);
      await refreshTables(queryClient, [piattapastoOrdersTable.name]);
      void toast('green', messages.piattaConfirmed);
      onConfirmed();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: number) => cancelOrder(id, companyId),
    onSuccess: () => {
      setOrder(null);
      void refreshTables(queryClient, [piattapastoOrdersTable.name]);
      void toast('green', messages.piattaCancelled);
    },
  });
  const busy = upload.isPending || confirm.isPending || cancel.isPending;
  const value = parseCents(settings.valore_buono ?? '');

  return (
    <Stack gap="lg">
      {!settings.completo && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          role="status"
          data-testid="piatta-incomplete"
        >
          {messages.piattaIncomplete}
        </Alert>
      )}
      {settings.fornitore !== null && value !== null && (
        <Text size="sm" c="dimmed" data-testid="piatta-settings-summary">
          {formatTableMessage('piattaSettingsSummary', {
            supplier: supplierLabel(settings.fornitore),
            value: euro(value),
          })}
        </Text>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {messages.piattaTemplateTitle}
          </Title>
          <Text size="sm">{messages.piattaTemplateText}</Text>
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              loading={template.running}
              onClick={() => void template.run(() => downloadTemplate(companyId))}
              data-testid="piatta-template"
            >
              {messages.piattaTemplateDownload}
            </Button>
          </Group>
        </Stack>
      </Card>

      {order === null ? (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {messages.piattaNewOrder}
            </Title>
            <FileInput
              label={messages.piattaUploadLabel}
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => {
                upload.reset();
                setFile(chosen);
              }}
              clearable
              disabled={!settings.completo || busy}
              leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
              error={notCsv ? messages.piattaUploadOnlyCsv : null}
              data-testid="piatta-file"
            />
            <Group>
              <Button
                leftSection={<IconUpload size={18} aria-hidden="true" />}
                disabled={!settings.completo || file === null || notCsv}
                loading={upload.isPending}
                onClick={() => file && upload.mutate(file)}
                data-testid="piatta-upload"
              >
                {messages.piattaUpload}
              </Button>
            </Group>
            {upload.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {messages.piattaUploadFailed} {flattenBackendError(upload.error).join(' ')}
              </Alert>
            )}
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="lg" padding="lg" data-testid="piatta-review">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {formatTableMessage('piattaReviewTitle', { id: order.order_id })}
            </Title>
            <Text size="sm">{messages.piattaReviewText}</Text>
            <Text fw={600} data-testid="piatta-review-totals">
              {formatTableMessage('piattaReviewTotals', {
                n: order.nbuoni_totali,
                total: euro(parseCents(order.importo_totale) ?? 0),
              })}
            </Text>
            {order.righe_ignorate > 0 && (
              <Text size="sm" c="dimmed">
                {formatTableMessage('piattaReviewIgnored', { n: order.righe_ignorate })}
              </Text>
            )}
            <Table.ScrollContainer minWidth={520}>
              <Table striped withTableBorder>
                <Table.Caption>{messages.piattaReviewCaption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{messages.piattaColRow}</Table.Th>
                    <Table.Th scope="col">{messages.profileName}</Table.Th>
                    <Table.Th scope="col">{messages.profileEmail}</Table.Th>
                    <Table.Th scope="col">{messages.piattaColVouchers}</Table.Th>
                    <Table.Th scope="col">{messages.piattaColValue}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.data.map((row) => (
                    <Table.Tr key={row.riga} data-testid="piatta-review-row">
                      <Table.Td>{row.riga}</Table.Td>
                      <Table.Td>{row.nome}</Table.Td>
                      <Table.Td>{row.email}</Table.Td>
                      <Table.Td>{row.nbuoni}</Table.Td>
                      <Table.Td>{formatEuro(parseCents(row.val_buoni) ?? 0)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="sm">
              <Button
                color="green"
                leftSection={<IconCheck size={18} aria-hidden="true" />}
                disabled={busy}
                loading={confirm.isPending}
                onClick={() => confirm.mutate(order.order_id)}
                data-testid="piatta-confirm"
              >
                {messages.piattaConfirm}
              </Button>
              <Button
                variant="default"
                leftSection={<IconX size={18} aria-hidden="true" />}
                disabled={busy}
                loading={cancel.isPending}
                onClick={() => cancel.mutate(order.order_id)}
                data-testid="piatta-cancel"
              >
                {messages.piattaCancel}
              </Button>
            </Group>
            {(confirm.isError || cancel.isError) && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {messages.piattaActionFailed} {flattenBackendError(confirm.error ?? cancel.error).join(' ')}
              </Alert>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
