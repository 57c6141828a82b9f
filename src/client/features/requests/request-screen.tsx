/**
 * dettaglio-richiesta (`/richieste/$id_acquisto`, issue 26): one of the employee's requests and its
 * whole life. The header (subject, kind, amount, stage), the expected payment day while the request is
 * open or the day it was paid, the documents an operator asked for with the upload to add them
 * (`request-documents.tsx`), the timeline of `storia` (each step, its day and time, its note: the
 * rejection reason, the documents asked) and the documents attached. The server answers only the
 * request's owner.
 */
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconCalendarDue,
  IconCash,
  IconCheck,
  IconCircleCheck,
  IconFileAlert,
  IconFilePlus,
  IconFileText,
  IconSearch,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StatusTone } from '../../../../config/status-sets';
import type { EventoRichiesta, RichiestaUtente } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages, type TableMessageKey } from '../../../shared/catalogues/tables';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatWireEuro } from '../../../shared/money';
import { flattenBackendError } from '../../components/backend-error-box';
import { useRouteLinkProps } from '../../components/route-link';
import { statusEntry } from '../../engine/table';
import { RequestDocuments } from './request-documents';
import { requestQueryOptions } from './request-api';

type Step = EventoRichiesta['evento'];

/** Each step of the timeline: its text, icon and colour. */
const STEPS: Record<Step, { label: TableMessageKey; icon: ReactNode; color: string }> = {
  inviata: { label: 'requestSent', icon: <IconSend size={14} />, color: 'blue' },
  in_verifica: { label: 'requestInReview', icon: <IconSearch size={14} />, color: 'blue' },
  prima_approvazione: { label: 'requestEventFirstApproval', icon: <IconCheck size={14} />, color: 'teal' },
  documenti_richiesti: { label: 'requestDocumentsAsked', icon: <IconFileAlert size={14} />, color: 'orange' },
  documenti_aggiunti: {
    label: 'requestEventDocumentsAdded',
    icon: <IconFilePlus size={14} />,
    color: 'blue',
  },
  approvata: { label: 'requestApproved', icon: <IconCheck size={14} />, color: 'teal' },
  in_pagamento: { label: 'requestInPayment', icon: <IconCash size={14} />, color: 'teal' },
  uscita_dal_lotto: { label: 'requestEventLeftBatch', icon: <IconArrowBackUp size={14} />, color: 'gray' },
  pagata: { label: 'requestPaid', icon: <IconCircleCheck size={14} />, color: 'green' },
  rifiutata: { label: 'requestRejected', icon: <IconX size={14} />, color: 'red' },
};

const TONE_COLORS: Record<StatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

function StageBadge({ stage }: { stage: RichiestaUtente['stato'] }) {
  const entry = statusEntry('request-stage', stage);
  const label = entry
    ? typeof entry.label === 'string'
      ? messages[entry.label]
      : entry.label.literal
    : stage;
  return (
    <Badge
      size="lg"
      variant="light"
      color={TONE_COLORS[entry?.tone ?? 'neutral']}
      data-testid="request-stage"
      data-status={stage}
      // Dark text on the tone's light ground (the tone's own text is below 4.5:1 there).
      style={{ textTransform: 'none', ['--badge-color' as string]: 'var(--mantine-color-dark-8)' }}
    >
      {label}
    </Badge>
  );
}

export function RequestScreen({ requestId }: { requestId: number }) {
  const back = useRouteLinkProps('mie-richieste');
  const request = useQuery(requestQueryOptions(requestId));
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor {...back} size="sm" data-testid="request-back">
          {messages.requestBack}
        </Anchor>
        <Title order={1} size="h2">
          {formatTableMessage('requestTitle', { id: requestId })}
        </Title>
        {request.isPending && (
          <Stack gap="md" aria-busy="true" data-testid="request-loading">
            <Skeleton height={120} radius="lg" aria-hidden="true" />
            <Skeleton height={220} radius="lg" aria-hidden="true" />
          </Stack>
        )}
        {request.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={messages.requestLoadError}
          >
            {flattenBackendError(request.error).join(' ')}
          </Alert>
        )}
        {request.data && <RequestView request={request.data} />}
      </Stack>
    </Container>
  );
}

