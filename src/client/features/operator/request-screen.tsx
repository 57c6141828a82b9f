/**
 * A request seen by an operator (route operatore-richiesta, issue 26): `GET /api/operatore/richieste/{id}`
 * (reading it puts it in review). The header (number, stage, amount, sent and due days, the batch),
 * the decisions (`decision-panel.tsx`) and four eyes, the employee, company and customer, the form and
 * its answers, the beneficiary and IBAN (masked unless the operator pays), the documents inline
 * (`document-viewer.tsx`), the credit lines and the timeline of `storia`.
 */
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconEyeCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StatusTone } from '../../../../config/status-sets';
import type { EventoRichiesta, OperatoreRichiesta } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages, type TableMessageKey } from '../../../shared/catalogues/tables';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatWireEuro } from '../../../shared/money';
import { flattenBackendError } from '../../components/backend-error-box';
import { useRouteLinkProps } from '../../components/route-link';
import { statusEntry } from '../../engine/table';
import { DecisionPanel } from './decision-panel';
import { DocumentItem } from './document-viewer';
import { operatorRequestQueryOptions } from './operator-api';
import { wireEuro } from './wire-euro';

const TONE_COLORS: Record<StatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

/** Each step of the timeline: its text and colour (the employee's page uses the same texts). */
const STEPS: Record<EventoRichiesta['evento'], { label: TableMessageKey; color: string }> = {
  inviata: { label: 'requestSent', color: 'blue' },
  in_verifica: { label: 'requestInReview', color: 'blue' },
  prima_approvazione: { label: 'requestEventFirstApproval', color: 'teal' },
  documenti_richiesti: { label: 'requestDocumentsAsked', color: 'orange' },
  documenti_aggiunti: { label: 'requestEventDocumentsAdded', color: 'blue' },
  approvata: { label: 'requestApproved', color: 'teal' },
  in_pagamento: { label: 'requestInPayment', color: 'teal' },
  uscita_dal_lotto: { label: 'requestEventLeftBatch', color: 'gray' },
  pagata: { label: 'requestPaid', color: 'green' },
  rifiutata: { label: 'requestRejected', color: 'red' },
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Label and value pairs as a description list (labels above values on phones). */
function Facts({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

function FourEyes({ request }: { request: OperatoreRichiesta }) {
  const four = request.quattro_occhi;
  if (!four.necessari) return null;
  const first = four.prima_approvazione;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconEyeCheck aria-hidden="true" />}
      title={messages.opFourEyes}
      data-testid="operator-four-eyes"
    >
      <Stack gap={4}>
        <Text size="sm">{formatTableMessage('opFourEyesNeeded', { threshold: wireEuro(four.soglia) })}</Text>
        {first && (
          <Text size="sm" fw={600}>
            {formatTableMessage('opFourEyesFirst', {
              operator: first.operatore,
              date: first.data ? formatDateTime(first.data) : messages.none,
            })}
          </Text>
        )}
        {!four.posso_approvare && <Text size="sm">{messages.opFourEyesOther}</Text>}
      </Stack>
    </Alert>
  );
}

function RequestHeader({ request }: { request: OperatoreRichiesta }) {
  const entry = statusEntry('request-stage', request.stato);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {formatTableMessage('requestTitle', { id: request.id_acquisto })}
        </Title>
        <Badge
          size="lg"
          variant="light"
          color={TONE_COLORS[entry?.tone ?? 'neutral']}
          style={{ textTransform: 'none', ['--badge-color' as string]: 'var(--mantine-color-dark-8)' }}
          data-testid="operator-request-stage"
        >
          {entry && typeof entry.label === 'string' ? messages[entry.label] : request.stato}
        </Badge>
      </Group>
      <Text fw={700} size="xl" data-testid="operator-request-amount">
        {formatWireEuro(request.importo)}
      </Text>
      <Text>{request.oggetto}</Text>
      <Text size="sm" c="dimmed">
        {formatTableMessage('requestSentOn', { date: formatDateTime(request.inviata_il) })}
        {request.entro_il
          ? ` · ${formatTableMessage('opDueBy', { date: formatDate(request.entro_il) })}`
          : ''}
      </Text>
      {request.lotto && (
        <Text size="sm">
          {formatTableMessage('opInBatch', {
            id: request.lotto.id,
            date: formatDate(request.lotto.data_esecuzione),
          })}
        </Text>
      )}
    </Stack>
  );
}

