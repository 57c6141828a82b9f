/**
 * The link to site-documentazione for a group (001 §2: the voucher pages link `fringe-app`), shown once
 * the installation has documentation in that group: none, no link to an empty page.
 */
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../config/messages-account.it';
import { useRouteLinkProps } from '../../components/route-link';
import { documentationLinksQueryOptions } from '../../engine/forms/form-queries';

export function DocumentationLink({ group }: { group: string }) {
  const link = useRouteLinkProps('site-documentazione', { group_to_show: group });
  const documentation = useQuery(documentationLinksQueryOptions(group));
  if ((documentation.data?.length ?? 0) === 0) return null;
  return (
    <Anchor {...link} size="sm" data-testid="documentation-link">
      {messages.titleDocumentation}
    </Anchor>
  );
}
