/** A page around a declared showcase: its title, an optional intro, and the grid (engine/showcase). */
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShowcaseDeclaration } from '../../../../config/showcases/types';
import { ShowcaseGrid } from '../../engine/showcase';
import { DocumentationLink } from './documentation-link';

export interface ShowcaseScreenProps {
  title: string;
  intro?: string;
  declaration: ShowcaseDeclaration;
  params?: Readonly<Record<string, string>>;
  /** The site-documentazione group linked from the page (001 §2: `fringe-app` for the voucher pages). */
  documentation?: string;
  children?: ReactNode;
}

export function ShowcaseScreen({
  title,
  intro,
  declaration,
  params,
  documentation,
  children,
}: ShowcaseScreenProps) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && <Text>{intro}</Text>}
        {documentation && <DocumentationLink group={documentation} />}
        {children}
        <ShowcaseGrid declaration={declaration} {...(params ? { params } : {})} />
      </Stack>
    </Container>
  );
}
