/**
 * site-documentazione: the declared documentation groups as an accordion; a group's links
 * (`GET /api/static_links/documentazione?group=`) load when it is opened; `group_to_show` opens one.
 */
import { Accordion, Alert, Anchor, Card, Loader, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { documentationLinksQueryOptions } from '../forms/form-queries';

interface Group {
  readonly slug: string;
  readonly title: string;
}

function GroupLinks({ slug }: { slug: string }) {
  const query = useQuery(documentationLinksQueryOptions(slug));
  if (query.isPending) return <Loader size="sm" aria-label={messages.loading} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {messages.contentLoadError}
      </Alert>
    );
  }
  if (query.data.length === 0) return <Text size="sm">{messages.contentLinksEmpty}</Text>;
  return (
    <Stack
      gap="sm"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      data-testid={`doc-links-${slug}`}
    >
      {query.data.map((link) => (
        <li key={link.id}>
          <Anchor
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            fw={600}
            size="sm"
            aria-label={formatMessage('contentLinkOpen', { name: link.nome })}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            <IconFileText size={18} aria-hidden="true" />
            {link.nome}
            <IconExternalLink size={14} aria-hidden="true" />
          </Anchor>
          {link.descrizione && (
            <Text size="sm" c="dimmed">
              {link.descrizione}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}

export function LinkGroupsBlock({ groups, groupToShow }: { groups: readonly Group[]; groupToShow?: string }) {
  const initial = groups.some((group) => group.slug === groupToShow) ? [groupToShow as string] : [];
  const [open, setOpen] = useState<string[]>(initial);
  return (
    <Card withBorder radius="lg" padding={0} shadow="xs">
      <Accordion multiple value={open} onChange={setOpen} data-testid="doc-groups">
        {groups.map((group) => (
          <Accordion.Item key={group.slug} value={group.slug} data-testid={`doc-group-${group.slug}`}>
            <Accordion.Control>
              <Text fw={600}>{group.title}</Text>
            </Accordion.Control>
            <Accordion.Panel>{open.includes(group.slug) && <GroupLinks slug={group.slug} />}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Card>
  );
}
