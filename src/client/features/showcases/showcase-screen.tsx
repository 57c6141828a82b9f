/** A page around a declared showcase: its title, an optional intro, and the grid (engine/showcase). */
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ShowcaseDeclaration } from '../../../../config/showcases/types';
import { ShowcaseGrid } from '../../engine/showcase';

export interface ShowcaseScreenProps {
  title: string;
  intro?: string;
  declaration: ShowcaseDeclaration;
  params?: Readonly<Record<string, string>>;
  children?: ReactNode;
}

export function ShowcaseScreen({ title, intro, declaration, params, children }: ShowcaseScreenProps) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && <Text>{intro}</Text>}
        {children}
        <ShowcaseGrid declaration={declaration} {...(params ? { params } : {})} />
      </Stack>
    </Container>
  );
}
