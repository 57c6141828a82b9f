/** The link to site-documentazione for a group (001 §2: the voucher pages link `fringe-app`). */
import { Anchor } from '@mantine/core';
import { formMessages } from '../../../../config/messages-forms.it';
import { useRouteLinkProps } from '../../components/route-link';

export function DocumentationLink({ group }: { group: string }) {
  const link = useRouteLinkProps('site-documentazione', { group_to_show: group });
  return (
    <Anchor {...link} size="sm" data-testid="documentation-link">
      {formMessages.formDocumentationLinks}
    </Anchor>
  );
}