function RequestBody({ request }: { request: OperatoreRichiesta }) {
  const employee = request.dipendente;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Section id="operator-employee" title={messages.movColEmployee}>
            <Facts
              items={[
                [messages.movColEmployee, `${employee.nome} ${employee.cognome}`],
                [messages.profileEmail, employee.email],
                [messages.profileTaxCode, employee.codice_fiscale],
                [messages.profileCompany, request.azienda.nome],
                [messages.opColCustomer, `${request.cliente.nome} (${request.cliente.codice})`],
              ]}
            />
          </Section>
          <Section id="operator-form" title={request.modulo_titolo ?? request.tipo}>
            <Facts
              items={[
                [messages.requestKind, request.tipo],
                [messages.movColObject, request.oggetto],
                [messages.movColSubject, request.soggetto],
                [
                  messages.opCredit,
                  request.fonte_credito === 'art51c3' ? messages.opCreditArt51 : messages.navCreditTotal,
                ],
              ]}
            />
            <Title order={3} size="h5" mt="xs">
              {messages.opAnswers}
            </Title>
            {request.risposte.length === 0 ? (
              <Text c="dimmed">{messages.opAnswersNone}</Text>
            ) : (
              <Facts items={request.risposte.map((answer) => [answer.etichetta, answer.valore] as const)} />
            )}
          </Section>
          <Section id="operator-beneficiary" title={messages.opBeneficiary}>
            <Facts
              items={[
                [messages.opBeneficiary, request.beneficiario ?? messages.none],
                [messages.opIban, request.iban ?? messages.none],
              ]}
            />
            {request.iban && !request.iban_completo && (
              <Text size="sm" c="dimmed">
                {messages.opIbanMasked}
              </Text>
            )}
          </Section>
          <Section id="operator-documents" title={messages.requestAttached}>
            {request.documenti.length === 0 ? (
              <Text c="dimmed">{messages.requestAttachedNone}</Text>
            ) : (
              <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {request.documenti.map((document) => (
                  <DocumentItem key={document.id} document={document} />
                ))}
              </Stack>
            )}
          </Section>
          <Section id="operator-credit-lines" title={messages.opCreditLines}>
            {request.linee_credito.length === 0 ? (
              <Text c="dimmed">{messages.movCreditNone}</Text>
            ) : (
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{messages.movCreditSource}</Table.Th>
                    <Table.Th>{messages.amount}</Table.Th>
                    <Table.Th>{messages.movCreditExpiry}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {request.linee_credito.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>
                        {line.fonte}
                        {line.art51c3 ? ` · ${messages.opCreditArt51}` : ''}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWireEuro(line.importo)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.scadenza)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <FourEyes request={request} />
          <DecisionPanel request={request} />
          <Section id="operator-history" title={messages.requestTimeline}>
            <Timeline
              bulletSize={14}
              lineWidth={2}
              active={request.storia.length - 1}
              component="ol"
              style={{ listStyle: 'none' }}
            >
              {request.storia.map((step, index) => {
                const shown = STEPS[step.evento];
                return (
                  <Timeline.Item
                    key={`${step.evento}-${step.data}-${index}`}
                    component="li"
                    color={shown.color}
                    title={messages[shown.label]}
                    data-step={step.evento}
                  >
                    <Text size="sm" c="dimmed">
                      <time dateTime={step.data}>{formatDateTime(step.data)}</time>
                      {step.operatore ? ` · ${step.operatore}` : ''}
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
          </Section>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export function RequestReviewScreen({ id }: { id: number }) {
  const request = useQuery(operatorRequestQueryOptions(id));
  const back = useRouteLinkProps('home-operatore');
  return (
    <Stack gap="md">
      <Anchor {...back} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden="true" />
        {messages.opRequestBack}
      </Anchor>
      {request.isPending && (
        <Stack gap="sm" data-testid="operator-request-loading" aria-busy="true">
          <Skeleton height={32} width="60%" />
          <Skeleton height={20} width="30%" />
          <Skeleton height={240} radius="md" />
        </Stack>
      )}
      {request.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          <Text fw={600}>{messages.opRequestLoadFailed}</Text>
          <Text size="sm">{flattenBackendError(request.error).join(' ')}</Text>
        </Alert>
      )}
      {request.data && (
        <>
          <RequestHeader request={request.data} />
          <RequestBody request={request.data} />
        </>
      )}
      {request.data && request.isRefetching && (
        <Text size="sm" c="dimmed" role="status">
          <IconInfoCircle size={14} aria-hidden="true" /> {messages.loading}
        </Text>
      )}
    </Stack>
  );
}
