/**
 * site-documentazione: the declared documentation groups as an accordion, each group's links from
 * `GET /api/static_links/documentazione?group=`; `group_to_show` opens one. The links are installation
 * content: a group the installation gave none is not shown, and with none at all the page says so.
 */
import { Accordion, Alert, Anchor, Card, Loader, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { documentationLinksQueryOptions, type StaticLink } from '../forms/form-queries';

interface Group {
  readonly slug: string;
  readonly title: string;
}

/**
 * A group's list, as the block loaded it: not a query of its own, whose mount would fetch a failed
 * list again and put the block back to loading.
 */
type GroupList = UseQueryResult<StaticLink[]>;

function GroupLinks({ slug, query }: { slug: string; query: GroupList }) {
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
  // Every group's list up front (a few small calls), to show only the groups that have links; a failed
  // one stays, so that its panel says it failed.
  const lists = useQueries({
    queries: groups.map((group) => documentationLinksQueryOptions(group.slug)),
  });
  if (lists.some((list) => list.isPending)) return <Loader aria-label={messages.loading} />;
  const shown = groups
    .map((group, i) => ({ ...group, list: lists[i]! }))
    .filter(({ list }) => list.isError || (list.data?.length ?? 0) > 0);
  if (shown.length === 0)
    return <Text data-testid="doc-groups-empty">{messages.contentDocumentationEmpty}</Text>;
  return <GroupsAccordion groups={shown} groupToShow={groupToShow} />;
}

function GroupsAccordion({
  groups,
  groupToShow,
}: {
  groups: readonly (Group & { list: GroupList })[];
  groupToShow?: string;
}) {
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
            <Accordion.Panel>
              {open.includes(group.slug) && <GroupLinks slug={group.slug} query={group.list} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Card>
  );
}
