/**
 * The support page (site-assistenza, spec 002 §2.7 "support request form and support area"; issue 28):
 * two tabs. "Nuova richiesta" is the plain form of config/plain-forms/assistenza.ts; once sent, the
 * ticket number the server gave (`numero_ticket`) stays on screen above the new form. "Richieste
 * inviate" lists the user's own tickets (`GET /api/supporto`): number, category, the request it refers
 * to, the date. Tickets have no state of their own (the answer comes by e-mail).
 */
import { Alert, Container, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { supportForm } from '../../../../config/plain-forms/assistenza';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { formatDate } from '../../../shared/dates';
import type { TicketAssistenza } from '../../../../schemas/wire-types.gen';
import { sentTicketsQueryOptions } from '../../api/query-options';
import { PlainFormScreen } from '../forms';

type Tab = 'nuova' | 'inviati';

function ticketNumberOf(answer: unknown): number | null {
  const numero = (answer as Partial<TicketAssistenza> | null | undefined)?.numero_ticket;
  return typeof numero === 'number' ? numero : null;
}

function SentTickets() {
  const tickets = useQuery(sentTicketsQueryOptions());
  if (tickets.isPending) return <Loader aria-label={messages.loading} />;
  if (tickets.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messages.contentLoadError}
      </Alert>
    );
  }
  if (tickets.data.length === 0)
    return <Text data-testid="support-tickets-empty">{messages.supportTicketsEmpty}</Text>;
  return (
    // Wider than a phone: the scrolled area is reachable by keyboard, and named.
    <Table.ScrollContainer
      minWidth={480}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={messages.supportTicketsCaption}
    >
      <Table striped withTableBorder data-testid="support-tickets">
        <Table.Caption>{messages.supportTicketsCaption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{messages.supportTicketNumber}</Table.Th>
            <Table.Th scope="col">{messages.supportTicketCategory}</Table.Th>
            <Table.Th scope="col">{messages.supportTicketRequest}</Table.Th>
            <Table.Th scope="col">{messages.supportTicketSentOn}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.data.map((ticket) => (
            <Table.Tr key={ticket.numero_ticket} data-testid="support-ticket-row">
              <Table.Td>{ticket.numero_ticket}</Table.Td>
              <Table.Td>{ticket.nome_categoria}</Table.Td>
              <Table.Td>{ticket.n_richiesta ?? '-'}</Table.Td>
              <Table.Td>{formatDate(ticket.created)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SupportScreen() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('nuova');
  const [lastTicket, setLastTicket] = useState<number | null>(null);
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>{messages.supportPageTitle}</Title>
        <Tabs
          value={tab}
          onChange={(value) => setTab(value === 'inviati' ? 'inviati' : 'nuova')}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="nuova">{messages.supportTabNew}</Tabs.Tab>
            <Tabs.Tab value="inviati">{messages.supportTabSent}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="nuova" pt="lg">
            <Stack gap="lg">
              {lastTicket !== null && (
                <Alert
                  color="teal"
                  variant="light"
                  role="status"
                  icon={<IconCircleCheck aria-hidden="true" />}
                  data-testid="support-ticket-number"
                >
                  {formatMessage('supportTicketSent', { numero: lastTicket })}
                </Alert>
              )}
              <PlainFormScreen
                declaration={supportForm}
                embedded
                onSubmitted={(answer) => {
                  setLastTicket(ticketNumberOf(answer));
                  void queryClient.invalidateQueries({ queryKey: sentTicketsQueryOptions().queryKey });
                }}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="inviati" pt="lg">
            <SentTickets />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
