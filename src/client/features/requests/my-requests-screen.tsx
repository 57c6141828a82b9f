/**
 * "Le mie richieste" (route mie-richieste, issue 26): the declared `my-requests` table (server paging,
 * sent day, subject, amount, stage, expected payment day), each row opening the request's timeline.
 */
import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { myRequestsTable } from '../../../../config/tables/my-requests';
import { messages } from '../../../shared/catalogues/tables';
import { useRouteLinkProps } from '../../components/route-link';
import { DataTable } from '../../engine/table';

export function MyRequestsScreen() {
  const history = useRouteLinkProps('dashmovimenti');
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {messages.myRequestsTitle}
          </Title>
          <Text c="dimmed">{messages.myRequestsIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <DataTable table={myRequestsTable} />
        </Card>
        <Anchor {...history} size="sm" data-testid="my-requests-history">
          {messages.navMovements}
        </Anchor>
      </Stack>
    </Container>
  );
}
