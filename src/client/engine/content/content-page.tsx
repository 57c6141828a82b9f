/**
 * The content engine (ARCHITECTURE.md §4 "Content pages"; spec 002 §2.7): renders a page of
 * config/content-pages by its route name, block by block. No page has a screen of its own.
 */
import { Container, Stack, Text, Title } from '@mantine/core';
import { findContentPage, type ContentBlock, type ContentRouteName } from '../../../../config/content-pages';
import { ArticlesBlock } from './articles-block';
import { FaqFrameBlock } from './faq-frame-block';
import { LegalTableBlock } from './legal-table-block';
import { LinkGroupsBlock } from './link-groups-block';
import { VideosBlock } from './videos-block';

export interface ContentPageScreenProps {
  readonly route: ContentRouteName;
  /** site-documentazione: the group opened on arrival (`group_to_show`). */
  readonly groupToShow?: string;
}

function Block({ block, groupToShow }: { block: ContentBlock; groupToShow?: string }) {
  switch (block.kind) {
    case 'articles':
      return <ArticlesBlock text={block.text} />;
    case 'legal-table':
      return <LegalTableBlock caption={block.caption} rows={block.rows} />;
    case 'link-groups':
      return <LinkGroupsBlock groups={block.groups} groupToShow={groupToShow} />;
    case 'videos':
      return <VideosBlock />;
    case 'faq-frame':
      return <FaqFrameBlock title={block.title} />;
  }
}

export function ContentPageScreen({ route, groupToShow }: ContentPageScreenProps) {
  const page = findContentPage(route);
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} data-testid={`content-page-${route}`}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {page.title}
          </Title>
          {page.description && <Text c="dimmed">{page.description}</Text>}
        </Stack>
        {page.blocks.map((block, index) => (
          <Block key={index} block={block} groupToShow={groupToShow} />
        ))}
      </Stack>
    </Container>
  );
}
