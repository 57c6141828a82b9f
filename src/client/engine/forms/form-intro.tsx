/**
 * What a form shows above its fields (config/forms/types.ts `FormIntro`, spec 001 §2): the tutorial
 * video banner, the documentation links and the user's read-only data. Links open in a new tab
 * without giving it access to the portal (`rel="noopener noreferrer"`). A failed link list is only
 * logged (001 §8): the form works without it.
 */
import { Alert, Anchor, Card, List, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconBook, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FormCore } from '../../../../config/forms/types';
import { formMessages } from '../../../../config/messages-forms.it';
import type { FormUser } from '../../form-kit';
import { useRouteLinkProps } from '../../components/route-link';
import { documentationLinksQueryOptions, tutorialLinksQueryOptions, type StaticLink } from './form-queries';
import { messages } from '../../../shared/catalogues/account';

function ExternalLink({ link }: { link: StaticLink }) {
  return (
    <Anchor href={link.url} target="_blank" rel="noopener noreferrer" title={link.descrizione || undefined}>
      {link.nome}
      <span className="visually-hidden"> {messages.opensInNewTab}</span>
    </Anchor>
  );
}

function TutorialBanner({ slug }: { slug: string }) {
  const tutorials = useQuery(tutorialLinksQueryOptions());
  const links = tutorials.data?.find((group) => group.slug_name === slug)?.links ?? [];
  if (links.length === 0) return null;
  return (
    <Alert
      variant="light"
      radius="md"
      icon={<IconPlayerPlay size={20} aria-hidden="true" />}
      title={formMessages.formTutorialBanner}
      data-testid="form-tutorial"
    >
      <List size="sm" spacing={4} listStyleType="none">
        {links.map((link) => (
          <List.Item key={link.id}>
            <ExternalLink link={link} />
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The whole group on site-documentazione (`group_to_show`, issue 15). */
function AllDocumentation({ group }: { group: string }) {
  const link = useRouteLinkProps('site-documentazione', { group_to_show: group });
  return (
    <Anchor {...link} size="sm" fw={600} data-testid="form-documentation-all">
      {formMessages.formDocumentationAll}
    </Anchor>
  );
}

function DocumentationLinks({ group }: { group: string }) {
  const documentation = useQuery(documentationLinksQueryOptions(group));
  const links = documentation.data ?? [];
  if (links.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="form-documentation">
      <Stack gap="xs">
        <Title order={2} size="h5">
          <IconBook size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {messages.titleDocumentation}
        </Title>
        <List size="sm" spacing={4}>
          {links.map((link) => (
            <List.Item key={link.id}>
              <ExternalLink link={link} />
            </List.Item>
          ))}
        </List>
        <AllDocumentation group={group} />
      </Stack>
    </Card>
  );
}

function UserData({ user }: { user: FormUser }) {
  const fields: [string, string, string][] = [
    ['form-user-nome', messages.profileName, user.nome],
    ['form-user-cognome', messages.profileSurname, user.cognome],
    ['form-user-cod-fisc', messages.profileTaxCode, user.cod_fisc],
  ];
  return (
    <Card withBorder radius="md" padding="md" data-testid="form-user-data">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {formMessages.formUserDataTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {fields.map(([id, label, value]) => (
            <TextInput key={id} id={id} label={label} value={value} readOnly variant="filled" />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

export function FormIntro({ declaration, user }: { declaration: Pick<FormCore, 'intro'>; user: FormUser }) {
  const { tutorialSlug, documentationGroup, showUserData } = declaration.intro;
  if (!tutorialSlug && !documentationGroup && !showUserData) return null;
  return (
    <Stack gap="md">
      {tutorialSlug && <TutorialBanner slug={tutorialSlug} />}
      {documentationGroup && <DocumentationLinks group={documentationGroup} />}
      {showUserData && <UserData user={user} />}
    </Stack>
  );
}