function RequestView({ request }: { request: RichiestaUtente }) {
  const steps = request.storia;
  return (
    <>
      <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="request-header">
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
            <StageBadge stage={request.stato} />
            <Text fw={700} fz="xl" data-testid="request-amount" style={{ whiteSpace: 'nowrap' }}>
              <span className="visually-hidden">{messages.amount}: </span>
              {formatWireEuro(request.importo)}
            </Text>
          </Group>
          <Stack gap={2}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="request-object">
              {request.oggetto}
            </Text>
            <Text size="sm" c="dimmed">
              {messages.requestKind}: {request.tipo}
            </Text>
            <Text size="sm" c="dimmed">
              {formatTableMessage('requestSentOn', { date: formatDate(request.inviata_il) })}
            </Text>
          </Stack>
          {request.entro_il !== null && (
            <DayNote color="blue" icon={<IconCalendarDue aria-hidden="true" />} testId="request-payment-by">
              {formatTableMessage('requestPaymentBy', { date: formatDate(request.entro_il) })}
            </DayNote>
          )}
          {request.pagata_il !== null && (
            <DayNote color="green" icon={<IconCircleCheck aria-hidden="true" />} testId="request-paid-on">
              {formatTableMessage('requestPaidOn', { date: formatDate(request.pagata_il) })}
            </DayNote>
          )}
        </Stack>
      </Card>

      {request.documenti_richiesti !== null && (
        <RequestDocuments requestId={request.id_acquisto} asked={request.documenti_richiesti} />
      )}

      <Card
        withBorder
        radius="lg"
        padding="lg"
        shadow="xs"
        component="section"
        aria-labelledby="request-timeline"
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="request-timeline">
            {messages.requestTimeline}
          </Title>
          <Timeline
            active={steps.length - 1}
            bulletSize={26}
            lineWidth={2}
            data-testid="request-timeline-steps"
            // A list of steps for screen readers too.
            component="ol"
            style={{ paddingInlineStart: 0, listStyle: 'none' }}
          >
            {steps.map((step, index) => {
              const shown = STEPS[step.evento];
              return (
                <Timeline.Item
                  key={`${step.evento}-${step.data}-${index}`}
                  component="li"
                  bullet={<span aria-hidden="true">{shown.icon}</span>}
                  color={shown.color}
                  title={messages[shown.label]}
                  data-step={step.evento}
                >
                  <Text size="sm" c="dimmed">
                    <time dateTime={step.data}>{formatDateTime(step.data)}</time>
                  </Text>
                  {step.nota && (
                    <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      {step.nota}
                    </Text>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Stack>
      </Card>

      <Card
        withBorder
        radius="lg"
        padding="lg"
        shadow="xs"
        component="section"
        aria-labelledby="request-documents"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="request-documents">
            {messages.requestAttached}
          </Title>
          {request.documenti.length === 0 ? (
            <Text size="sm" c="dimmed">
              {messages.requestAttachedNone}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {request.documenti.map((document) => (
                <Group component="li" key={document.id} gap="xs" wrap="nowrap" align="flex-start">
                  <IconFileText size={20} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {document.nome_file}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatTableMessage('requestAttachedOn', { date: formatDate(document.caricato_il) })}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </>
  );
}

/** The day the money is expected, or was paid: information shown with the page, not an announcement. */
function DayNote({
  color,
  icon,
  testId,
  children,
}: {
  color: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" radius="md" icon={icon} data-testid={testId} role="note">
      <Text fw={700} fz="lg">
        {children}
      </Text>
    </Alert>
  );
}
